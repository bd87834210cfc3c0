import { describe, expect, it } from 'vitest';
import { isMobileSdkProviderSlug, PROVIDERS } from '../../server/domain/providers/catalog.js';
import { listConnections } from '../../server/storage/repositories/connections.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp } from './helpers.js';

describe.each(apiEngines)('connectDemoProvider (POST /v2/link/connect/demo) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const connect = (body: unknown, key?: string) => ctx.team(key).post('/v2/link/connect/demo').send(body as object);

  it('when a user is connected to every provider of the catalog, then each is accepted and shown with its catalog name and logo', async () => {
    const user = await ctx.newUser();
    for (const provider of PROVIDERS) {
      expect(expectStatus(await connect({ user_id: user.user_id, provider: provider.slug }), 200), provider.slug).toEqual({
        success: true,
        detail: `Connected the user to ${provider.name} (demo).`,
      });
    }
    const connected = (await ctx.readUser(user.user_id)).connected_sources;
    for (const item of connected) expect(item.provider).toEqual(item.source);
    const sources = connected.map((item) => item.provider);
    expect(sources).toHaveLength(PROVIDERS.length);
    expect(new Set(sources.map((source) => source.slug))).toEqual(new Set(PROVIDERS.map((provider) => provider.slug)));
    for (const provider of PROVIDERS) {
      expect(sources).toContainEqual({ name: provider.name, slug: provider.slug, logo: provider.logo });
    }
    const stored = await listConnections(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id });
    for (const connection of stored) {
      const provider = PROVIDERS.find((candidate) => candidate.slug === connection.provider)!;
      expect(connection.source_type, connection.provider).toBe(provider.source_type);
      expect(connection.connect_mode, connection.provider).toBe(isMobileSdkProviderSlug(provider.slug) ? 'auto' : null);
    }
  }, 30_000);

  it('when the same provider is connected twice, then both calls succeed and the first connection is kept', async () => {
    const user = await ctx.newUser();
    expectStatus(await connect({ user_id: user.user_id, provider: 'oura' }), 200);
    const first = await listConnections(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id });
    expect(expectStatus(await connect({ user_id: user.user_id, provider: 'oura' }), 200)).toEqual({
      success: true,
      detail: 'The user was already connected to Oura; the connection is kept.',
    });
    expect(await listConnections(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id })).toEqual(first);
    expect((await ctx.readUser(user.user_id)).connected_sources).toHaveLength(1);
  });

  it('when a connection is made, then one provider.connection.created event is recorded for it', async () => {
    const user = await ctx.newUser();
    expectStatus(await connect({ user_id: user.user_id, provider: 'fitbit' }), 200);
    expectStatus(await connect({ user_id: user.user_id, provider: 'fitbit' }), 200);
    const events = await ctx.server.db.query<{ payload: { event_type: string; user_id: string; client_user_id: string; data: { provider: { slug: string } } } }>(
      `SELECT payload FROM events WHERE team_id = $1 AND payload->>'user_id' = $2 AND event_type LIKE 'provider.connection.%'`,
      [ctx.server.teamId, user.user_id],
    );
    expect(events.map((event) => event.payload)).toEqual([
      expect.objectContaining({ event_type: 'provider.connection.created', user_id: user.user_id, client_user_id: user.client_user_id, data: expect.objectContaining({ provider: expect.objectContaining({ slug: 'fitbit' }) }) }),
    ]);
  });

  it('when no user has the id, then 404 and nothing is stored', async () => {
    expectDetail(await connect({ user_id: UNKNOWN_ID, provider: 'oura' }), 404, `User ${UNKNOWN_ID} not found.`);
    expect(await ctx.server.db.query('SELECT 1 FROM connections WHERE user_id = $1', [UNKNOWN_ID])).toEqual([]);
  });

  it("when the user is another team's, then 404 and that user is not connected", async () => {
    const { other, theirs } = await ctx.otherTeamsUser();
    expectDetail(await connect({ user_id: theirs.user_id, provider: 'oura' }), 404, `User ${theirs.user_id} not found.`);
    expect((await ctx.readUser(theirs.user_id, other.apiKey)).connected_sources).toEqual([]);
  });

  it('when the provider is not in the catalog, then 422 on ["body", "provider"]', async () => {
    const user = await ctx.newUser();
    expectValidation(await connect({ user_id: user.user_id, provider: 'myspace' }), [{ loc: ['body', 'provider'], type: 'enum' }]);
  });

  it('when the provider slug differs in case, then 422 (slugs are exact)', async () => {
    const user = await ctx.newUser();
    expectValidation(await connect({ user_id: user.user_id, provider: 'Oura' }), [{ loc: ['body', 'provider'] }]);
  });
});
