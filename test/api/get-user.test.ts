import { describe, expect, it } from 'vitest';
import { createConnection } from '../../server/storage/repositories/connections.js';
import { PROVIDERS } from '../../server/domain/providers/catalog.js';
import { ISO_TIMESTAMP } from '../storage/helpers.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

describe.each(apiEngines)('getUser (GET /v2/user/{user_id}) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  it('when a user is read, then it answers the user record as created', async () => {
    const created = await ctx.newUser({ fallback_time_zone: 'America/New_York', ingestion_start: '2026-01-01' });
    const read = expectStatus<TeamSchemas['ClientFacingUser']>(await ctx.team().get(`/v2/user/${created.user_id}`), 200);
    expect(read).toEqual(created);
  });

  it('when the user is connected to providers, then connected_sources lists each with the catalog name and logo', async () => {
    const user = await ctx.connectedUser('oura');
    await ctx.connect(user.user_id, 'apple_health_kit');
    const read = expectStatus<TeamSchemas['ClientFacingUser']>(await ctx.team().get(`/v2/user/${user.user_id}`), 200);
    const bySlug = new Map(PROVIDERS.map((provider) => [provider.slug, provider]));
    expect(read.connected_sources.map((source) => source.provider.slug).sort()).toEqual(['apple_health_kit', 'oura']);
    for (const { created_on, provider, source } of read.connected_sources) {
      // `source` is the deprecated copy of `provider`.
      expect(source).toEqual(provider);
      expect(created_on).toMatch(ISO_TIMESTAMP);
      expect(source).toEqual({ name: bySlug.get(source.slug)?.name, slug: source.slug, logo: bySlug.get(source.slug)?.logo });
    }
  });

  it('when a connection was stored for a provider no longer in the catalog, then it is still shown, by its slug', async () => {
    const user = await ctx.newUser();
    await createConnection(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id, provider: 'retired_provider', source_type: 'device' });
    const read = expectStatus<TeamSchemas['ClientFacingUser']>(await ctx.team().get(`/v2/user/${user.user_id}`), 200);
    const retired = { name: 'retired_provider', slug: 'retired_provider', logo: '' };
    expect(read.connected_sources).toEqual([{ created_on: expect.stringMatching(ISO_TIMESTAMP), provider: retired, source: retired }]);
  });

  it('when the user id is written in upper case, then it is the same user', async () => {
    const user = await ctx.newUser();
    expect(expectStatus<TeamSchemas['ClientFacingUser']>(await ctx.team().get(`/v2/user/${user.user_id.toUpperCase()}`), 200).user_id).toBe(user.user_id);
  });

  it('when no user has the id, then 404 naming it', async () => {
    expectDetail(await ctx.team().get(`/v2/user/${UNKNOWN_ID}`), 404, `User ${UNKNOWN_ID} not found.`);
  });

  it("when the user is another team's, then 404 exactly as for an unknown id", async () => {
    const { other, theirs } = await ctx.otherTeamsUser();
    expectDetail(await ctx.team().get(`/v2/user/${theirs.user_id}`), 404, `User ${theirs.user_id} not found.`);
    expectStatus(await ctx.team(other.apiKey).get(`/v2/user/${theirs.user_id}`), 200);
  });

  it('when the id is not a UUID, then 422 on ["path", "user_id"]', async () => {
    expectValidation(await ctx.team().get('/v2/user/12345'), [{ loc: ['path', 'user_id'], type: 'format' }]);
  });
});
