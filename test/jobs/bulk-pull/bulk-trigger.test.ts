/**
 * The bulk historical pull end to end, with the worker running in the test server: what the
 * request answers (202, 200 within the wait window, 202 after it), what the background pull
 * stores and emits, and how it honours preferences, ingestion bounds and bad input.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historicalEventKey, historicalResourcesFor } from '../../../server/jobs/bulk-pull/pull.js';
import { eventResourceName } from '../../../server/shared/resources.js';
import { addDays, daysOf } from '../../../server/domain/pull-preferences/pull-range.js';
import { getBulkOp, type BulkOpRecord } from '../../../server/storage/repositories/bulk-ops.js';
import { setIngestionBounds } from '../../storage/stored-state.js';
import { createUser } from '../../../server/storage/repositories/users.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';
import { engines, SETUP_TIMEOUT_MS } from '../../storage/helpers.js';
import { teamSchemaViolations } from './schemas.js';
import { seedConnectedUsers } from './helpers.js';
import { MANAGEMENT_KEY_HEADER, TEAM_API_KEY_HEADER } from '../../../server/shared/wire.js';

const PULL = '/v2/link/bulk_trigger_historical_pull';

interface PullResponse {
  detail: string;
  operation: { id: string; status: string; pending: number; running: number; processed: number; failed: number; not_connected: number; ended_at: string | null };
  not_connected_user_ids: string[];
}

const apiEngines = engines.filter((engine) => engine.available).map((engine) => [engine.label, engine] as const);

describe.each(apiEngines)('bulk trigger historical pull with the worker running on %s', (_label, engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      engine,
      // Waits of 1.5 s; the window throttles 1000 times faster, except strava: 1 per hour.
      { bulkWaitWindowMs: 1500 },
      { bulkPullWorker: { pollMs: 20, policies: { scale: 0.001, policies: { strava: { kind: 'window', limit: 1, windowMs: 3_600_000 } } } } },
    );
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  }, SETUP_TIMEOUT_MS);

  const team = () => ({
    post: (path: string) => request(server.team).post(path).set(TEAM_API_KEY_HEADER, server.apiKey),
    get: (path: string) => request(server.team).get(path).set(TEAM_API_KEY_HEADER, server.apiKey),
  });
  const management = () => ({
    put: (path: string) => request(server.management).put(path).set(MANAGEMENT_KEY_HEADER, server.managementKey),
    patch: (path: string) => request(server.management).patch(path).set(MANAGEMENT_KEY_HEADER, server.managementKey),
    get: (path: string) => request(server.management).get(path).set(MANAGEMENT_KEY_HEADER, server.managementKey),
  });
  const teamPath = () => `/v1/org/${server.orgId}/team/${server.teamId}`;

  /** A user connected to `provider` through the sandbox demo connection endpoint. */
  async function connectedUser(provider: string): Promise<string> {
    const created = await createUser(server.db, { team_id: server.teamId, client_user_id: `patient-${randomUUID().slice(0, 8)}` });
    if (created.status !== 'created') throw new Error('user not created');
    const connected = await team().post('/v2/link/connect/demo').send({ user_id: created.user.user_id, provider });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    return created.user.user_id;
  }

  async function waitForOp(id: string): Promise<BulkOpRecord> {
    for (;;) {
      const op = (await getBulkOp(server.db, { team_id: server.teamId, id }))!;
      if (op.status !== 'in_progress') return op;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** The first readable day of the user's window of `provider` (the day of the connection until a pull moves it back). */
  async function historyStartOf(userId: string, provider: string): Promise<string | undefined> {
    const row = await server.db.one<{ day: string }>(`SELECT to_char(history_start, 'YYYY-MM-DD') AS day FROM data_windows WHERE user_id = $1 AND provider = $2`, [userId, provider]);
    return row?.day;
  }

  async function historicalEvents(opId: string) {
    return server.db.query<{ id: string; event_type: string; payload: Record<string, unknown>; dedup_key: string }>(
      `SELECT id, event_type, payload, dedup_key FROM events WHERE dedup_key LIKE $1 ORDER BY dedup_key`,
      [`historical:${opId}:%`],
    );
  }

  it('when triggered without waiting, then 202 at once with everything pending, and the worker completes the op in the background', async () => {
    const users = [await connectedUser('oura'), await connectedUser('oura'), await connectedUser('oura')];
    const response = await team().post(PULL).send({ user_ids: users, provider: 'oura' });
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    const body = response.body as PullResponse;
    expect(body.operation).toMatchObject({ status: 'in_progress', pending: 3, running: 0, processed: 0 });

    const op = await waitForOp(body.operation.id);
    expect(op).toMatchObject({ status: 'success', pending: 0, running: 0, processed: 3, failed: 0 });
    expect(op.ended_at).not.toBeNull();
    const listed = await team().get('/v2/link/bulk_op?page_size=50');
    expect(listed.status).toBe(200);
    expect((listed.body as { data: { id: string; status: string; processed: number }[] }).data).toContainEqual(
      expect.objectContaining({ id: op.id, status: 'success', processed: 3 }),
    );

    // 30 days back from the day of the request become readable: nothing per day is stored, each
    // connection's data window now starts there.
    const today = op.started_at.slice(0, 10);
    const days = daysOf({ start_date: addDays(today, -30), end_date: today });
    const resources = historicalResourcesFor('oura');
    for (const user of users) expect(await historyStartOf(user, 'oura')).toBe(days[0]);

    // One historical.data.<resource>.created per user and resource, valid against the webhook schema.
    const events = await historicalEvents(op.id);
    expect(events).toHaveLength(users.length * resources.length);
    for (const user of users) {
      for (const resource of resources) {
        const event = events.find((e) => e.dedup_key === historicalEventKey(op.id, user, resource))!;
        expect(event.event_type).toBe(`historical.data.${eventResourceName(resource)}.created`);
        expect(event.payload).toEqual({
          event_type: `historical.data.${eventResourceName(resource)}.created`,
          data: { user_id: user, provider: 'oura', start_date: days[0], end_date: today },
          team_id: server.teamId,
          user_id: user,
          client_user_id: expect.any(String),
        });
        // The first fifteen resources have HistoricalPullCompletedEvent, ECG and menstrual cycles one each, the others HistoricalPullOtherResourceEvent.
        const schemas = ['HistoricalPullCompletedEvent', 'HistoricalPullElectrocardiogramEvent', 'HistoricalPullMenstrualCycleEvent', 'HistoricalPullOtherResourceEvent'];
        const schema = schemas.find((name) => teamSchemaViolations(name, event.payload).length === 0) ?? 'HistoricalPullOtherResourceEvent';
        expect(teamSchemaViolations(schema, event.payload)).toEqual([]);
        expect(event.payload.data).not.toHaveProperty('is_final');
      }
    }
  });

  it('when waiting and the op completes within the window, then 200 with the completed op', async () => {
    const users = [await connectedUser('fitbit'), await connectedUser('fitbit')];
    const response = await team().post(PULL).send({ user_ids: users, provider: 'fitbit', wait_for_completion: true });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = response.body as PullResponse;
    expect(body.operation).toMatchObject({ status: 'success', pending: 0, running: 0, processed: 2, failed: 0 });
    expect(body.detail).toBe('Historical pull completed for 2 of 2 connected users (fitbit).');
  });

  it('when waiting and the throttle holds the op past the window, then 202 with the op still in progress', async () => {
    // strava is throttled to 1 per hour here: the first user is pulled, the second waits.
    const users = [await connectedUser('strava'), await connectedUser('strava')];
    const response = await team().post(PULL).send({ user_ids: users, provider: 'strava', wait_for_completion: true });
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    const body = response.body as PullResponse;
    expect(body.operation.status).toBe('in_progress');
    expect(body.operation.pending).toBe(1);
    expect(body.operation.processed + body.operation.running).toBe(1);
  });

  it('when the team prefers fewer days and users have ingestion bounds, then each pull covers only their intersection, and an empty range still completes', async () => {
    const preference = await management().put(`${teamPath()}/data_pull_preferences/withings`).send({ historical_days: 5 });
    expect(preference.status, JSON.stringify(preference.body)).toBe(200);
    expect(preference.body).toEqual({ provider: 'withings', historical_days: 5 });
    const listed = await management().get(`${teamPath()}/data_pull_preferences`);
    expect(listed.body).toEqual({ default_historical_days: 30, preferences: expect.arrayContaining([{ provider: 'withings', historical_days: 5 }]) });

    const [plain, bounded, outside] = [await connectedUser('withings'), await connectedUser('withings'), await connectedUser('withings')];
    const today = new Date().toISOString().slice(0, 10);
    await setIngestionBounds(server.db, { team_id: server.teamId, user_id: bounded, ingestion_start: addDays(today, -2), ingestion_end: addDays(today, -1) });
    await setIngestionBounds(server.db, { team_id: server.teamId, user_id: outside, ingestion_start: null, ingestion_end: addDays(today, -60) });

    const response = await team().post(PULL).send({ user_ids: [plain, bounded, outside], provider: 'withings', wait_for_completion: true });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const opId = (response.body as PullResponse).operation.id;
    const op = (await getBulkOp(server.db, { team_id: server.teamId, id: opId }))!;
    expect(op).toMatchObject({ status: 'success', processed: 3 });
    const requestDay = op.started_at.slice(0, 10);
    const resources = historicalResourcesFor('withings');
    // Withings weighs: its pulls complete with the family's names, not the timeseries paths'.
    expect(resources).toEqual(expect.arrayContaining(['body_weight', 'body_fat']));
    expect(new Set((await historicalEvents(opId)).map((e) => e.event_type))).toEqual(new Set(resources.map((r) => `historical.data.${eventResourceName(r)}.created`)));
    expect(resources.map(eventResourceName)).toEqual(expect.arrayContaining(['weight', 'fat']));
    expect(await historyStartOf(plain, 'withings')).toBe(addDays(requestDay, -5));
    expect(await historyStartOf(bounded, 'withings')).toBe(addDays(today, -2));
    // Nothing to pull: the window still starts on the day of the connection.
    expect(await historyStartOf(outside, 'withings')).toBe(today);
    const events = await historicalEvents(opId);
    expect(events).toHaveLength(2 * resources.length);
    expect(events.filter((e) => e.payload.user_id === bounded).map((e) => e.payload.data)).toEqual(
      resources.map(() => ({ user_id: bounded, provider: 'withings', start_date: addDays(today, -2), end_date: addDays(today, -1) })),
    );
    expect(events.some((e) => e.payload.user_id === outside)).toBe(false);
  });

  it('when a preference exceeds the provider backfill or the team is not the key org, then a clear 4xx', async () => {
    const tooMany = await management().put(`${teamPath()}/data_pull_preferences/polar`).send({ historical_days: 31 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toEqual({
      detail: [{ loc: ['body', 'historical_days'], msg: 'polar keeps at most 30 days of history; historical_days must be at most 30', type: 'less_than_equal' }],
    });
    const otherTeam = await management().get(`/v1/org/${server.orgId}/team/${randomUUID()}/data_pull_preferences`);
    expect(otherTeam.status).toBe(404);
  });

  it('when link migration is switched off through the management API, then the pull is refused with 403 until switched on again', async () => {
    const user = await connectedUser('oura');
    const off = await management().patch(teamPath()).send({ link_migration_enabled: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ id: server.teamId, link_migration_enabled: false });
    try {
      const refused = await team().post(PULL).send({ user_ids: [user], provider: 'oura' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: expect.stringMatching(/not enabled for this team/) });
    } finally {
      const on = await management().patch(teamPath()).send({ link_migration_enabled: true });
      expect(on.body).toMatchObject({ link_migration_enabled: true });
    }
    expect((await team().post(PULL).send({ user_ids: [user], provider: 'oura' })).status).toBe(202);
  });

  it('when the input is bad, then a 422 names what is wrong', async () => {
    const user = await connectedUser('oura');
    const cases: { body: object; loc: (string | number)[] }[] = [
      { body: { user_ids: [], provider: 'oura' }, loc: ['body', 'user_ids'] },
      { body: { user_ids: [user], provider: 'not_a_provider' }, loc: ['body', 'provider'] },
      { body: { user_ids: [user, user], provider: 'oura' }, loc: ['body', 'user_ids'] },
      { body: { user_ids: Array.from({ length: 100_001 }, () => randomUUID()), provider: 'oura' }, loc: ['body', 'user_ids'] },
      { body: { user_ids: [user, randomUUID()], provider: 'oura' }, loc: ['body', 'user_ids', 1] },
      { body: { provider: 'oura' }, loc: ['body', 'user_ids'] },
    ];
    for (const { body, loc } of cases) {
      const response = await team().post(PULL).send(body);
      expect(response.status, JSON.stringify(body).slice(0, 200)).toBe(422);
      const detail = (response.body as { detail: { loc: unknown[]; msg: string; type: string }[] }).detail;
      expect(detail.length).toBeGreaterThan(0);
      expect(detail.map((item) => item.loc)).toContainEqual(loc);
      for (const item of detail) expect(item.msg.length).toBeGreaterThan(0);
    }
  }, 60_000);

  it('when 100,000 connected users are submitted, then 202 with one op of 100,000 pending triggers, and nothing was pulled in the request', async () => {
    const users = await seedConnectedUsers(server.db, { team_id: server.teamId, provider: 'strava', count: 100_000 });
    // How fast is a benchmark (`npm run bench:bulk-pull`), not an assertion here.
    const response = await team().post(PULL).send({ user_ids: users, provider: 'strava' });
    expect(response.status).toBe(202);
    const body = response.body as PullResponse;
    expect(body.operation.pending + body.operation.running + body.operation.processed).toBe(100_000);
    // strava allows one start per hour here (and the previous test used it): nothing of this op can have run.
    expect(body.operation).toMatchObject({ status: 'in_progress', pending: 100_000, processed: 0 });
    const pulled = await server.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM data_windows WHERE user_id = ANY ($1::uuid[])`, [users.slice(0, 1000)]);
    expect(pulled?.n).toBe(0);
  }, 300_000);
});
