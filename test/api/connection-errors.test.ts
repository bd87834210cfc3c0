import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STANDARD_ERROR_MESSAGES } from '../../server/domain/connections/status.js';
import { syncDueWindows } from '../../server/jobs/data-sync/sync.js';
import { getBulkOp } from '../../server/storage/repositories/bulk-ops.js';
import { findConnection } from '../../server/storage/repositories/connections.js';
import { findDataWindows } from '../../server/storage/repositories/data-windows.js';
import { setLinkMigrationEnabled } from '../../server/storage/repositories/teams.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

type Connection = TeamSchemas['ProviderWithStatus'];
const HOUR = 3_600_000;

describe.each(apiEngines)('simulateConnectionError (POST /v2/user/{user_id}/{provider}/simulate_error) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const simulate = (userId: string, provider: string, body?: object, key?: string | null) => {
    const request = ctx.team(key).post(`/v2/user/${userId}/${provider}/simulate_error`);
    return body === undefined ? request : request.send(body);
  };
  const providersOf = async (userId: string) => expectStatus<{ providers: Connection[] }>(await ctx.team().get(`/v2/user/providers/${userId}`), 200).providers;
  const key = (userId: string, provider: string) => ({ team_id: ctx.server.teamId, user_id: userId, provider });
  /** The user's events of a type, oldest first, as delivered (the stored envelope). */
  const eventsOf = async (userId: string, eventType: string) =>
    (await ctx.server.db.query<{ payload: { data: Record<string, unknown> } }>(
      `SELECT payload FROM events WHERE team_id = $1 AND event_type = $2 AND payload->>'user_id' = $3 ORDER BY created_on, id`,
      [ctx.server.teamId, eventType, userId],
    )).map((row) => row.payload);
  /** How many daily.data events a connection has had. */
  const dailyEventCount = async (userId: string, provider: string) =>
    (await ctx.server.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE team_id = $1 AND event_type LIKE 'daily.data.%' AND payload->>'user_id' = $2 AND payload->'data'->'source'->>'provider' = $3`,
      [ctx.server.teamId, userId, provider],
    ))!.n;
  const sync = (at: Date) => syncDueWindows(ctx.server.db, { now: () => at, intervalMs: 0, batchSize: 50 });

  it('when a connection breaks, then it is in error with its details, its provider.connection.error is emitted and its window ended, in agreement', async () => {
    const user = await ctx.connectedUser('oura');
    const broken = expectStatus<Connection>(await simulate(user.user_id, 'oura', { error_type: 'token_refresh_failed' }), 200);
    expect(broken).toMatchObject({
      slug: 'oura',
      name: 'Oura',
      status: 'error',
      error_details: { error_type: 'token_refresh_failed', error_message: STANDARD_ERROR_MESSAGES.token_refresh_failed, errored_at: expect.any(String) },
    });
    expect(await providersOf(user.user_id)).toEqual([broken]);
    const [event, ...more] = await eventsOf(user.user_id, 'provider.connection.error');
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      event_type: 'provider.connection.error',
      user_id: user.user_id,
      client_user_id: user.client_user_id,
      data: { provider: 'oura', user_id: user.user_id, error_type: 'token_refresh_failed', error_details: STANDARD_ERROR_MESSAGES.token_refresh_failed, message: 'The connection to Oura stopped working (token_refresh_failed).' },
    });
    const [window] = await findDataWindows(ctx.server.db, key(user.user_id, 'oura'));
    expect(window?.ended_at).not.toBeNull();
  });

  it('when no body is sent, then the access token expired (token_refresh_failed, the standard message); a message of its own is kept', async () => {
    const user = await ctx.connectedUser('garmin');
    expect(expectStatus<Connection>(await simulate(user.user_id, 'garmin'), 200).error_details).toMatchObject({ error_type: 'token_refresh_failed' });
    const other = await ctx.connectedUser('garmin');
    const message = 'Removed from the Garmin Connect app.';
    expect(expectStatus<Connection>(await simulate(other.user_id, 'garmin', { error_type: 'deregistered_per_provider', error_message: message }), 200).error_details)
      .toMatchObject({ error_type: 'deregistered_per_provider', error_message: message });
    expect((await eventsOf(other.user_id, 'provider.connection.error'))[0]?.data).toMatchObject({ error_details: message });
  });

  it('when the connection is already in error, then 400 and nothing changes; a demo connection repairs it and emits provider.connection.created again', async () => {
    const user = await ctx.connectedUser('fitbit');
    const broken = expectStatus<Connection>(await simulate(user.user_id, 'fitbit'), 200);
    expectDetail(await simulate(user.user_id, 'fitbit', { error_type: 'unknown' }), 400, /already in error \(token_refresh_failed\)/);
    expect(await providersOf(user.user_id)).toEqual([broken]);
    expect(await eventsOf(user.user_id, 'provider.connection.error')).toHaveLength(1);

    const before = await findConnection(ctx.server.db, key(user.user_id, 'fitbit'));
    const repaired = expectStatus<{ success: boolean; detail: string }>(await ctx.team().post('/v2/link/connect/demo').send({ user_id: user.user_id, provider: 'fitbit' }), 200);
    expect(repaired.detail).toBe('Reconnected the user to Fitbit (demo): the connection works again.');
    const [connection] = await providersOf(user.user_id);
    expect(connection).toMatchObject({ status: 'connected', error_details: null, created_on: broken.created_on });
    // The same connection, repaired: its id and creation stay.
    expect((await findConnection(ctx.server.db, key(user.user_id, 'fitbit')))?.id).toBe(before?.id);
    expect(await eventsOf(user.user_id, 'provider.connection.created')).toHaveLength(2);
    expect((await findDataWindows(ctx.server.db, key(user.user_id, 'fitbit')))[0]?.ended_at).toBeNull();
    // And it can break again.
    expectStatus(await simulate(user.user_id, 'fitbit', { error_type: 'required_scopes_not_granted' }), 200);
    expect(await eventsOf(user.user_id, 'provider.connection.error')).toHaveLength(2);
  });

  it('when the connection breaks, then the sync announces nothing for it; once repaired, the next sync announces what was recorded meanwhile', async () => {
    const user = await ctx.connectedUser('oura');
    const start = Date.now();
    await sync(new Date(start + HOUR));
    expectStatus(await simulate(user.user_id, 'oura'), 200);
    const whileBroken = await dailyEventCount(user.user_id, 'oura');
    await sync(new Date(start + 6 * HOUR));
    expect(await dailyEventCount(user.user_id, 'oura')).toBe(whileBroken);
    await ctx.connect(user.user_id, 'oura');
    await sync(new Date(start + 7 * HOUR));
    expect(await dailyEventCount(user.user_id, 'oura')).toBeGreaterThan(whileBroken);
  });

  it.each([
    ['fitbit', 'provider_password_expired', 'oauth'],
    ['peloton', 'token_refresh_failed', 'password'],
    ['apple_health_kit', 'token_refresh_failed', 'sdk'],
  ])('when %s gets %s (cannot happen to %s connections), then 422 at body.error_type and nothing changes', async (provider, errorType, authType) => {
    const user = await ctx.connectedUser(provider);
    const [item] = expectValidation(await simulate(user.user_id, provider, { error_type: errorType }), [{ loc: ['body', 'error_type'], type: 'value_error' }]);
    expect(item?.msg).toContain(`(${authType} connections)`);
    expect((await providersOf(user.user_id))[0]?.status).toBe('connected');
    expect(await eventsOf(user.user_id, 'provider.connection.error')).toEqual([]);
  });

  it('when the body is not what the schema allows, then 422 naming each problem', async () => {
    const user = await ctx.connectedUser('oura');
    expectValidation(await simulate(user.user_id, 'oura', { error_type: 'token_expired', error_message: '', colour: 'red' }), [
      { loc: ['body', 'error_type'], type: 'enum' },
      { loc: ['body', 'error_message'], type: 'too_short' },
      { loc: ['body', 'colour'], type: 'extra_forbidden' },
    ]);
  });

  it('when the user has no connection to the provider, or there is no such user, then 404 naming which', async () => {
    const user = await ctx.connectedUser('oura');
    expectDetail(await simulate(user.user_id, 'strava'), 404, `User ${user.user_id} has no connection to strava.`);
    expectDetail(await simulate(UNKNOWN_ID, 'oura'), 404, `User ${UNKNOWN_ID} not found.`);
  });

  it("when the user is another team's, then 404 and its connection stays connected", async () => {
    const { other, theirs } = await ctx.otherTeamsUser();
    await ctx.connect(theirs.user_id, 'oura', other.apiKey);
    expectDetail(await simulate(theirs.user_id, 'oura'), 404, `User ${theirs.user_id} not found.`);
    expect((await findConnection(ctx.server.db, { team_id: other.team.id, user_id: theirs.user_id, provider: 'oura' }))?.status).toBe('connected');
  });

  it('when there is no API key, then 401', async () => {
    const user = await ctx.connectedUser('oura');
    expectStatus(await simulate(user.user_id, 'oura', undefined, null), 401);
  });

  /**
   * Model-based: any sequence of simulated errors, repairs (demo connections) and syncs leaves the
   * connection in the model's state, one provider.connection.error per error that took, one
   * provider.connection.created per connection and repair, its window ended exactly while it is
   * broken, and no daily event announced while it is broken.
   */
  it('when errors, repairs and syncs come in any order, then the connection, its events and the sync agree', async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('error' as const), errorType: fc.constantFrom('token_refresh_failed', 'required_scopes_not_granted', 'deregistered_per_provider', 'unknown') }),
      fc.record({ kind: fc.constant('repair' as const) }),
      fc.record({ kind: fc.constant('sync' as const), hours: fc.integer({ min: 1, max: 5 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        const user = await ctx.connectedUser('oura');
        let clock = Date.now();
        const model = { status: 'connected', errors: 0, created: 1 };
        try {
          for (const s of steps) {
            if (s.kind === 'error') {
              ctx.server.setNow(new Date(clock));
              const answered = await simulate(user.user_id, 'oura', { error_type: s.errorType });
              if (model.status === 'error') expect(answered.status).toBe(400);
              else {
                expect(answered.status).toBe(200);
                model.status = 'error';
                model.errors += 1;
              }
            } else if (s.kind === 'repair') {
              await ctx.connect(user.user_id, 'oura');
              if (model.status === 'error') model.created += 1;
              model.status = 'connected';
            } else {
              clock += s.hours * HOUR;
              const before = await dailyEventCount(user.user_id, 'oura');
              await sync(new Date(clock));
              if (model.status !== 'connected') expect(await dailyEventCount(user.user_id, 'oura')).toBe(before);
            }
            const [connection] = await providersOf(user.user_id);
            expect(connection?.status).toBe(model.status);
            expect(connection?.error_details === null).toBe(model.status === 'connected');
            expect(await eventsOf(user.user_id, 'provider.connection.error')).toHaveLength(model.errors);
            expect(await eventsOf(user.user_id, 'provider.connection.created')).toHaveLength(model.created);
            const [window] = await findDataWindows(ctx.server.db, key(user.user_id, 'oura'));
            expect(window?.ended_at === null).toBe(model.status === 'connected');
          }
        } finally {
          ctx.server.setNow(null);
        }
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});

describe.each(apiEngines)('a bulk pull of broken connections on %s', (_label, engine) => {
  const ctx = useApiApp(engine, {}, { bulkPullWorker: { pollMs: 20 } });
  const eventsOf = async (userId: string, eventType: string) =>
    (await ctx.server.db.query<{ payload: unknown }>(`SELECT payload FROM events WHERE team_id = $1 AND event_type = $2 AND payload->>'user_id' = $3`, [ctx.server.teamId, eventType, userId])).map((row) => row.payload);

  it('when a broken connection is in a bulk pull, then the answer names it and its pull fails naming the error', async () => {
    await setLinkMigrationEnabled(ctx.server.db, { team_id: ctx.server.teamId, enabled: true });
    const healthy = await ctx.connectedUser('withings');
    const broken = await ctx.connectedUser('withings');
    expectStatus(await ctx.team().post(`/v2/user/${broken.user_id}/withings/simulate_error`).send({ error_type: 'deregistered_per_provider' }), 200);
    const answered = expectStatus<TeamSchemas['BulkTriggerHistoricalPullResponse']>(
      await ctx.team().post('/v2/link/bulk_trigger_historical_pull').send({ user_ids: [healthy.user_id, broken.user_id], provider: 'withings', wait_for_completion: true }),
      200,
    );
    expect(answered.unavailable_connections).toEqual([{ user_id: broken.user_id, status: 'error', error_type: 'deregistered_per_provider' }]);
    const op = await getBulkOp(ctx.server.db, { team_id: ctx.server.teamId, id: answered.operation.id });
    expect(op).toMatchObject({ status: 'failure', processed: 1, failed: 1 });
    const trigger = await ctx.server.db.one<{ state: string; error: string }>(`SELECT state, error FROM bulk_triggers WHERE op_id = $1 AND user_id = $2`, [answered.operation.id, broken.user_id]);
    expect(trigger).toEqual({ state: 'failed', error: 'The connection to withings is in error (deregistered_per_provider); link the provider again to repair it.' });
    expect(await eventsOf(broken.user_id, 'historical.data.weight.created')).toEqual([]);
    expect(await eventsOf(healthy.user_id, 'historical.data.weight.created')).toHaveLength(1);
  });

});
