import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { hashSecret } from '../../server/domain/credentials/secrets.js';
import { listConnections } from '../../server/storage/repositories/connections.js';
import { findActiveLinkToken } from '../../server/storage/repositories/link-tokens.js';
import { apiEngines, expectStatus, LINK_TOKEN_HEADER, useApiApp, type TeamSchemas } from './helpers.js';

type LinkToken = TeamSchemas['LinkToken'];

const TEN_MINUTES_MS = 10 * 60 * 1000;

/** The local OAuth consent page that `oauth_url` points at: GET shows it, POST approves or denies. */
describe.each(apiEngines)('link consent page (GET/POST /link/oauth/{provider}/authorize) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const page = (provider: string, state: string) => request(ctx.server.team).get(`/link/oauth/${provider}/authorize`).query({ state });
  const decide = (provider: string, state: string, decision: 'approve' | 'deny') =>
    request(ctx.server.team).post(`/link/oauth/${provider}/authorize`).type('form').send({ state, decision });
  const linkToken = async (body: Record<string, unknown> = {}, key?: string) => {
    const user = await ctx.newUser({}, key);
    const token = expectStatus<LinkToken>(await ctx.team(key).post('/v2/link/token').send({ user_id: user.user_id, ...body }), 200);
    return { user, token: token.link_token };
  };
  const tokenIsActive = async (token: string) => (await findActiveLinkToken(ctx.server.db, { token_hash: hashSecret(token), now: new Date().toISOString() })) !== null;
  const connectedSlugs = async (userId: string, key?: string) => (await ctx.readUser(userId, key)).connected_sources.map((source) => source.source.slug);

  it('when the oauth_url of the link detail is opened, then the consent page names the provider and asks to approve or deny', async () => {
    const { token } = await linkToken();
    const detail = await ctx.team().get('/v2/link/provider/oauth/oura').set(LINK_TOKEN_HEADER, token);
    const url = new URL((detail.body as TeamSchemas['ProviderLinkDetail']).oauth_url!);
    const shown = await request(ctx.server.team).get(url.pathname + url.search);
    expect(shown.status).toBe(200);
    expect(shown.headers['content-type']).toMatch(/^text\/html/);
    expect(shown.text).toContain('Connect Oura');
    expect(shown.text).toContain('value="approve"');
    expect(shown.text).toContain('value="deny"');
    expect(await tokenIsActive(token)).toBe(true);
  });

  it('when the user approves, then the connection is made, shown on the user record, and the token is used up', async () => {
    const { user, token } = await linkToken();
    const approved = await decide('oura', token, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.text).toContain('Oura is connected');
    expect(await connectedSlugs(user.user_id)).toEqual(['oura']);
    expect(await listConnections(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id })).toEqual([
      expect.objectContaining({ provider: 'oura', source_type: 'device', connect_mode: null }),
    ]);
    expect(await tokenIsActive(token)).toBe(false);
    expect((await ctx.team().get('/v2/link/provider/oauth/oura').set(LINK_TOKEN_HEADER, token)).status).toBe(401);
  });

  it('when the token is used a second time, then 400 and nothing changes', async () => {
    const { user, token } = await linkToken();
    expect((await decide('oura', token, 'approve')).status).toBe(200);
    expect((await decide('oura', token, 'approve')).status).toBe(400);
    expect((await page('oura', token)).status).toBe(400);
    const { token: second } = await linkToken();
    expect((await decide('fitbit', token, 'approve')).status).toBe(400);
    expect(await connectedSlugs(user.user_id)).toEqual(['oura']);
    expect(await tokenIsActive(second)).toBe(true);
  });

  it('when the user denies, then no connection is made and the link flow is over', async () => {
    const { user, token } = await linkToken();
    const denied = await decide('oura', token, 'deny');
    expect(denied.status).toBe(200);
    expect(denied.text).toContain('was not connected');
    expect(await connectedSlugs(user.user_id)).toEqual([]);
    expect(await tokenIsActive(token)).toBe(false);
  });

  it('when the token has a redirect URL, then approving redirects to it with state=success and the provider', async () => {
    const { user, token } = await linkToken({ redirect_url: 'https://app.example.com/connected?session=42' });
    const approved = await decide('withings', token, 'approve');
    expect(approved.status).toBe(303);
    const location = new URL(approved.headers.location ?? '');
    expect(location.origin + location.pathname).toBe('https://app.example.com/connected');
    expect(Object.fromEntries(location.searchParams)).toEqual({ session: '42', state: 'success', provider: 'withings' });
    expect(await connectedSlugs(user.user_id)).toEqual(['withings']);
  });

  it('when the token has a redirect URL, then denying redirects to it with state=error', async () => {
    const { user, token } = await linkToken({ redirect_url: 'https://app.example.com/connected' });
    const denied = await decide('oura', token, 'deny');
    expect(denied.status).toBe(303);
    expect(Object.fromEntries(new URL(denied.headers.location ?? '').searchParams)).toEqual({ state: 'error', provider: 'oura' });
    expect(await connectedSlugs(user.user_id)).toEqual([]);
  });

  it('when a token issued for another provider is used, then 400, nothing is connected, and the token still works for its provider', async () => {
    const { user, token } = await linkToken({ provider: 'fitbit' });
    expect((await page('oura', token)).status).toBe(400);
    expect((await decide('oura', token, 'approve')).status).toBe(400);
    expect(await connectedSlugs(user.user_id)).toEqual([]);
    expect(await tokenIsActive(token)).toBe(true);
    expect((await decide('fitbit', token, 'approve')).status).toBe(200);
    expect(await connectedSlugs(user.user_id)).toEqual(['fitbit']);
  });

  it('when the token has expired (10 minutes), then both the page and the decision are 400 and nothing is connected', async () => {
    const start = new Date('2031-03-04T05:06:07Z');
    ctx.server.setNow(start);
    const { user, token } = await linkToken();
    ctx.server.setNow(new Date(start.getTime() + TEN_MINUTES_MS + 1000));
    expect((await page('oura', token)).status).toBe(400);
    expect((await decide('oura', token, 'approve')).status).toBe(400);
    expect(await connectedSlugs(user.user_id)).toEqual([]);
  });

  it("when another team's token is used, then the connection is made for that team's user only", async () => {
    const other = await ctx.otherTeam();
    const { user, token } = await linkToken({}, other.apiKey);
    expect((await decide('polar', token, 'approve')).status).toBe(200);
    expect(await connectedSlugs(user.user_id, other.apiKey)).toEqual(['polar']);
    expect((await ctx.team().get(`/v2/user/${user.user_id}`)).status).toBe(404);
  });

  it.each(['apple_health_kit', 'renpho', 'no_such_provider'])('when the page of %s (not an OAuth provider) is opened, then 400 and nothing is connected', async (slug) => {
    const { user, token } = await linkToken();
    expect((await page(slug, token)).status).toBe(400);
    expect((await decide(slug, token, 'approve')).status).toBe(400);
    expect(await connectedSlugs(user.user_id)).toEqual([]);
    expect(await tokenIsActive(token)).toBe(true);
  });

  it('when the state is missing or unknown, then 400', async () => {
    expect((await request(ctx.server.team).get('/link/oauth/oura/authorize')).status).toBe(400);
    expect((await decide('oura', 'lt_unknown', 'approve')).status).toBe(400);
    expect((await request(ctx.server.team).post('/link/oauth/oura/authorize').type('form').send({ decision: 'approve' })).status).toBe(400);
  });

  it('when the user is already connected to the provider, then approving keeps the one connection', async () => {
    const { user, token } = await linkToken();
    await ctx.team().post('/v2/link/connect/demo').send({ user_id: user.user_id, provider: 'oura' });
    const before = await listConnections(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id });
    expect((await decide('oura', token, 'approve')).status).toBe(200);
    expect(await listConnections(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id })).toEqual(before);
  });
});
