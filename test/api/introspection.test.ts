/**
 * Introspection (GET /v2/introspect/resources and /v2/introspect/historical_pull): every value
 * compared with the state the server stored (connections, data windows, bulk pull triggers and
 * ops), after connecting, syncing with a fixed clock, breaking a connection and pulling history;
 * paging by cursor, the filters, and isolation.
 */
import { describe, expect, it } from 'vitest';
import { introspectedResourcesFor, pulledResourcesFor } from '../../server/domain/introspection/statistics.js';
import { syncDueWindows } from '../../server/jobs/data-sync/sync.js';
import { findConnection } from '../../server/storage/repositories/connections.js';
import { findDataWindows } from '../../server/storage/repositories/data-windows.js';
import { setLinkMigrationEnabled } from '../../server/storage/repositories/teams.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

type Resources = TeamSchemas['UserResourcesResponse'];
type Pulls = TeamSchemas['UserHistoricalPullsResponse'];
const HOUR = 3_600_000;
const RESOURCES = '/v2/introspect/resources';
const PULLS = '/v2/introspect/historical_pull';
const ms = (instant: string | null | undefined) => (instant === null || instant === undefined ? null : Date.parse(instant));

describe.each(apiEngines)('getUserResources (GET /v2/introspect/resources) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const introspect = (query: Record<string, string | number>, key?: string) => ctx.team(key).get(RESOURCES).query(query);
  const sync = (at: Date) => syncDueWindows(ctx.server.db, { now: () => at, intervalMs: 0, batchSize: 50 });
  const key = (userId: string, provider: string) => ({ team_id: ctx.server.teamId, user_id: userId, provider });

  it('when a user is connected, then each resource of the provider is listed, nothing readable and no attempt before the first sync', async () => {
    const user = await ctx.connectedUser('withings');
    const page = expectStatus<Resources>(await introspect({ user_id: user.user_id }), 200);
    expect(page).toEqual({ data: [{ user_id: user.user_id, provider: { withings: expect.any(Object) } }], next_cursor: null, next: null });
    const resources = page.data[0]!.provider.withings!;
    expect(Object.keys(resources).sort()).toEqual(introspectedResourcesFor('withings').sort());
    // The family's resource names, never the timeseries paths'.
    expect(Object.keys(resources)).toContain('weight');
    expect(Object.keys(resources)).not.toContain('body_weight');
    for (const statistics of Object.values(resources)) expect(statistics).toEqual({ last_attempt: null, oldest_data: null, newest_data: null, sent_count: null });
  });

  it('when the connection synced, then the last attempt is that sync and the data span is its window, in the user time zone', async () => {
    const user = await ctx.newUser({ fallback_time_zone: 'America/New_York' });
    await ctx.connect(user.user_id, 'oura');
    const at = new Date(Date.now() + 2 * HOUR);
    await sync(at);
    const [window] = await findDataWindows(ctx.server.db, key(user.user_id, 'oura'));
    expect(ms(window!.synced_through)).toBe(at.getTime());
    const sleep = expectStatus<Resources>(await introspect({ user_id: user.user_id }), 200).data[0]!.provider.oura!.sleep!;
    expect(sleep.last_attempt).toEqual({ timestamp: expect.any(String), status: 'success' });
    expect(ms(sleep.last_attempt!.timestamp)).toBe(at.getTime());
    expect(ms(sleep.newest_data)).toBe(at.getTime());
    // The first readable day starts at midnight in New York (UTC-4 or UTC-5).
    const midnight = Date.parse(`${window!.history_start}T00:00:00Z`);
    expect([midnight + 4 * HOUR, midnight + 5 * HOUR]).toContain(ms(sleep.oldest_data));
  });

  it('when the ingestion bounds admit no day of the window, then nothing is readable although the last sync is kept', async () => {
    const user = await ctx.connectedUser('oura');
    await sync(new Date(Date.now() + HOUR));
    expectStatus(await ctx.team().patch(`/v2/user/${user.user_id}`).send({ ingestion_end: '2020-01-01' }), 200);
    const sleep = expectStatus<Resources>(await introspect({ user_id: user.user_id }), 200).data[0]!.provider.oura!.sleep!;
    expect(sleep).toMatchObject({ oldest_data: null, newest_data: null, last_attempt: { status: 'success' } });
  });

  it('when the connection is in error, then the last attempt is a failure at the time it stopped working', async () => {
    const user = await ctx.connectedUser('fitbit');
    await sync(new Date(Date.now() + HOUR));
    expectStatus(await ctx.team().post(`/v2/user/${user.user_id}/fitbit/simulate_error`).send({ error_type: 'token_refresh_failed' }), 200);
    const connection = await findConnection(ctx.server.db, key(user.user_id, 'fitbit'));
    const steps = expectStatus<Resources>(await introspect({ user_id: user.user_id }), 200).data[0]!.provider.fitbit!.steps!;
    expect(steps.last_attempt?.status).toBe('failure');
    expect(ms(steps.last_attempt?.timestamp)).toBe(ms(connection!.status_changed_at));
    // The history synced before the error stays readable.
    expect(steps.oldest_data).not.toBeNull();
  });

  it('when a provider filter is given, then only the users connected to it are listed, with that provider alone; a user without connections has an empty map', async () => {
    const { apiKey } = await ctx.otherTeam();
    const both = await ctx.connectedUser('oura', apiKey);
    await ctx.connect(both.user_id, 'strava', apiKey);
    const stravaOnly = await ctx.connectedUser('strava', apiKey);
    const none = await ctx.newUser({}, apiKey);
    const all = expectStatus<Resources>(await introspect({}, apiKey), 200);
    expect(all.data.map((entry) => [entry.user_id, Object.keys(entry.provider).sort()])).toEqual([
      [none.user_id, []],
      [stravaOnly.user_id, ['strava']],
      [both.user_id, ['oura', 'strava']],
    ]);
    const oura = expectStatus<Resources>(await introspect({ provider: 'oura' }, apiKey), 200);
    expect(oura.data.map((entry) => [entry.user_id, Object.keys(entry.provider)])).toEqual([[both.user_id, ['oura']]]);
    // user_id and provider: the user, connected to it or not.
    expect(expectStatus<Resources>(await introspect({ provider: 'oura', user_id: none.user_id }, apiKey), 200).data).toEqual([{ user_id: none.user_id, provider: {} }]);
  });

  it('when paged by user_limit, then every user comes once, newest first, and next repeats next_cursor', async () => {
    const { apiKey } = await ctx.otherTeam();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await ctx.newUser({}, apiKey)).user_id);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page: Resources = expectStatus<Resources>(await introspect({ user_limit: 2, ...(cursor && { next_cursor: cursor }) }, apiKey), 200);
      expect(page.data.length).toBeLessThanOrEqual(2);
      expect(page.next).toBe(page.next_cursor);
      seen.push(...page.data.map((entry) => entry.user_id));
      cursor = page.next_cursor;
      if (!cursor) break;
    }
    expect(seen).toEqual([...made].reverse());
    // The deprecated `cursor` reads the same.
    const first = expectStatus<Resources>(await introspect({ user_limit: 2 }, apiKey), 200);
    const viaCursor = expectStatus<Resources>(await introspect({ user_limit: 2, cursor: first.next_cursor! }, apiKey), 200);
    expect(viaCursor.data.map((entry) => entry.user_id)).toEqual(seen.slice(2, 4));
  });

  it('when a cursor is forged, of another query, of the other operation or of another team, then 422 naming the parameter sent', async () => {
    const { apiKey } = await ctx.otherTeam();
    for (let i = 0; i < 2; i++) await ctx.newUser({}, apiKey);
    const cursor = expectStatus<Resources>(await introspect({ user_limit: 1 }, apiKey), 200).next_cursor!;
    expect(cursor).toEqual(expect.any(String));
    expectValidation(await introspect({ next_cursor: 'bm90LWEtY3Vyc29y' }, apiKey), [{ loc: ['query', 'next_cursor'] }]);
    expectValidation(await introspect({ next_cursor: cursor, provider: 'oura' }, apiKey), [{ loc: ['query', 'next_cursor'] }]);
    expectValidation(await introspect({ cursor, provider: 'oura' }, apiKey), [{ loc: ['query', 'cursor'] }]);
    expectValidation(await ctx.team(apiKey).get(PULLS).query({ next_cursor: cursor }), [{ loc: ['query', 'next_cursor'] }]);
    expectValidation(await introspect({ next_cursor: cursor }), [{ loc: ['query', 'next_cursor'] }]);
  });

  it('when user_id is another team\'s user or no user, then 404; another team\'s users are never listed', async () => {
    const { other, theirs } = await ctx.otherTeamsUser();
    expectDetail(await introspect({ user_id: theirs.user_id }), 404, `User ${theirs.user_id} not found.`);
    expectDetail(await introspect({ user_id: UNKNOWN_ID }), 404);
    const mine = await ctx.newUser();
    expect(expectStatus<Resources>(await introspect({ user_limit: 200 }, other.apiKey), 200).data.map((entry) => entry.user_id)).not.toContain(mine.user_id);
  });

  it('when a parameter is out of its range or unknown, then 422 naming it', async () => {
    expectValidation(await introspect({ user_limit: 0 }), [{ loc: ['query', 'user_limit'] }]);
    expectValidation(await introspect({ user_limit: 201 }), [{ loc: ['query', 'user_limit'] }]);
    expectValidation(await introspect({ provider: 'labcorp' }), [{ loc: ['query', 'provider'] }]);
    expectValidation(await introspect({ user_id: 'not-a-uuid' }), [{ loc: ['query', 'user_id'] }]);
    expectValidation(await introspect({ page: 2 }), [{ loc: ['query', 'page'] }]);
  });
});

describe.each(apiEngines)('getUserHistoricalPulls (GET /v2/introspect/historical_pull) with the pull worker on %s', (_label, engine) => {
  const ctx = useApiApp(engine, { bulkWaitWindowMs: 5000 }, { bulkPullWorker: { pollMs: 20, policies: { scale: 0.001, policies: {} } } });
  const introspect = (query: Record<string, string | number>, key?: string) => ctx.team(key).get(PULLS).query(query);
  const pull = async (userIds: string[], provider: string) => {
    await setLinkMigrationEnabled(ctx.server.db, { team_id: ctx.server.teamId, enabled: true });
    return expectStatus<TeamSchemas['BulkTriggerHistoricalPullResponse']>(
      await ctx.team().post('/v2/link/bulk_trigger_historical_pull').send({ user_ids: userIds, provider, wait_for_completion: true }),
      200,
    ).operation;
  };
  interface TriggerRow {
    started_at: string;
    finished_at: string;
    range_start: string;
    range_end: string;
    state: string;
  }
  const triggerOf = async (opId: string, userId: string) =>
    (await ctx.server.db.one<TriggerRow>(`SELECT started_at, finished_at, range_start, range_end, state FROM bulk_triggers WHERE op_id = $1 AND user_id = $2`, [opId, userId]))!;

  it('when a connection was never pulled, then every resource of the provider is in not_pulled', async () => {
    const user = await ctx.connectedUser('oura');
    const page = expectStatus<Pulls>(await introspect({ user_id: user.user_id }), 200);
    expect(page).toEqual({ data: [{ user_id: user.user_id, provider: { oura: { pulled: {}, not_pulled: introspectedResourcesFor('oura') } } }], next_cursor: null, next: null });
  });

  it('when a pull succeeded, then each resource it covered has its status, range, timeline and days as the trigger stored them, and the data span reaches back to it', async () => {
    const user = await ctx.connectedUser('oura');
    const op = await pull([user.user_id], 'oura');
    const trigger = await triggerOf(op.id, user.user_id);
    expect(trigger.state).toBe('processed');
    const opRow = (await ctx.server.db.one<{ started_at: string }>(`SELECT started_at FROM bulk_ops WHERE id = $1`, [op.id]))!;
    const { pulled, not_pulled } = expectStatus<Pulls>(await introspect({ user_id: user.user_id }), 200).data[0]!.provider.oura!;
    expect(Object.keys(pulled).sort()).toEqual(pulledResourcesFor('oura').sort());
    expect(not_pulled).toEqual(introspectedResourcesFor('oura').filter((resource) => !pulledResourcesFor('oura').includes(resource)));
    expect(not_pulled).toContain('hypnogram');
    const days = (Date.parse(trigger.range_end) - Date.parse(trigger.range_start)) / (24 * HOUR) + 1;
    for (const statistics of Object.values(pulled)) {
      expect(statistics).toMatchObject({ status: 'success', release: 'sandbox', trace_id: op.id, error_details: null, days_with_data: days });
      expect(ms(statistics.range_start)).toBe(Date.parse(`${trigger.range_start}T00:00:00Z`));
      expect(ms(statistics.range_end)).toBe(Date.parse(`${trigger.range_end}T00:00:00Z`) + 24 * HOUR - 1);
      expect(ms(statistics.timeline.scheduled_at)).toBe(ms(opRow.started_at));
      expect(ms(statistics.timeline.started_at)).toBe(ms(trigger.started_at));
      expect(ms(statistics.timeline.ended_at)).toBe(ms(trigger.finished_at));
    }
    // The pulled days are readable: the resources' data span starts with the pull's range (after a sync).
    await syncDueWindows(ctx.server.db, { now: () => new Date(Date.now() + 2 * HOUR), intervalMs: 0, batchSize: 50 });
    const sleep = expectStatus<Resources>(await ctx.team().get(RESOURCES).query({ user_id: user.user_id }), 200).data[0]!.provider.oura!.sleep!;
    expect(sleep.oldest_data).toBe(pulled.sleep!.range_start);
  });

  it('when the connection was broken, then its pull failed as non-retriable; the provider filter lists that provider alone', async () => {
    const user = await ctx.connectedUser('withings');
    await ctx.connect(user.user_id, 'oura');
    expectStatus(await ctx.team().post(`/v2/user/${user.user_id}/withings/simulate_error`).send({ error_type: 'deregistered_per_provider' }), 200);
    const op = await pull([user.user_id], 'withings');
    const page = expectStatus<Pulls>(await introspect({ user_id: user.user_id, provider: 'withings' }), 200);
    expect(Object.keys(page.data[0]!.provider)).toEqual(['withings']);
    const weight = page.data[0]!.provider.withings!.pulled.weight!;
    expect(weight).toMatchObject({ status: 'failure', error_details: 'non_retriable_error', trace_id: op.id, days_with_data: 0, range_start: null, range_end: null });
    expect(weight.timeline.ended_at).not.toBeNull();
  });

  it('when several pulls were made, then the latest is the one shown', async () => {
    const user = await ctx.connectedUser('oura');
    await pull([user.user_id], 'oura');
    const second = await pull([user.user_id], 'oura');
    const { pulled } = expectStatus<Pulls>(await introspect({ user_id: user.user_id }), 200).data[0]!.provider.oura!;
    expect(pulled.sleep?.trace_id).toBe(second.id);
  });

  it('when the team is read page by page, then each user on a page is exactly its own read with user_id, for both introspections, every user once', async () => {
    const pulledUser = await ctx.connectedUser('oura');
    const twoProviders = await ctx.newUser({ fallback_time_zone: 'America/New_York' });
    await ctx.connect(twoProviders.user_id, 'fitbit');
    await ctx.connect(twoProviders.user_id, 'garmin');
    const unconnected = await ctx.newUser();
    const withings = await ctx.connectedUser('withings');
    await pull([pulledUser.user_id], 'oura');
    await pull([twoProviders.user_id], 'fitbit');
    await syncDueWindows(ctx.server.db, { now: () => new Date(Date.now() + 2 * HOUR), intervalMs: 0, batchSize: 50 });
    const teamUsers = (await ctx.server.db.query<{ id: string }>(`SELECT id FROM users WHERE team_id = $1`, [ctx.server.teamId])).map((u) => u.id);
    for (const path of [PULLS, RESOURCES]) {
      const listed: string[] = [];
      let query: Record<string, string | number> = { user_limit: 2 };
      for (;;) {
        const page = expectStatus<Pulls | Resources>(await ctx.team().get(path).query(query), 200);
        for (const entry of page.data) {
          listed.push(entry.user_id);
          const alone = expectStatus<Pulls | Resources>(await ctx.team().get(path).query({ user_id: entry.user_id }), 200);
          expect(alone.data).toEqual([entry]);
        }
        if (!page.next_cursor) break;
        query = { user_limit: 2, next_cursor: page.next_cursor };
      }
      expect([...listed].sort()).toEqual([...teamUsers].sort());
      for (const user of [pulledUser, twoProviders, unconnected, withings]) expect(listed).toContain(user.user_id);
    }
  });
});

describe.each(apiEngines)('getUserHistoricalPulls without a pull worker on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  it('when a pull waits for its turn, then it is scheduled at its operation\'s start, not started, with no range', async () => {
    await setLinkMigrationEnabled(ctx.server.db, { team_id: ctx.server.teamId, enabled: true });
    const user = await ctx.connectedUser('polar');
    const op = expectStatus<TeamSchemas['BulkTriggerHistoricalPullResponse']>(
      await ctx.team().post('/v2/link/bulk_trigger_historical_pull').send({ user_ids: [user.user_id], provider: 'polar' }),
      202,
    ).operation;
    const { pulled, not_pulled } = expectStatus<Pulls>(await ctx.team().get(PULLS).query({ user_id: user.user_id }), 200).data[0]!.provider.polar!;
    expect(Object.keys(pulled).sort()).toEqual(pulledResourcesFor('polar').sort());
    expect(not_pulled).toEqual(introspectedResourcesFor('polar').filter((resource) => !pulledResourcesFor('polar').includes(resource)));
    expect(pulled.sleep).toEqual({
      status: 'scheduled',
      range_start: null,
      range_end: null,
      timeline: { scheduled_at: expect.any(String), started_at: null, ended_at: null },
      days_with_data: 0,
      release: 'sandbox',
      trace_id: op.id,
      error_details: null,
    });
    expect(ms(pulled.sleep!.timeline.scheduled_at)).toBe(ms(op.started_at));
  });

  it('when a pull is part way through its chunks, or failed part way, then its range and days come from its chunk progress', async () => {
    const user = await ctx.connectedUser('polar');
    const op = await ctx.server.db.one<{ id: string }>(
      `INSERT INTO bulk_ops (team_id, type, provider, status, started_at, not_connected, total)
       VALUES ($1, 'link_bulk_historical_trigger', 'polar', 'in_progress', now() - interval '1 hour', 0, 1) RETURNING id`,
      [ctx.server.teamId],
    );
    // A trigger between two chunks, as the pull engine leaves it: running, its range fixed in its progress alone.
    await ctx.server.db.query(
      `INSERT INTO bulk_triggers (op_id, user_id, team_id, provider, state, attempts, started_at) VALUES ($1, $2, $3, 'polar', 'running', 1, now() - interval '59 minutes')`,
      [op!.id, user.user_id, ctx.server.teamId],
    );
    await ctx.server.db.query(`INSERT INTO bulk_pull_progress (op_id, user_id, start_date, end_date, next_date) VALUES ($1, $2, '2026-10-01', '2026-10-30', '2026-10-11')`, [op!.id, user.user_id]);
    const read = async () => expectStatus<Pulls>(await ctx.team().get(PULLS).query({ user_id: user.user_id }), 200).data[0]!.provider.polar!.pulled.sleep!;
    const running = await read();
    expect([ms(running.range_start), running.days_with_data, running.trace_id]).toEqual([Date.parse('2026-10-01T00:00:00Z'), 10, op!.id]);
    expect(ms(running.range_end)).toBe(Date.parse('2026-10-31T00:00:00Z') - 1);
    // Failed when its retries ran out: the progress stays, and so do the range and the days fetched.
    await ctx.server.db.query(`UPDATE bulk_triggers SET state = 'failed', finished_at = now(), error = 'retries exhausted' WHERE op_id = $1`, [op!.id]);
    const failed = await read();
    expect([failed.status, ms(failed.range_start), failed.days_with_data]).toEqual(['failure', Date.parse('2026-10-01T00:00:00Z'), 10]);
  });

  it('when a lab slug is the provider, then no user is listed; an unknown slug is a 422', async () => {
    await ctx.connectedUser('oura');
    expect(expectStatus<Pulls>(await ctx.team().get(PULLS).query({ provider: 'labcorp' }), 200).data).toEqual([]);
    expectValidation(await ctx.team().get(PULLS).query({ provider: 'not_a_provider' }), [{ loc: ['query', 'provider'] }]);
  });

  it('when user_id is another team\'s user, then 404', async () => {
    const { theirs } = await ctx.otherTeamsUser();
    expectDetail(await ctx.team().get(PULLS).query({ user_id: theirs.user_id }), 404, `User ${theirs.user_id} not found.`);
  });
});
