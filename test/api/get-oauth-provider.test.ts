import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { findProvider, OAUTH_PROVIDER_SLUGS } from '../../server/domain/providers/catalog.js';
import {
  apiEngines,
  createTeamWithKey,
  createUser,
  expectDetail,
  expectStatus,
  expectValidation,
  LINK_TOKEN_HEADER,
  teamApi,
  useApiServer,
  type TeamSchemas,
} from './helpers.js';

type ProviderLinkDetail = TeamSchemas['ProviderLinkDetail'];
type LinkToken = TeamSchemas['LinkToken'];

const TEN_MINUTES_MS = 10 * 60 * 1000;

describe.each(apiEngines)('getOAuthProvider (GET /v2/link/provider/oauth/{oauth_provider}) on %s', (_label, engine) => {
  const ctx = useApiServer(engine);
  const detail = (provider: string, linkToken?: string, key?: string) => {
    const call = teamApi(ctx.server, key).get(`/v2/link/provider/oauth/${provider}`);
    return linkToken === undefined ? call : call.set(LINK_TOKEN_HEADER, linkToken);
  };
  const linkToken = async (body: Record<string, unknown> = {}, key?: string) => {
    const user = await createUser(ctx.server, {}, key);
    const token = expectStatus<LinkToken>(await teamApi(ctx.server, key).post('/v2/link/token').send({ user_id: user.user_id, ...body }), 200);
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

  it("when the token is another team's, then 401 for this team, and it still works for its own team", async () => {
    const other = await createTeamWithKey(ctx.server);
    const { token } = await linkToken({}, other.apiKey);
    expectDetail(await detail('oura', token), 401, 'Invalid link token: it is unknown, expired or already used.');
    expect(expectStatus<ProviderLinkDetail>(await detail('oura', token, other.apiKey), 200).oauth_url).not.toBeNull();
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
