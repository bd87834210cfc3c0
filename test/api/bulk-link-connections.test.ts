import { describe, expect, it } from 'vitest';
import { EXPORT_PAGE_SIZE } from '../../server/domain/connections/export.js';
import { syncDueWindows } from '../../server/jobs/data-sync/sync.js';
import { findDataWindows } from '../../server/storage/repositories/data-windows.js';
import { setLinkMigrationEnabled } from '../../server/storage/repositories/teams.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

type Connection = TeamSchemas['ProviderWithStatus'];
type PauseReport = TeamSchemas['BulkPauseConnectionsResponse'];
type ExportPage = TeamSchemas['BulkExportConnectionsResponse'];
/** The export tests make more than a page of connections through the API (hundreds of requests). */
const MANY_CONNECTIONS_TIMEOUT_MS = 60_000;
/** An id of no user, with letters (so that its upper-case spelling differs). */
const LETTERED_ID = 'abcdef00-0000-4000-8000-00000000abcd';

describe.each(apiEngines)('bulkPauseConnections (POST /v2/link/bulk_pause) on %s', (_label, engine) => {
  const ctx = useApiApp(engine, {}, { bulkPullWorker: { pollMs: 20 } });
  const enable = () => setLinkMigrationEnabled(ctx.server.db, { team_id: ctx.server.teamId, enabled: true });
  const pause = (body: object, key?: string | null) => ctx.team(key).post('/v2/link/bulk_pause').send(body);
  const providersOf = async (userId: string, key?: string) => expectStatus<{ providers: Connection[] }>(await ctx.team(key).get(`/v2/user/providers/${userId}`), 200).providers;
  const eventCount = async (userId: string, like: string) =>
    (await ctx.server.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE event_type LIKE $1 AND payload->>'user_id' = $2`, [like, userId]))!.n;

  it('when connections are paused, then each is paused without error or event, its window ends, the sync skips it, and the report lists every id once in request order', async () => {
    await enable();
    const a = await ctx.connectedUser('oura');
    const b = await ctx.connectedUser('oura');
    const none = await ctx.newUser();
    const broken = await ctx.connectedUser('oura');
    expectStatus(await ctx.team().post(`/v2/user/${broken.user_id}/oura/simulate_error`).send({ error_type: 'token_refresh_failed' }), 200);
    const errorEvents = await eventCount(broken.user_id, 'provider.connection.error');
    const report = expectStatus<PauseReport>(await pause({ user_ids: [b.user_id.toUpperCase(), none.user_id, broken.user_id, a.user_id, UNKNOWN_ID], provider: 'oura' }), 200);
    expect(report).toEqual({ user_ids_paused: [b.user_id, a.user_id], user_ids_in_error: [broken.user_id], user_ids_not_connected: [none.user_id, UNKNOWN_ID] });
    expect((await providersOf(a.user_id))[0]).toMatchObject({ slug: 'oura', status: 'paused', error_details: null });
    expect((await providersOf(broken.user_id))[0]).toMatchObject({ status: 'error', error_details: { error_type: 'token_refresh_failed' } });
    expect(await eventCount(broken.user_id, 'provider.connection.error')).toBe(errorEvents);
    expect(await eventCount(a.user_id, 'provider.connection.error')).toBe(0);
    const [window] = await findDataWindows(ctx.server.db, { team_id: ctx.server.teamId, user_id: a.user_id, provider: 'oura' });
    expect(window?.ended_at).not.toBeNull();
    const before = await eventCount(a.user_id, 'daily.data.%');
    await syncDueWindows(ctx.server.db, { now: () => new Date(Date.now() + 6 * 3_600_000), intervalMs: 0, batchSize: 50 });
    expect(await eventCount(a.user_id, 'daily.data.%')).toBe(before);
    expect(expectStatus<PauseReport>(await pause({ user_ids: [a.user_id], provider: 'oura' }), 200).user_ids_paused).toEqual([a.user_id]);
  });

  it('when a paused connection is in a bulk pull, then the pull names it unavailable; a fresh link resumes it with provider.connection.created', async () => {
    await enable();
    const user = await ctx.connectedUser('withings');
    expectStatus(await pause({ user_ids: [user.user_id], provider: 'withings' }), 200);
    const answered = expectStatus<TeamSchemas['BulkTriggerHistoricalPullResponse']>(
      await ctx.team().post('/v2/link/bulk_trigger_historical_pull').send({ user_ids: [user.user_id], provider: 'withings', wait_for_completion: true }),
      200,
    );
    expect(answered.unavailable_connections).toEqual([expect.objectContaining({ user_id: user.user_id, status: 'paused' })]);
    const created = await eventCount(user.user_id, 'provider.connection.created');
    await ctx.connect(user.user_id, 'withings');
    expect((await providersOf(user.user_id))[0]).toMatchObject({ status: 'connected' });
    expect(await eventCount(user.user_id, 'provider.connection.created')).toBe(created + 1);
  });

  it("when another team's user is named, then it is not connected for this team, and its connection stays as it was", async () => {
    await enable();
    const { other, theirs } = await ctx.otherTeamsUser();
    await ctx.connect(theirs.user_id, 'oura', other.apiKey);
    expect(expectStatus<PauseReport>(await pause({ user_ids: [theirs.user_id], provider: 'oura' }), 200)).toEqual({ user_ids_paused: [], user_ids_in_error: [], user_ids_not_connected: [theirs.user_id] });
    expect((await providersOf(theirs.user_id, other.apiKey))[0]).toMatchObject({ status: 'connected' });
  });

  it('when the request is refused, then nothing pauses: link migration off is 403; a repeated id, another team id, an empty list, too many ids, a provider without OAuth are 422', async () => {
    const user = await ctx.connectedUser('oura');
    const other = await ctx.otherTeam();
    expectDetail(await pause({ user_ids: [user.user_id], provider: 'oura' }, other.apiKey), 403, /not enabled/);
    await enable();
    expectValidation(await pause({ user_ids: [user.user_id, user.user_id.toUpperCase()], provider: 'oura' }), [{ loc: ['body', 'user_ids', 1], type: 'unique_items' }]);
    expectValidation(await ctx.team().post(`/v2/link/bulk_pause?team_id=${other.team.id}`).send({ user_ids: [user.user_id], provider: 'oura' }), [{ loc: ['query', 'team_id'] }]);
    expectValidation(await pause({ user_ids: [], provider: 'oura' }), [{ loc: ['body', 'user_ids'] }]);
    expectValidation(await pause({ user_ids: Array.from({ length: 1001 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`), provider: 'oura' }), [{ loc: ['body', 'user_ids'] }]);
    expectValidation(await pause({ user_ids: [user.user_id], provider: 'renpho' }), [{ loc: ['body', 'provider'], type: 'enum' }]);
    expect((await providersOf(user.user_id))[0]).toMatchObject({ status: 'connected' });
  });
});

describe.each(apiEngines)('bulkExportConnections (POST /v2/link/bulk_export) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const enable = () => setLinkMigrationEnabled(ctx.server.db, { team_id: ctx.server.teamId, enabled: true });
  const exportPage = (body: object, key?: string | null) => ctx.team(key).post('/v2/link/bulk_export').send(body);

  it('when every connection of a provider is exported, then pages of 100, oldest first, each connection once, the same recipes every time, none of another provider or team', async () => {
    await enable();
    const users: string[] = [];
    for (let batch = 0; batch < 6; batch += 1) {
      users.push(...(await Promise.all(Array.from({ length: 18 }, async () => (await ctx.connectedUser('strava')).user_id))));
    }
    await ctx.connectedUser('oura');
    const { other, theirs } = await ctx.otherTeamsUser();
    await ctx.connect(theirs.user_id, 'strava', other.apiKey);
    const first = expectStatus<ExportPage>(await exportPage({ provider: 'strava' }), 200);
    expect(first.data).toHaveLength(EXPORT_PAGE_SIZE);
    expect(first.next_token).toEqual(expect.any(String));
    const late = await ctx.connectedUser('strava');
    const second = expectStatus<ExportPage>(await exportPage({ provider: 'strava', next_token: first.next_token }), 200);
    expect(second.next_token).toBeNull();
    const exported = [...first.data, ...second.data].map((r) => r.user_id);
    expect(exported.sort()).toEqual([...users, late.user_id].sort());
    const recipe = first.data[0]!;
    expect(recipe).toMatchObject({ access_token: expect.stringMatching(/^sbx_at_[0-9a-f]{32}$/), refresh_token: expect.stringMatching(/^sbx_rt_[0-9a-f]{32}$/), provider_id: expect.stringMatching(/^strava-/), expires_at: expect.any(Number), oauth_scopes: expect.arrayContaining(['workouts']) });
    const again = expectStatus<ExportPage>(await exportPage({ provider: 'strava', user_ids: [recipe.user_id.toUpperCase()] }), 200);
    expect(again).toEqual({ data: [recipe], next_token: null });
    expect(new Set([...first.data, ...second.data].map((r) => r.access_token)).size).toBe(exported.length);
    expect(expectStatus<ExportPage>(await exportPage({ provider: 'strava', user_ids: [theirs.user_id] }), 200).data).toEqual([]);
  }, MANY_CONNECTIONS_TIMEOUT_MS);

  it('when a next_token is sent with another query, by another team, or made up, then 422 at ["body", "next_token"]', async () => {
    await enable();
    for (let i = 0; i < EXPORT_PAGE_SIZE + 1; i += 20) await Promise.all(Array.from({ length: 20 }, () => ctx.connectedUser('polar')));
    const first = expectStatus<ExportPage>(await exportPage({ provider: 'polar' }), 200);
    expect(first.next_token).not.toBeNull();
    expectValidation(await exportPage({ provider: 'polar', next_token: first.next_token, user_ids: [UNKNOWN_ID] }), [{ loc: ['body', 'next_token'] }]);
    expectValidation(await exportPage({ provider: 'oura', next_token: first.next_token }), [{ loc: ['body', 'next_token'] }]);
    expectValidation(await exportPage({ provider: 'polar', next_token: 'bm90IGEgdG9rZW4' }), [{ loc: ['body', 'next_token'] }]);
    const other = await ctx.otherTeam();
    await setLinkMigrationEnabled(ctx.server.db, { team_id: other.team.id, enabled: true });
    expectValidation(await exportPage({ provider: 'polar', next_token: first.next_token }, other.apiKey), [{ loc: ['body', 'next_token'] }]);
  }, MANY_CONNECTIONS_TIMEOUT_MS);

  it('when link migration is off, then 403; a provider without OAuth, too many ids or a repeated id are 422', async () => {
    const other = await ctx.otherTeam();
    expectDetail(await exportPage({ provider: 'oura' }, other.apiKey), 403, /not enabled/);
    await enable();
    expectValidation(await exportPage({ provider: 'apple_health_kit' }), [{ loc: ['body', 'provider'], type: 'enum' }]);
    expectValidation(await exportPage({ provider: 'oura', user_ids: [LETTERED_ID, LETTERED_ID.toUpperCase()] }), [{ loc: ['body', 'user_ids', 1], type: 'unique_items' }]);
    expectValidation(await exportPage({ provider: 'oura', user_ids: Array.from({ length: 1001 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) }), [{ loc: ['body', 'user_ids'] }]);
  });
});
