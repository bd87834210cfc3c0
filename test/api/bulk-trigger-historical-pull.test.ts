import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getBulkOp } from '../../server/storage/repositories/bulk-ops.js';
import { readBulkTrigger } from '../storage/bulk-fixtures.js';
import { setLinkMigrationEnabled } from '../../server/storage/repositories/teams.js';
import type { TestServer } from '../helpers/test-server.js';
import { apiEngines, expectDetail, expectOnlyViolations, expectStatus, expectValidation, MiB, uniqueName, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

type PullResponse = TeamSchemas['BulkTriggerHistoricalPullResponse'];

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** `count` users of the sandbox team straight in the database, every `connectEvery`-th connected to the provider. */
async function seedUsers(server: TestServer, count: number, provider: string, connectEvery: number): Promise<{ ids: string[]; connected: Set<string> }> {
  const prefix = uniqueName('bulk');
  const rows = await server.db.query<{ id: string; n: number }>(
    `INSERT INTO users (team_id, client_user_id) SELECT $1, $2 || '-' || g FROM generate_series(1, $3::int) g RETURNING id, substring(client_user_id from '[0-9]+$')::int AS n`,
    [server.teamId, prefix, count],
  );
  rows.sort((a, b) => a.n - b.n);
  await server.db.query(
    `INSERT INTO connections (user_id, team_id, provider, source_type)
     SELECT u.id, u.team_id, $2, 'device' FROM users u
     WHERE u.team_id = $1 AND u.client_user_id LIKE $3 || '-%' AND substring(u.client_user_id from '[0-9]+$')::int % $4 = 0`,
    [server.teamId, provider, prefix, connectEvery],
  );
  return { ids: rows.map((row) => row.id), connected: new Set(rows.filter((row) => row.n % connectEvery === 0).map((row) => row.id)) };
}

describe.each(apiEngines)('bulkTriggerHistoricalPull (POST /v2/link/bulk_trigger_historical_pull) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const pull = (body: unknown, key?: string) => ctx.team(key).post('/v2/link/bulk_trigger_historical_pull').send(body as object);
  const connectedUser = async (provider: string) => {
    const user = await ctx.newUser();
    await ctx.connect(user.user_id, provider);
    return user;
  };

  it('when connected and unconnected users are submitted, then 202 with the enqueued operation and the unconnected users, all stored', async () => {
    const [a, b] = [await connectedUser('oura'), await connectedUser('oura')];
    const unconnected = await ctx.connectedUser('fitbit');
    const answered = expectStatus<PullResponse>(await pull({ user_ids: [a.user_id, unconnected.user_id, b.user_id], provider: 'oura' }), 202);
    expect(answered).toEqual({
      detail: 'Enqueued 2 historical pull triggers for oura; 1 user not connected to oura.',
      operation: {
        id: expect.any(String),
        type: 'link_bulk_historical_trigger',
        status: 'in_progress',
        provider: 'oura',
        pending: 2,
        running: 0,
        processed: 0,
        failed: 0,
        not_connected: 1,
        started_at: expect.stringMatching(ISO),
        ended_at: null,
        estimated_end_at: expect.stringMatching(ISO),
      },
      not_connected_user_ids: [unconnected.user_id],
      unavailable_connections: [],
    });
    const stored = await getBulkOp(ctx.server.db, { team_id: ctx.server.teamId, id: answered.operation.id });
    const { estimated_end_at: _estimate, ...storedFields } = answered.operation;
    expect(stored).toMatchObject({ ...storedFields, total: 2 });
    for (const user of [a, b]) {
      expect(await readBulkTrigger(ctx.server.db, { op_id: answered.operation.id, user_id: user.user_id })).toMatchObject({ state: 'pending', provider: 'oura', team_id: ctx.server.teamId });
    }
    expect(await readBulkTrigger(ctx.server.db, { op_id: answered.operation.id, user_id: unconnected.user_id })).toBeNull();
    const listed = expectStatus<TeamSchemas['BulkOpsPage']>(await ctx.team().get('/v2/link/bulk_op'), 200);
    expect(listed.data).toContainEqual({ ...answered.operation, estimated_end_at: expect.stringMatching(ISO) });
  });

  it('when one connected user is submitted, then the detail is in the singular', async () => {
    const user = await connectedUser('fitbit');
    expect(expectStatus<PullResponse>(await pull({ user_ids: [user.user_id], provider: 'fitbit' }), 202).detail).toBe('Enqueued 1 historical pull trigger for fitbit.');
  });

  it('when no submitted user is connected, then 202 and the operation is complete at once with no trigger', async () => {
    const users = [await ctx.newUser(), await ctx.newUser()];
    const answered = expectStatus<PullResponse>(await pull({ user_ids: users.map((user) => user.user_id), provider: 'strava' }), 202);
    expect(answered.operation).toMatchObject({ status: 'success', pending: 0, not_connected: 2, ended_at: expect.stringMatching(ISO) });
    expect(answered.not_connected_user_ids).toEqual(users.map((user) => user.user_id));
  });

  it('when wait_for_completion is set and no user is connected, then 200 with the completed operation', async () => {
    const users = [await ctx.newUser(), await ctx.newUser()];
    const answered = expectStatus<PullResponse>(await pull({ user_ids: users.map((user) => user.user_id), provider: 'oura', wait_for_completion: true }), 200);
    expect(answered.detail).toBe('Historical pull completed for 0 of 0 connected users (oura); 2 users not connected to oura.');
    expect(answered.operation).toMatchObject({ status: 'success', pending: 0, running: 0, processed: 0, failed: 0, not_connected: 2, ended_at: expect.stringMatching(ISO) });
  });

  // No worker runs here, so nothing completes; that the request does wait (and answers 200 when the op
  // completes, or 202 with the progress made meanwhile) is tested with the worker in test/jobs/bulk-pull/bulk-trigger.test.ts.
  it('when wait_for_completion is set and triggers are still pending at the end of the wait window (1.5 s in tests), then 202 with the operation in progress', async () => {
    const user = await connectedUser('polar');
    const answered = expectStatus<PullResponse>(await pull({ user_ids: [user.user_id], provider: 'polar', wait_for_completion: true }), 202);
    expect(answered.operation).toMatchObject({ status: 'in_progress', pending: 1, ended_at: null });
    expect(answered.detail).toBe('Enqueued 1 historical pull trigger for polar.');
  }, 15_000);

  it('when wait_for_completion is false, then 202 with the operation as enqueued', async () => {
    const user = await connectedUser('polar');
    const answered = expectStatus<PullResponse>(await pull({ user_ids: [user.user_id], provider: 'polar', wait_for_completion: false }), 202);
    expect(answered.operation).toMatchObject({ status: 'in_progress', pending: 1, processed: 0, ended_at: null });
    expect(answered.detail).toBe('Enqueued 1 historical pull trigger for polar.');
  });

  it('when a user id is written in upper case, then it is that user', async () => {
    const user = await ctx.newUser();
    const answered = expectStatus<PullResponse>(await pull({ user_ids: [user.user_id.toUpperCase()], provider: 'oura' }), 202);
    expect(answered.not_connected_user_ids).toEqual([user.user_id]);
  });

  it('when a user id is not a user of the team, then 422 naming its index, and no operation is stored', async () => {
    const [a, b] = [await connectedUser('oura'), await connectedUser('oura')];
    const before = await ctx.server.db.query('SELECT id FROM bulk_ops WHERE team_id = $1', [ctx.server.teamId]);
    expectValidation(await pull({ user_ids: [a.user_id, UNKNOWN_ID, b.user_id], provider: 'oura' }), [
      { loc: ['body', 'user_ids', 1], type: 'value_error', msg: `Unknown user ${UNKNOWN_ID}` },
    ]);
    expect(await ctx.server.db.query('SELECT id FROM bulk_ops WHERE team_id = $1', [ctx.server.teamId])).toEqual(before);
  });

  it('when several user ids are unknown, then each is named by its index', async () => {
    const user = await connectedUser('oura');
    const [x, y] = [randomUUID(), randomUUID()];
    expectOnlyViolations(await pull({ user_ids: [x, user.user_id, y], provider: 'oura' }), [
      ['body', 'user_ids', 0],
      ['body', 'user_ids', 2],
    ]);
  });

  it('when more than 100 user ids are unknown, then the first 100 are named at their index and one more entry counts the rest', async () => {
    const user = await connectedUser('oura');
    const unknown = Array.from({ length: 150 }, () => randomUUID());
    const detail = expectValidation(await pull({ user_ids: [user.user_id, ...unknown], provider: 'oura' }), [
      { loc: ['body', 'user_ids', 1], msg: `Unknown user ${unknown[0]}` },
      { loc: ['body', 'user_ids', 100], msg: `Unknown user ${unknown[99]}` },
      { loc: ['body', 'user_ids'], msg: '50 more unknown user ids (the first 100 are named)' },
    ]);
    expect(detail).toHaveLength(101);
  });

  it('when one id is sent twice in different letter cases, then 422 at the later index with type unique_items, and nothing is merged', async () => {
    const user = await connectedUser('oura');
    expectValidation(await pull({ user_ids: [user.user_id, UNKNOWN_ID, user.user_id.toUpperCase()], provider: 'oura' }), [
      { loc: ['body', 'user_ids', 2], type: 'unique_items', msg: /is the id at index 0 again/ },
    ]);
  });

  it("when team_id is infer_from_context or the key's own team id in any letter case, then the pull is enqueued as without it", async () => {
    const user = await connectedUser('oura');
    for (const teamId of ['infer_from_context', ctx.server.teamId, ctx.server.teamId.toUpperCase()]) {
      const answered = expectStatus<PullResponse>(await ctx.team().post(`/v2/link/bulk_trigger_historical_pull?team_id=${teamId}`).send({ user_ids: [user.user_id], provider: 'oura' }), 202);
      expect(answered.operation).toMatchObject({ provider: 'oura', pending: 1, not_connected: 0 });
    }
  });

  it("when team_id is another team's id or an unknown one, then 422 at [\"query\", \"team_id\"] beside the body's problems, and no operation is stored", async () => {
    const other = await ctx.otherTeam();
    await setLinkMigrationEnabled(ctx.server.db, { team_id: other.team.id, enabled: true });
    const user = await connectedUser('oura');
    const ops = async () => (await ctx.server.db.query<{ id: string }>('SELECT id FROM bulk_ops WHERE team_id = ANY ($1::uuid[])', [[ctx.server.teamId, other.team.id]])).length;
    const before = await ops();
    for (const teamId of [other.team.id, UNKNOWN_ID]) {
      expectValidation(await ctx.team().post(`/v2/link/bulk_trigger_historical_pull?team_id=${teamId}`).send({ user_ids: [user.user_id], provider: 'oura' }), [
        { loc: ['query', 'team_id'], type: 'value_error', msg: `Team ${teamId} is not the team of this API key; give infer_from_context or the key's own team id, or leave team_id out` },
      ]);
    }
    expectOnlyViolations(await ctx.team().post(`/v2/link/bulk_trigger_historical_pull?team_id=${other.team.id}`).send({ user_ids: [user.user_id, user.user_id.toUpperCase()], provider: 'oura' }), [
      ['query', 'team_id'],
      ['body', 'user_ids', 1],
    ]);
    expect(await ops()).toBe(before);
    expectValidation(await ctx.team().post('/v2/link/bulk_trigger_historical_pull?team_id=my_team').send({ user_ids: [user.user_id], provider: 'oura' }), [{ loc: ['query', 'team_id'] }]);
  });

  it("when a user id is another team's user, then 422 naming its index", async () => {
    const other = await ctx.otherTeam();
    await setLinkMigrationEnabled(ctx.server.db, { team_id: other.team.id, enabled: true });
    const theirs = await ctx.newUser({}, other.apiKey);
    await ctx.connect(theirs.user_id, 'oura', other.apiKey);
    const mine = await connectedUser('oura');
    expectOnlyViolations(await pull({ user_ids: [mine.user_id, theirs.user_id], provider: 'oura' }), [['body', 'user_ids', 1]]);
    expectStatus(await pull({ user_ids: [theirs.user_id], provider: 'oura' }, other.apiKey), 202);
  });

  it('when a user id is repeated, then 422 on ["body", "user_ids"] with type unique_items', async () => {
    const user = await connectedUser('oura');
    expectValidation(await pull({ user_ids: [user.user_id, user.user_id], provider: 'oura' }), [{ loc: ['body', 'user_ids'], type: 'unique_items' }]);
  });

  it('when user_ids is empty, then 422 on ["body", "user_ids"] with type too_short', async () => {
    expectOnlyViolations(await pull({ user_ids: [], provider: 'oura' }), [['body', 'user_ids']]);
    expectValidation(await pull({ user_ids: [], provider: 'oura' }), [{ loc: ['body', 'user_ids'], type: 'too_short' }]);
  });

  it('when a user id is not a UUID, then 422 naming its index with type format', async () => {
    const user = await connectedUser('oura');
    expectValidation(await pull({ user_ids: [user.user_id, 'patient-1'], provider: 'oura' }), [{ loc: ['body', 'user_ids', 1], type: 'format' }]);
  });

  it.each(['apple_health_kit', 'whoop', 'nope'])('when the provider is %s (not an OAuth provider), then 422 on ["body", "provider"]', async (provider) => {
    const user = await ctx.newUser();
    expectValidation(await pull({ user_ids: [user.user_id], provider }), [{ loc: ['body', 'provider'], type: 'enum' }]);
  });

  it('when more than 100,000 user ids are sent, then 422 on ["body", "user_ids"] with type too_long', async () => {
    const ids = Array.from({ length: 100_001 }, () => randomUUID());
    expectValidation(await pull({ user_ids: ids, provider: 'oura' }), [{ loc: ['body', 'user_ids'], type: 'too_long' }]);
  }, 60_000);

  it("when the team's link migration is not enabled (a new team), then 403 and no operation is stored", async () => {
    const { other, theirs: user } = await ctx.otherTeamsUser();
    await ctx.connect(user.user_id, 'oura', other.apiKey);
    expectDetail(
      await pull({ user_ids: [user.user_id], provider: 'oura' }, other.apiKey),
      403,
      'The link migration endpoints are not enabled for this team; enable them through the management API.',
    );
    expect(await ctx.server.db.query('SELECT id FROM bulk_ops WHERE team_id = $1', [other.team.id])).toEqual([]);
    await setLinkMigrationEnabled(ctx.server.db, { team_id: other.team.id, enabled: true });
    expectStatus(await pull({ user_ids: [user.user_id], provider: 'oura' }, other.apiKey), 202);
  });

  it('when the body is over 8 MiB, then 413 naming the limit', async () => {
    const body = JSON.stringify({ user_ids: [UNKNOWN_ID], provider: 'oura', padding: 'x'.repeat(8 * MiB) });
    const response = await ctx.team().post('/v2/link/bulk_trigger_historical_pull').set('content-type', 'application/json').send(body);
    expectDetail(response, 413, 'Request body too large; the limit is 8 MiB.');
  }, 30_000);

  it('when 100,000 user ids of the team are sent, then 202 with every connected user enqueued and the others reported', async () => {
    const { ids, connected } = await seedUsers(ctx.server, 100_000, 'fitbit', 2);
    const body = JSON.stringify({ user_ids: ids, provider: 'fitbit' });
    expect(body.length).toBeGreaterThan(MiB);
    // How fast is a benchmark (`npm run bench:bulk-pull`), not an assertion here.
    const response = await ctx.team().post('/v2/link/bulk_trigger_historical_pull').set('content-type', 'application/json').send(body);
    const answered = expectStatus<PullResponse>(response, 202);
    expect(answered.operation).toMatchObject({ status: 'in_progress', pending: connected.size, not_connected: ids.length - connected.size });
    expect(answered.not_connected_user_ids).toHaveLength(ids.length - connected.size);
    expect(answered.not_connected_user_ids.every((id) => !connected.has(id))).toBe(true);
    // Stored as the op's ordered ids, in input order; the worker writes the trigger rows.
    const stored = await ctx.server.db.one<{ ids: string; unexpanded: number }>(
      `SELECT array_to_string(pending_user_ids, ',') AS ids, unexpanded FROM bulk_ops WHERE id = $1`,
      [answered.operation.id],
    );
    expect(stored?.unexpanded).toBe(connected.size);
    expect(stored?.ids.split(',')).toEqual(ids.filter((id) => connected.has(id)));
  }, 240_000);
});
