import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { hashSecret } from '../../server/domain/credentials/secrets.js';
import { findActiveLinkToken } from '../../server/storage/repositories/link-tokens.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

type LinkToken = TeamSchemas['LinkToken'];

const TEN_MINUTES_MS = 10 * 60 * 1000;

describe.each(apiEngines)('createLinkToken (POST /v2/link/token) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const create = (body: unknown, key?: string) => ctx.team(key).post('/v2/link/token').send(body as object);

  it('when a token is created, then it answers a one-time token valid 10 minutes from the server time, with its web URL', async () => {
    const user = await ctx.newUser();
    const now = new Date('2031-01-02T03:04:05.678Z');
    ctx.server.setNow(now);
    const answered = expectStatus<LinkToken>(await create({ user_id: user.user_id }), 200);
    expect(answered).toEqual({
      link_token: expect.stringMatching(/^lt_[0-9a-f]{32}$/),
      link_web_url: `${ctx.server.teamUrl}/link?token=${answered.link_token}`,
      expires_at: new Date(now.getTime() + TEN_MINUTES_MS).toISOString(),
    });
  });

  it('when the link widget options the official SDK can send are given (filter_on_providers, on_error, on_close), then the token is created as without them', async () => {
    const user = await ctx.newUser();
    const options = { filter_on_providers: ['oura', 'garmin'], on_error: 'redirect', on_close: 'redirect' };
    const answered = expectStatus<LinkToken>(await create({ user_id: user.user_id, redirect_url: 'https://app.example.com/done', ...options }), 200);
    const stored = await findActiveLinkToken(ctx.server.db, { token_hash: hashSecret(answered.link_token), now: new Date().toISOString() });
    expect(stored).toMatchObject({ user_id: user.user_id, provider: null, redirect_url: 'https://app.example.com/done' });
    expectValidation(await create({ user_id: user.user_id, on_error: 'close' }), [{ loc: ['body', 'on_error'], type: 'enum' }]);
  });

  it('when a token is created, then it is stored hashed with its user, provider and redirect', async () => {
    const user = await ctx.newUser();
    const answered = expectStatus<LinkToken>(await create({ user_id: user.user_id, provider: 'oura', redirect_url: 'https://app.example.com/done?x=1' }), 200);
    const stored = await findActiveLinkToken(ctx.server.db, { token_hash: hashSecret(answered.link_token), now: new Date().toISOString() });
    expect(stored).toMatchObject({
      user_id: user.user_id,
      team_id: ctx.server.teamId,
      provider: 'oura',
      redirect_url: 'https://app.example.com/done?x=1',
      expires_at: answered.expires_at,
      used_at: null,
    });
    expect(JSON.stringify(await ctx.server.db.query('SELECT * FROM link_tokens'))).not.toContain(answered.link_token);
  });

  it('when tokens are created again, then each is a new token', async () => {
    const user = await ctx.newUser();
    const a = expectStatus<LinkToken>(await create({ user_id: user.user_id }), 200).link_token;
    const b = expectStatus<LinkToken>(await create({ user_id: user.user_id }), 200).link_token;
    expect(a).not.toBe(b);
  });

  it('when the link web URL is opened, then it lists the providers the token can connect, each linking to its consent page', async () => {
    const user = await ctx.newUser();
    const any = expectStatus<LinkToken>(await create({ user_id: user.user_id }), 200);
    const page = await request(ctx.server.team).get(new URL(any.link_web_url).pathname + new URL(any.link_web_url).search);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain(`/link/oauth/oura/authorize?state=${any.link_token}`);
    expect(page.text).toContain(`/link/oauth/fitbit/authorize?state=${any.link_token}`);

    const oura = expectStatus<LinkToken>(await create({ user_id: user.user_id, provider: 'oura' }), 200);
    const ouraPage = await request(ctx.server.team).get(`/link?token=${oura.link_token}`);
    expect(ouraPage.text).toContain(`/link/oauth/oura/authorize?state=${oura.link_token}`);
    expect(ouraPage.text).not.toContain('/link/oauth/fitbit/');
  });

  it('when the link web URL is opened with an unknown or expired token, then 400', async () => {
    const user = await ctx.newUser();
    expect((await request(ctx.server.team).get('/link?token=lt_unknown')).status).toBe(400);
    const now = new Date('2031-01-02T03:04:05Z');
    ctx.server.setNow(now);
    const { link_token } = expectStatus<LinkToken>(await create({ user_id: user.user_id }), 200);
    ctx.server.setNow(new Date(now.getTime() + TEN_MINUTES_MS));
    expect((await request(ctx.server.team).get(`/link?token=${link_token}`)).status).toBe(400);
  });

  it('when the provider is not in the catalog, then 422 on ["body", "provider"]', async () => {
    const user = await ctx.newUser();
    expectValidation(await create({ user_id: user.user_id, provider: 'myspace' }), [{ loc: ['body', 'provider'] }]);
  });

  it('when the redirect URL is not a URL, then 422 on ["body", "redirect_url"]', async () => {
    const user = await ctx.newUser();
    expectValidation(await create({ user_id: user.user_id, redirect_url: 'not a url' }), [{ loc: ['body', 'redirect_url'], type: 'format' }]);
  });

  it('when the redirect URL passes the uri format but no browser could open it (port 99999), then 422 on ["body", "redirect_url"] and no token is made', async () => {
    const user = await ctx.newUser();
    expectValidation(await create({ user_id: user.user_id, redirect_url: 'https://app.example.com:99999/done' }), [{ loc: ['body', 'redirect_url'], msg: /port up to 65535/ }]);
    expectStatus(await create({ user_id: user.user_id, redirect_url: 'https://app.example.com:65535/done' }), 200);
  });

  it('when no user has the id, then 404 and no token is stored', async () => {
    expectDetail(await create({ user_id: UNKNOWN_ID }), 404, `User ${UNKNOWN_ID} not found.`);
    expect(await ctx.server.db.query('SELECT 1 FROM link_tokens WHERE user_id = $1', [UNKNOWN_ID])).toEqual([]);
  });

  it("when the user is another team's, then 404", async () => {
    const { theirs } = await ctx.otherTeamsUser();
    expectDetail(await create({ user_id: theirs.user_id }), 404, `User ${theirs.user_id} not found.`);
  });
});
