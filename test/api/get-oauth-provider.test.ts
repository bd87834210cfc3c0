import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { findProvider, OAUTH_PROVIDER_SLUGS } from '../../server/domain/providers/catalog.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, LINK_TOKEN_HEADER, useApiApp, type TeamSchemas } from './helpers.js';

type ProviderLinkDetail = TeamSchemas['ProviderLinkDetail'];
type LinkToken = TeamSchemas['LinkToken'];

const TEN_MINUTES_MS = 10 * 60 * 1000;

describe.each(apiEngines)('getOAuthProvider (GET /v2/link/provider/oauth/{oauth_provider}) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const detail = (provider: string, linkToken?: string, key?: string) => {
    const call = ctx.team(key).get(`/v2/link/provider/oauth/${provider}`);
    return linkToken === undefined ? call : call.set(LINK_TOKEN_HEADER, linkToken);
  };
  const tokenOnly = (provider: string, token: string) => request(ctx.server.team).get(`/v2/link/provider/oauth/${provider}`).set(LINK_TOKEN_HEADER, token);
  const linkToken = async (body: Record<string, unknown> = {}, key?: string) => {
    const user = await ctx.newUser({}, key);
    const token = expectStatus<LinkToken>(await ctx.team(key).post('/v2/link/token').send({ user_id: user.user_id, ...body }), 200);
    return { user, token: token.link_token };
  };

  it.each(OAUTH_PROVIDER_SLUGS)('when %s is read without a link token, then it answers its catalog detail with oauth_url null', async (slug) => {
    const provider = findProvider(slug)!;
    expect(expectStatus<ProviderLinkDetail>(await detail(slug), 200)).toEqual({
      name: provider.name,
      slug,
      description: provider.description,
      logo: provider.logo,
      id: provider.id,
      group: provider.group,
      oauth_url: null,
      auth_type: provider.auth_type,
      source_type: provider.source_type,
      is_active: provider.is_active,
      backfill_num_days: provider.backfill_num_days,
    });
  });

  it('when read with a link token, then oauth_url is the consent page for the token', async () => {
    const { token } = await linkToken();
    const answered = expectStatus<ProviderLinkDetail>(await detail('oura', token), 200);
    expect(answered.oauth_url).toBe(`${ctx.server.teamUrl}/link/oauth/oura/authorize?state=${token}`);
  });

  it('when a token issued without a provider is used, then it works for every OAuth provider', async () => {
    const { token } = await linkToken();
    for (const slug of ['fitbit', 'strava', 'whoop_v2']) {
      expect(expectStatus<ProviderLinkDetail>(await detail(slug, token), 200).oauth_url).toContain(`/link/oauth/${slug}/authorize?state=${token}`);
    }
  });

  it('when reading the detail, then the token is not used up', async () => {
    const { token } = await linkToken({ provider: 'oura' });
    expectStatus(await detail('oura', token), 200);
    expect(expectStatus<ProviderLinkDetail>(await detail('oura', token), 200).oauth_url).not.toBeNull();
  });

  it('when the token was issued for another provider, then 401 naming both', async () => {
    const { token } = await linkToken({ provider: 'fitbit' });
    expectDetail(await detail('oura', token), 401, 'Invalid link token: it was issued for fitbit, not oura.');
    expect(expectStatus<ProviderLinkDetail>(await detail('fitbit', token), 200).oauth_url).not.toBeNull();
  });

  it('when the token has expired (10 minutes), then 401', async () => {
    const start = new Date('2031-03-04T05:06:07Z');
    ctx.server.setNow(start);
    const { token } = await linkToken();
    ctx.server.setNow(new Date(start.getTime() + TEN_MINUTES_MS - 1));
    expectStatus(await detail('oura', token), 200);
    ctx.server.setNow(new Date(start.getTime() + TEN_MINUTES_MS));
    expectDetail(await detail('oura', token), 401, 'Invalid link token: it is unknown, expired or already used.');
  });

  it('when the token was used up by a connection, then 401', async () => {
    const { token } = await linkToken();
    const consent = await request(ctx.server.team).post('/link/oauth/oura/authorize').type('form').send({ state: token, decision: 'approve' });
    expect(consent.status).toBe(200);
    expectDetail(await detail('oura', token), 401, 'Invalid link token: it is unknown, expired or already used.');
  });

  it("when the key and the token are of different teams, then 401 (the token is not this team's), and the token still works with its own team's key and alone", async () => {
    const other = await ctx.otherTeam();
    const { token } = await linkToken({}, other.apiKey);
    expectDetail(await detail('oura', token), 401, 'Invalid link token: it belongs to another team than the API key.');
    expect(expectStatus<ProviderLinkDetail>(await detail('oura', token, other.apiKey), 200).oauth_url).not.toBeNull();
    expect(expectStatus<ProviderLinkDetail>(await tokenOnly('oura', token), 200).oauth_url).not.toBeNull();
  });

  describe('with a link token alone (no API key), as the link widget calls it', () => {
    it('when the token is valid, then 200 with the catalog detail and oauth_url the consent page of the token', async () => {
      const { token } = await linkToken();
      const answered = expectStatus<ProviderLinkDetail>(await tokenOnly('oura', token), 200);
      expect(answered).toEqual(expectStatus<ProviderLinkDetail>(await detail('oura', token), 200));
      expect(answered.oauth_url).toBe(`${ctx.server.teamUrl}/link/oauth/oura/authorize?state=${token}`);
    });

    it("when another team's token is used alone, then its consent connects that team's user only", async () => {
      const other = await ctx.otherTeam();
      const { user: theirs, token } = await linkToken({}, other.apiKey);
      const mine = await ctx.newUser();
      const answered = expectStatus<ProviderLinkDetail>(await tokenOnly('oura', token), 200);
      const consent = await request(ctx.server.team).post(new URL(answered.oauth_url!).pathname).type('form').send({ state: token, decision: 'approve' });
      expect(consent.status).toBe(200);
      expect((await ctx.readUser(theirs.user_id, other.apiKey)).connected_sources.map((source) => source.provider.slug)).toEqual(['oura']);
      expect((await ctx.readUser(mine.user_id)).connected_sources).toEqual([]);
    });

    it('when the token is unknown, expired or used, then 401', async () => {
      expectDetail(await tokenOnly('oura', 'lt_00000000000000000000000000000000'), 401, 'Invalid link token: it is unknown, expired or already used.');
      const start = new Date('2031-03-04T05:06:07Z');
      ctx.server.setNow(start);
      const { token } = await linkToken();
      ctx.server.setNow(new Date(start.getTime() + TEN_MINUTES_MS));
      expectDetail(await tokenOnly('oura', token), 401, 'Invalid link token: it is unknown, expired or already used.');
    });

    it('when the token was issued for another provider, then 401 naming both', async () => {
      const { token } = await linkToken({ provider: 'fitbit' });
      expectDetail(await tokenOnly('oura', token), 401, 'Invalid link token: it was issued for fitbit, not oura.');
    });

    it('when a valid token comes with an unknown key, then 401 for the key (a key that is sent must be valid)', async () => {
      const { token } = await linkToken();
      expectDetail(await detail('oura', token, 'sk_us_not_a_real_key_000000000000000'), 401, 'Invalid API key.');
    });

    it('when neither a key nor a token is sent, then 401 naming both credentials', async () => {
      expectDetail(
        await request(ctx.server.team).get('/v2/link/provider/oauth/oura'),
        401,
        'Missing credentials. Send your team API key in the x-vital-api-key header, or a link token in the x-vital-link-token header.',
      );
    });

    it('when a valid token is sent alone to an operation that does not list it (providers, users), then 401 asking for the key', async () => {
      const { user, token } = await linkToken();
      const missing = 'Missing API key. Send your team API key in the x-vital-api-key header.';
      expectDetail(await request(ctx.server.team).get('/v2/providers').set(LINK_TOKEN_HEADER, token), 401, missing);
      expectDetail(await request(ctx.server.team).get(`/v2/user/${user.user_id}`).set(LINK_TOKEN_HEADER, token), 401, missing);
    });
  });

  it('when the token is unknown, then 401', async () => {
    expectDetail(await detail('oura', 'lt_00000000000000000000000000000000'), 401);
  });

  it('when the token header is empty, then it is as if none was sent', async () => {
    expect(expectStatus<ProviderLinkDetail>(await detail('oura', ''), 200).oauth_url).toBeNull();
  });

  it.each(['apple_health_kit', 'whoop', 'renpho', 'facebook'])('when %s (not an OAuth provider) is asked for, then 422 on ["path", "oauth_provider"]', async (slug) => {
    expectValidation(await detail(slug), [{ loc: ['path', 'oauth_provider'], type: 'enum' }]);
  });
});
