/**
 * The sandbox data sync end to end, on every available engine: connections synced on a fake
 * clock emit `daily.data.*` events through the outbox, delivered signed to real receivers; the
 * consumer module (verifyWebhook, WebhookDeduplicator) rebuilds from them exactly what the
 * provider has delivered by then (summaries by id, samples by compound key), big batches are
 * split, unchanged data emits nothing, a deregistered provider stops, hypnogram events reach
 * only the endpoints that name them, and POST /v2/user/refresh/{user_id} syncs at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookDeduplicator, type WebhookEvent } from '../../../server/client/webhooks.js';
import { findProvider } from '../../../server/domain/providers/catalog.js';
import { generateDay, generateProfile } from '../../../server/domain/synthetic/day.js';
import { summaryResourcesFor } from '../../../server/domain/synthetic/resources.js';
import { DeliveryWorker } from '../../../server/jobs/webhooks/worker.js';
import { daysTouched, samplesOf, syncDueWindows, windowEvents } from '../../../server/jobs/data-sync/sync.js';
import { listDueWindows } from '../../../server/storage/repositories/data-sync.js';
import { startDataSyncWorker } from '../../../server/jobs/data-sync/worker.js';
import { silentLogger } from '../../helpers/silent-logger.js';
import { readFileSync } from 'node:fs';
import { FakeClock } from '../../helpers/fake-clock.js';
import { firstSuitable } from '../../helpers/suitable.js';
import { teamSchemaViolations } from '../bulk-pull/schemas.js';
import { apiEngines, expectStatus, useApiApp, type TeamSchemas } from '../../api/helpers.js';
import { FAST, registerEndpoint, startReceiver, waitUntilSettled, type Receiver } from '../webhooks/helpers.js';

const MINUTE = 60_000;

/** The schema of each documented event type's payload (the team API's `webhooks`). */
const bundle = JSON.parse(readFileSync(new URL('../../../generated/team/openapi.json', import.meta.url), 'utf8')) as {
  webhooks: Record<string, { post: { requestBody: { content: { 'application/json': { schema: { $ref: string } } } } } }>;
};
function payloadViolations(event: WebhookEvent): string[] {
  const webhook = bundle.webhooks[event.event_type];
  if (!webhook) return [`${event.event_type} is not a documented webhook`];
  const name = webhook.post.requestBody.content['application/json'].schema.$ref.split('/').pop()!;
  return teamSchemaViolations(name, event).map((violation) => `${event.event_type}: ${violation}`);
}
const INTERVAL = 5 * MINUTE;
const HYPNOGRAM_TYPES = ['daily.timeseries.hypnogram.created', 'daily.timeseries.hypnogram.updated'];

interface Item {
  key: string;
  value: unknown;
}

/**
 * What a consumer holds after receiving everything the provider delivered by `to` of a window
 * opened at `from` and never synced before: its first sync delivers the profile (held since the
 * opening, as the profile read gives it) and the connection's day from its start, so every
 * summary and sample of the days touched is new.
 */
function expectedChanges(userId: string, provider: string, timeZone: string, from: Date, to: Date): Item[] {
  const items = new Map<string, unknown>();
  if (summaryResourcesFor(provider).includes('profile')) {
    const profile = { ...generateProfile(userId, provider), created_at: from.toISOString(), updated_at: from.toISOString() };
    items.set(`profile|${profile.id}`, profile);
  }
  const nothing = { activity: null, sleep: [], sleep_cycle: [], body: null, workouts: [], meal: [], timeseries: {} } as Record<string, unknown>;
  for (const date of daysTouched(timeZone, from, to)) {
    const ctx = { userId, provider, date, timeZone };
    const before = nothing;
    const after = generateDay(ctx, to) as unknown as Record<string, unknown>;
    for (const resource of ['activity', 'sleep', 'sleep_cycle', 'body', 'workouts', 'meal']) {
      const list = (value: unknown) => (value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]) as { id: string }[];
      const earlier = new Map(list(before[resource]).map((summary) => [summary.id, JSON.stringify(summary)]));
      for (const summary of list(after[resource])) if (earlier.get(summary.id) !== JSON.stringify(summary)) items.set(`${resource}|${summary.id}`, summary);
    }
    const series = (day: Record<string, unknown>) => day.timeseries as Record<string, { timestamp: string }[]>;
    for (const [resource, samples] of Object.entries(series(after))) {
      if (resource === 'hypnogram') continue;
      const earlier = new Map((series(before)[resource] ?? []).map((sample) => [Date.parse(sample.timestamp), JSON.stringify(sample)]));
      for (const sample of samples) if (earlier.get(Date.parse(sample.timestamp)) !== JSON.stringify(sample)) items.set(`${resource}|${new Date(sample.timestamp).toISOString()}`, sample);
    }
  }
  return [...items].map(([key, value]) => ({ key, value })).sort((a, b) => a.key.localeCompare(b.key));
}

/** Whether a steps sample delivered at one of `times` has another value at the next (a `daily.data.steps.updated`). */
function stepsBucketChanges(userId: string, provider: string, timeZone: string, times: readonly Date[]): boolean {
  for (let index = 1; index < times.length; index += 1) {
    const [from, to] = [times[index - 1]!, times[index]!];
    for (const date of daysTouched(timeZone, from, to)) {
      const ctx = { userId, provider, date, timeZone };
      const steps = (at: Date) => ((generateDay(ctx, at) as unknown as { timeseries: Record<string, { timestamp: string }[]> }).timeseries.steps ?? []);
      const before = new Map(steps(from).map((sample) => [Date.parse(sample.timestamp), JSON.stringify(sample)]));
      for (const sample of steps(to)) {
        const earlier = before.get(Date.parse(sample.timestamp));
        if (earlier !== undefined && earlier !== JSON.stringify(sample)) return true;
      }
    }
  }
  return false;
}

/** The same, as the consumer module rebuilt it from the deliveries (of one user: the tests share the team). */
function received(store: WebhookDeduplicator, userId: string): Item[] {
  const items: Item[] = [];
  for (const summary of store.summaries().filter((candidate) => candidate.user_id === userId)) {
    // hrv_mean_rmssd: the deprecated copy of average_hrv sleep events keep for earlier clients.
    const { user_id: _user, source: _source, hrv_mean_rmssd: deprecated, ...data } = summary.data as unknown as Record<string, unknown>;
    if (summary.resource === 'sleep') expect(deprecated).toBe(data.average_hrv);
    items.push({ key: `${summary.resource}|${(summary.data as { id: string }).id}`, value: data });
  }
  for (const sample of store.samples({ user_id: userId })) {
    const { resource, user_id: _user, provider: _provider, source_type: _type, ...data } = sample;
    items.push({ key: `${resource}|${new Date(sample.timestamp).toISOString()}`, value: data });
  }
  return items.sort((a, b) => a.key.localeCompare(b.key));
}

/** Summaries without the fields the event adds (user_id and the source context are the summary's own in the generator too). */
const withoutContext = (items: Item[]) =>
  items.map(({ key, value }) => {
    const { user_id: _user, source: _source, ...rest } = value as Record<string, unknown>;
    return { key, value: rest };
  });

describe.each(apiEngines)('data sync on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const receivers: Receiver[] = [];
  const workers: DeliveryWorker[] = [];

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop({ graceMs: 0 })));
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
    await ctx.server.db.query('DELETE FROM webhook_endpoints');
  });

  /**
   * A new user connected to `provider`, its window last synced at `at`. The synthetic data is random per user id: a
   * test that needs some kind of change in it takes a user whose data has it (`suits`).
   */
  async function connected(provider: string, at: Date, timeZone = 'Europe/London', suits: (userId: string) => boolean = () => true) {
    const user = await firstSuitable(() => ctx.newUser({ fallback_time_zone: timeZone }), (candidate) => suits(candidate.user_id));
    await ctx.connect(user.user_id, provider);
    await ctx.server.db.query(`UPDATE data_windows SET synced_through = $3, opened_at = $3, history_start = ($3::timestamptz AT TIME ZONE $4)::date WHERE user_id = $1 AND provider = $2`, [
      user.user_id,
      provider,
      at.toISOString(),
      timeZone,
    ]);
    return user;
  }

  async function endpoint(eventTypes: string[] | null = null) {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const registered = await registerEndpoint(ctx.server.db, { team_id: ctx.server.teamId, url: receiver.url, secret: receiver.secret, event_types: eventTypes });
    return { receiver, id: registered.id };
  }

  /** Delivers the outbox and feeds every verified delivery of `target` to a consumer; returns it and the events. */
  async function deliverTo(target: { receiver: Receiver; id: string }, store = new WebhookDeduplicator()) {
    if (workers.length === 0) workers.push(new DeliveryWorker(ctx.server.db, FAST).start());
    await waitUntilSettled(ctx.server.db, target.id);
    const events: WebhookEvent[] = [];
    // In the order received; a delivery received before (an earlier call with the same store) is a duplicate for the store.
    // Delivery is at least once: an attempt that outlives the worker's timeout on a loaded machine is sent again with
    // the same webhook-id, so the events are counted once per id, as a consumer does.
    const seen = new Set<string>();
    for (const delivery of target.receiver.deliveries) {
      const headers = { 'webhook-id': delivery.id, 'webhook-timestamp': delivery.timestamp, 'webhook-signature': delivery.signature };
      const event = verifyWebhook(target.receiver.secret, headers, delivery.body);
      if (!seen.has(delivery.id)) events.push(event);
      seen.add(delivery.id);
      store.receive(delivery.id, event);
    }
    return { store, events };
  }

  const sync = (clock: FakeClock, options: { maxSamplesPerEvent?: number } = {}) =>
    syncDueWindows(ctx.server.db, { now: () => new Date(clock.now()), intervalMs: INTERVAL, batchSize: 7, ...options });

  it('when a connection is synced through a day, then the consumer module rebuilds exactly what changed: summaries by id, samples by compound key', async () => {
    // From midnight: the night's sleep ends (created), is confirmed (updated), the day's activity grows.
    const start = new Date('2026-11-20T00:00:00Z');
    const clock = new FakeClock(start.getTime());
    // About 1 user in 100 has no step bucket that changes between two of these syncs (every bucket
    // seen while incomplete already holds its final count): the test takes a user who has one.
    const syncTimes = Array.from({ length: 13 }, (_, step) => new Date(start.getTime() + step * 97 * MINUTE));
    const user = await connected('oura', start, 'Europe/London', (userId) => stepsBucketChanges(userId, 'oura', 'Europe/London', syncTimes));
    const target = await endpoint();
    // Every 97 minutes (off the 15-minute buckets) through the morning (the night's sleep ends, then is confirmed) and the day. Each
    // round's deliveries arrive before the next sync (delivery order within a round does not matter:
    // a round sends one version per summary and sample key).
    const store = new WebhookDeduplicator();
    let events: WebhookEvent[] = [];
    for (let step = 0; step < 12; step += 1) {
      clock.advanceBy(97 * MINUTE);
      const round = await sync(clock);
      expect(round.windows).toBeGreaterThanOrEqual(1);
      events = (await deliverTo(target, store)).events;
    }
    const expected = expectedChanges(user.user_id, 'oura', 'Europe/London', start, new Date(clock.now()));
    expect(withoutContext(received(store, user.user_id))).toEqual(withoutContext(expected));
    // Both kinds of change happened: new data (.created) and changed data (.updated, e.g. the current step bucket, the sleep confirmed).
    // Every event is one the team API documents, in its documented shape.
    expect(events.flatMap(payloadViolations)).toEqual([]);
    const types = new Set(events.map((event) => event.event_type));
    expect(types).toContain('daily.data.activity.updated');
    expect(types).toContain('daily.data.sleep.created');
    expect(types).toContain('daily.data.steps.updated');
    expect(events.filter((event) => event.event_type === 'daily.data.profile.created')).toHaveLength(1);
    expect(events.every((event) => event.user_id === user.user_id && (event.data as { user_id?: string }).user_id === user.user_id)).toBe(true);
    // Data events name their source (a device event, when the provider reports a new firmware, names the device instead).
    for (const event of events.filter((candidate) => candidate.event_type.startsWith('daily.data.'))) {
      const source = (event.data as { source: Record<string, unknown> }).source;
      expect(source).toMatchObject({ provider: 'oura', slug: 'oura', name: 'Oura' });
    }
    const timeseries = events.filter((event) => 'source_id' in (event.data as object));
    expect(timeseries.length).toBeGreaterThan(0);
    // source_id is the provider's integer id in the catalog.
    expect(new Set(timeseries.map((event) => (event.data as { source_id: number }).source_id))).toEqual(new Set([findProvider('oura')!.id]));
    // Twelve syncs and deliveries: over vitest's 5 s on a loaded machine.
  }, 30_000);

  it('when a window was synced less than an interval ago, then it is not due; when it is, then it is synced once per round', async () => {
    const start = new Date('2026-11-20T12:00:00Z');
    const clock = new FakeClock(start.getTime());
    const user = await connected('fitbit', start);
    const mine = async () => (await ctx.server.db.one<{ at: string }>(`SELECT to_json(synced_through)#>>'{}' AS at FROM data_windows WHERE user_id = $1`, [user.user_id]))!.at;
    clock.advanceBy(INTERVAL);
    await sync(clock);
    expect(Date.parse(await mine())).toBe(start.getTime());
    clock.advanceBy(1);
    await sync(clock);
    expect(Date.parse(await mine())).toBe(clock.now());
    // Even with no interval at all, a round syncs a window once (its new synced_through is not before the round's start).
    const again = await syncDueWindows(ctx.server.db, { now: () => new Date(clock.now()), intervalMs: 0, batchSize: 1 });
    expect(again.windows).toBeLessThanOrEqual(1);
  });

  it('when a batch of samples is bigger than the limit, then it is split into several events and the consumer holds the same samples', async () => {
    const start = new Date('2026-11-20T00:00:00Z');
    const split = new FakeClock(start.getTime());
    const user = await connected('oura', start, 'UTC');
    const target = await endpoint();
    split.advanceBy(20 * 60 * MINUTE);
    await sync(split, { maxSamplesPerEvent: 7 });
    const { store, events } = await deliverTo(target);
    const batches = events.filter((event) => Array.isArray((event.data as { data?: unknown }).data)).map((event) => (event.data as { data: unknown[] }).data.length);
    expect(batches.length).toBeGreaterThan(1);
    expect(Math.max(...batches)).toBeLessThanOrEqual(7);
    expect(withoutContext(received(store, user.user_id))).toEqual(withoutContext(expectedChanges(user.user_id, 'oura', 'UTC', start, new Date(split.now()))));
  });

  it('when a provider is deregistered, then its connection is no longer synced and emits nothing', async () => {
    const start = new Date('2026-11-20T06:00:00Z');
    const clock = new FakeClock(start.getTime());
    const user = await connected('withings', start);
    expectStatus(await ctx.team().delete(`/v2/user/${user.user_id}/withings`), 200);
    const target = await endpoint();
    clock.advanceBy(6 * 60 * MINUTE);
    expect(await sync(clock)).toEqual({ windows: 0, events: 0 });
    const { events } = await deliverTo(target);
    expect(events).toEqual([]);
  });

  it('when a user sleeps, then hypnogram events go only to the endpoint whose filter names them, and the consumer module ignores them', async () => {
    // From midnight: the night's sleep (and its cycle) ends within the next 12 hours.
    const start = new Date('2026-11-20T00:00:00Z');
    const clock = new FakeClock(start.getTime());
    await connected('oura', start, 'UTC');
    const everything = await endpoint();
    const wildcard = await endpoint(['daily.*']);
    const named = await endpoint([...HYPNOGRAM_TYPES, 'daily.data.sleep_cycle.created']);
    clock.advanceBy(12 * 60 * MINUTE);
    await sync(clock);
    const all = await deliverTo(everything);
    const daily = await deliverTo(wildcard);
    const optIn = await deliverTo(named);
    const hypnograms = (events: WebhookEvent[]) => events.filter((event) => HYPNOGRAM_TYPES.includes(event.event_type));
    expect(all.events.some((event) => event.event_type === 'daily.data.sleep_cycle.created')).toBe(true);
    expect(hypnograms(all.events)).toEqual([]);
    expect(hypnograms(daily.events)).toEqual([]);
    expect(hypnograms(optIn.events).length).toBeGreaterThan(0);
    expect([...all.events, ...optIn.events].flatMap(payloadViolations)).toEqual([]);
    expect(optIn.store.samples()).toEqual([]);
    expect(optIn.store.summaries('sleep_cycle').length).toBeGreaterThan(0);
  });

  it('when windows change while their batch is being synced (a provider deregistered, a time zone set), then those get no event from it and the others are synced', async () => {
    const start = new Date('2026-11-20T06:00:00Z');
    const clock = new FakeClock(start.getTime());
    const [moved, ended, kept] = [await connected('oura', start, 'UTC'), await connected('oura', start, 'UTC'), await connected('oura', start, 'UTC')];
    const mine = [moved.user_id, ended.user_id, kept.user_id];
    clock.advanceBy(3 * 60 * MINUTE);
    // The changes land right after the batch's windows were read (PGlite: before its transaction; PostgreSQL: they wait for it).
    let changed: Promise<unknown> | null = null;
    const db = ctx.server.db;
    const change = () => {
      changed ??= Promise.all([
        db.query(`UPDATE users SET fallback_time_zone = 'Asia/Tokyo' WHERE id = $1`, [moved.user_id]),
        db.query(`UPDATE data_windows SET ended_at = $2 WHERE user_id = $1`, [ended.user_id, new Date(clock.now()).toISOString()]),
      ]);
    };
    const intercepted = new Proxy(db, {
      get(target, property, receiver) {
        if (property === 'query') {
          return async (sql: string, params?: unknown[]) => {
            const rows = await target.query(sql, params);
            if (/FROM data_windows w\s+JOIN users u/.test(sql) && /LIMIT \$2/.test(sql) && !/FOR UPDATE/.test(sql)) change();
            return rows;
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    await syncDueWindows(intercepted, { now: () => new Date(clock.now()), intervalMs: INTERVAL, batchSize: 50 });
    // PostgreSQL: the windows were claimed in the transaction, and the changes come after it.
    change();
    await changed;
    const byUser = await db.query<{ user_id: string; n: number }>(`SELECT payload->>'user_id' AS user_id, count(*)::int AS n FROM events WHERE payload->>'user_id' = ANY ($1::text[]) AND event_type LIKE 'daily.%' GROUP BY 1`, [mine]);
    const counts = Object.fromEntries(byUser.map((row) => [row.user_id, row.n]));
    const windows = await db.query<{ user_id: string; synced_through: string }>(`SELECT user_id, to_json(synced_through)#>>'{}' AS synced_through FROM data_windows WHERE user_id = ANY ($1::uuid[])`, [mine]);
    const synced = Object.fromEntries(windows.map((row) => [row.user_id, Date.parse(row.synced_through)]));
    expect(counts[kept.user_id]).toBeGreaterThan(0);
    expect(synced[kept.user_id]).toBe(clock.now());
    if (db.kind === 'pglite') {
      // Read before the changes, written after them: the ended window got nothing, the moved one was synced in its new zone.
      expect(counts[ended.user_id]).toBeUndefined();
      expect(synced[ended.user_id]).toBe(start.getTime());
      const tokyo = await db.query<{ payload: { data: { time_zone?: string } } }>(`SELECT payload FROM events WHERE payload->>'user_id' = $1 AND event_type LIKE 'daily.data.activity.%'`, [moved.user_id]);
      expect(tokyo.length).toBeGreaterThan(0);
      expect(tokyo.every((event) => event.payload.data.time_zone === 'Asia/Tokyo')).toBe(true);
    }
  });

  it('when a round syncs several batches, then the worker asks for a concurrent full collection every gcEveryBatches batches', async () => {
    const start = new Date('2026-11-20T06:00:00Z');
    const clock = new FakeClock(start.getTime());
    for (let i = 0; i < 5; i += 1) await connected('oura', start, 'UTC');
    clock.advanceBy(INTERVAL + MINUTE);
    const calls: unknown[] = [];
    const worker = startDataSyncWorker({ db: ctx.server.db, logger: silentLogger(), clock, intervalMs: INTERVAL, batchSize: 1, gcEveryBatches: 2, gc: (options) => calls.push(options) });
    try {
      // The worker's first round starts at once; runOnce waits for it, then runs one more (nothing is due then).
      await worker.runOnce();
      const synced = (await ctx.server.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM data_windows WHERE synced_through = $1`, [new Date(clock.now()).toISOString()]))!.n;
      expect(synced).toBeGreaterThanOrEqual(5);
      expect(calls).toEqual(Array.from({ length: Math.floor(synced / 2) }, () => ({ type: 'major', execution: 'async' })));
    } finally {
      await worker.stop();
    }
  });

  it('when due first syncs carry more samples than batchSamples, then each batch takes windows in order until it reaches them, at least one, and every window is synced once', async () => {
    // A day before every other test's windows: only this test's are due.
    const start = new Date('2026-11-19T18:00:00Z');
    const clock = new FakeClock(start.getTime());
    const users = [];
    for (let i = 0; i < 5; i += 1) users.push(await connected('oura', start, 'UTC'));
    clock.advanceBy(INTERVAL + MINUTE);
    const now = new Date(clock.now());
    const dueBefore = new Date(clock.now() - INTERVAL);
    const due = await listDueWindows(ctx.server.db, { dueBefore, limit: 50 });
    expect(due.map((window) => window.user_id).sort()).toEqual(users.map((user) => user.user_id).sort());
    // Each first sync announces 18 hours of the day: hundreds of samples.
    const weights = due.map((window) => samplesOf(windowEvents(window, now)));
    expect(Math.min(...weights)).toBeGreaterThan(100);
    const batchSamples = weights[0]! + 1;
    const expected: number[] = [];
    for (let i = 0, carried = 0, taken = 0; i < weights.length; i += 1) {
      carried += weights[i]!;
      taken += 1;
      if (carried >= batchSamples || i === weights.length - 1) {
        expected.push(taken);
        carried = 0;
        taken = 0;
      }
    }
    expect(expected.length).toBeGreaterThan(1);
    const batches: number[] = [];
    let before = 0;
    const round = await syncDueWindows(ctx.server.db, {
      now: () => now,
      intervalMs: INTERVAL,
      batchSize: 50,
      batchSamples,
      afterBatch: (sofar) => {
        batches.push(sofar.windows - before);
        before = sofar.windows;
      },
    });
    expect(batches).toEqual(expected);
    expect(round.windows).toBe(5);
    const synced = await ctx.server.db.query<{ synced_through: string }>(`SELECT to_json(synced_through)#>>'{}' AS synced_through FROM data_windows WHERE user_id = ANY ($1::uuid[])`, [users.map((user) => user.user_id)]);
    expect(synced.map((row) => Date.parse(row.synced_through))).toEqual(users.map(() => now.getTime()));
    const profiles = await ctx.server.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE payload->>'user_id' = ANY ($1::text[]) AND event_type = 'daily.data.profile.created'`, [users.map((user) => user.user_id)]);
    expect(profiles!.n).toBe(5);
    // A bound below any window's weight still syncs one window a batch.
    clock.advanceBy(INTERVAL + MINUTE);
    const next: number[] = [];
    let sofarBefore = 0;
    await syncDueWindows(ctx.server.db, { now: () => new Date(clock.now()), intervalMs: INTERVAL, batchSize: 50, batchSamples: 1, afterBatch: (sofar) => {
      next.push(sofar.windows - sofarBefore);
      sofarBefore = sofar.windows;
    } });
    expect(next).toEqual([1, 1, 1, 1, 1]);
  });

  it('when a user is refreshed, then its connections are synced at once and the events are in the outbox when it answers', async () => {
    const start = new Date('2026-11-20T07:00:00Z');
    const clock = new FakeClock(start.getTime());
    const user = await connected('oura', start);
    await ctx.connect(user.user_id, 'strava');
    await ctx.server.db.query(`UPDATE data_windows SET synced_through = $2, opened_at = $2 WHERE user_id = $1`, [user.user_id, start.toISOString()]);
    const target = await endpoint();
    clock.advanceBy(3 * 60 * MINUTE);
    ctx.server.setNow(new Date(clock.now()));
    try {
      const refreshed = expectStatus<TeamSchemas['UserRefreshResponse']>(await ctx.team().post(`/v2/user/refresh/${user.user_id}`), 200);
      expect(refreshed).toEqual({ success: true, user_id: user.user_id, refreshed_sources: ['oura', 'strava'], in_progress_sources: [], failed_sources: [] });
      const synced = await ctx.server.db.query<{ provider: string; synced_through: string }>(`SELECT provider, to_json(synced_through)#>>'{}' AS synced_through FROM data_windows WHERE user_id = $1 ORDER BY provider`, [user.user_id]);
      expect(synced.map((row) => [row.provider, Date.parse(row.synced_through)])).toEqual([
        ['oura', clock.now()],
        ['strava', clock.now()],
      ]);
      const { store } = await deliverTo(target);
      const expected = [...expectedChanges(user.user_id, 'oura', 'Europe/London', start, new Date(clock.now())), ...expectedChanges(user.user_id, 'strava', 'Europe/London', start, new Date(clock.now()))];
      expect(withoutContext(received(store, user.user_id)).map((item) => item.key).sort()).toEqual(withoutContext(expected).map((item) => item.key).sort());
      // Refreshing again at the same instant syncs nothing new.
      expect(expectStatus<TeamSchemas['UserRefreshResponse']>(await ctx.team().post(`/v2/user/refresh/${user.user_id}`), 200).refreshed_sources).toEqual(['oura', 'strava']);
      expect((await ctx.server.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'`))?.n).toBe(0);
    } finally {
      ctx.server.setNow(null);
    }
  });

  it('when timeout is 0, then nothing is synced now and every provider is in progress', async () => {
    const user = await ctx.connectedUser('oura');
    const outcome = expectStatus<TeamSchemas['UserRefreshResponse']>(await ctx.team().post(`/v2/user/refresh/${user.user_id}?timeout=0`), 200);
    expect(outcome).toEqual({ success: true, user_id: user.user_id, refreshed_sources: [], in_progress_sources: ['oura'], failed_sources: [] });
  });
});

describe.each(apiEngines)('historical pull over synced days on %s', (_label, engine) => {
  const ctx = useApiApp(engine, {}, { bulkPullWorker: { pollMs: 20 } });

  it('when a historical pull runs over days already synced, then it emits only historical.data.*.created, moves history_start back, and the next sync emits nothing', async () => {
    const user = await ctx.connectedUser('oura');
    const window = async () =>
      (await ctx.server.db.one<{ history_start: string; synced_through: string }>(
        `SELECT to_char(history_start, 'YYYY-MM-DD') AS history_start, to_json(synced_through)#>>'{}' AS synced_through FROM data_windows WHERE user_id = $1`,
        [user.user_id],
      ))!;
    // Synced up to now first.
    const now = new Date();
    await syncDueWindows(ctx.server.db, { now: () => now, intervalMs: 0, batchSize: 10 });
    expect(Date.parse((await window()).synced_through)).toBe(now.getTime());
    const before = await window();
    const eventsBefore = (await ctx.server.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM events`))!.n;

    const response = await ctx.team().post('/v2/link/bulk_trigger_historical_pull').send({ user_ids: [user.user_id], provider: 'oura', wait_for_completion: true });
    expect([200, 202]).toContain(response.status);
    const opId = (response.body as { operation: { id: string } }).operation.id;
    for (;;) {
      const op = await ctx.server.db.one<{ status: string }>(`SELECT status FROM bulk_ops WHERE id = $1`, [opId]);
      if (op?.status !== 'in_progress') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const after = await window();
    expect(after.history_start < before.history_start).toBe(true);
    expect(after.synced_through).toBe(before.synced_through);
    const pulled = await ctx.server.db.query<{ event_type: string }>(`SELECT event_type FROM events ORDER BY created_on OFFSET $1`, [eventsBefore]);
    expect(pulled.length).toBeGreaterThan(0);
    expect(pulled.every((event) => /^historical\.data\.[a-z0-9_]+\.created$/.test(event.event_type))).toBe(true);
    // A refresh at the same instant syncs the window again: the pull changed none of its data, no event.
    ctx.server.setNow(now);
    try {
      expect(expectStatus<TeamSchemas['UserRefreshResponse']>(await ctx.team().post(`/v2/user/refresh/${user.user_id}`), 200).refreshed_sources).toEqual(['oura']);
    } finally {
      ctx.server.setNow(null);
    }
    const total = (await ctx.server.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM events`))!.n;
    expect(total).toBe(eventsBefore + pulled.length);
  }, 60_000);
});
