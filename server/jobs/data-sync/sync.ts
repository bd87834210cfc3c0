/**
 * The sandbox's live data: each connection's data window is synced on an interval (and on
 * `POST /v2/user/refresh/{user_id}`). Syncing a window compares, for every local day from
 * the day of its last sync to today within the user's ingestion bounds, the day as the reads
 * showed it at the last sync (`generateDay(asOf = synced_through)`, nothing for a day they did
 * not show: the connection's own day before the first sync, a day outside the bounds that sync
 * applied) with the day as delivered now (`generateDay(asOf = now)`), emits the difference as
 * `daily.data.*` events through the outbox (server/domain/data-sync/events.ts), moves
 * `synced_through` to now and stores the bounds it applied, all in one transaction: the events
 * exist if and only if the reads show their data.
 */
import { admittedDays, dataTimeZone, lastReadableDay, profileTimes, withinBounds, type IngestionBounds } from '../../domain/data/windows.js';
import { diffDay, profileEvent, type DailyEvent, type DaySnapshot, type ProviderInfo } from '../../domain/data-sync/events.js';
import { generateDay, generateProfile, Timelines } from '../../domain/synthetic/day.js';
import { providerTraits, sourceOf } from '../../domain/synthetic/person.js';
import { hasWorkoutStream, summaryResourcesFor } from '../../domain/synthetic/resources.js';
import { addDays, localDateOf, type FormatterMemo, type ZoneLike } from '../../domain/synthetic/time-zone.js';
import type { Database, Queryable } from '../../storage/database.js';
import { claimDueWindows, listDueWindows, lockUserWindows, lockWindowsAsRead, markSynced, type SyncWindow } from '../../storage/repositories/data-sync.js';
import { emitEvents, type BatchEvent } from '../../storage/repositories/events.js';
import { recordReportedDevices } from '../devices/record-devices.js';

export interface SyncOptions {
  /** Samples per timeseries event (bigger batches are split). */
  maxSamplesPerEvent?: number;
  /**
   * A batch takes due windows, in order, until their events carry this many samples (samplesOf): a
   * window's first sync announces its day since 00:00, up to a hundred times a steady sync's
   * samples, and a batch of those would hold that many more in memory at once. At least one window.
   */
  batchSamples?: number;
  /** The app's formatter cache (Deps.caches.dataReads.formatters): without it, each window's sync makes the formatter of its zone. */
  formatters?: FormatterMemo;
}

/** What a window's events weigh against a batch's `batchSamples`: one for each event and one for each sample it carries. */
export function samplesOf(events: readonly DailyEvent[]): number {
  let count = 0;
  for (const event of events) {
    const samples = event.data.data;
    count += 1 + (Array.isArray(samples) ? samples.length : 0);
  }
  return count;
}

/** A day can only be synced this far back (a server stopped for weeks catches up on the last days only). */
const MAX_CATCH_UP_DAYS = 31;

/** The provider as the events name it, with the source context the generator gives its records. */
export function providerInfo(slug: string): ProviderInfo {
  const source = sourceOf(providerTraits(slug));
  return { id: providerTraits(slug).id, slug, name: source.name, logo: source.logo, source_type: source.type, app_id: source.app_id, streams: hasWorkoutStream(slug) };
}

/** The local days a sync from `from` to `to` touches, oldest first (at most MAX_CATCH_UP_DAYS). */
export function daysTouched(timeZone: ZoneLike, from: Date, to: Date): string[] {
  const last = localDateOf(timeZone, to.getTime());
  let day = localDateOf(timeZone, from.getTime());
  const earliest = addDays(last, -(MAX_CATCH_UP_DAYS - 1));
  if (day < earliest) day = earliest;
  const days: string[] = [];
  for (; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The events of one window's sync from its `synced_through` to `now` (pure apart from the generator).
 * Each day the user's ingestion bounds admit is compared as the reads showed it (lastReadableDay,
 * the bounds of the last sync) with the day now: a day they did not show is announced whole, as
 * `.created`. Days outside the bounds emit nothing; the days a widened bound admits in the window's
 * history are announced whole too (admittedDays).
 */
export function windowEvents(window: SyncWindow, now: Date, options: SyncOptions = {}): DailyEvent[] {
  const since = new Date(window.synced_through);
  if (!(now > since)) return [];
  const timeZone = dataTimeZone(window.time_zone, options.formatters);
  // One window's days and both views of each share their timelines (the day before a day, its night).
  const timelines = new Timelines(options.formatters);
  const zone = timelines.zone(timeZone);
  const provider = providerInfo(window.provider);
  const events: DailyEvent[] = [];
  // The first sync of a connection delivers the profile the provider holds, as the profile read gives it.
  if (Date.parse(window.synced_through) === Date.parse(window.opened_at) && summaryResourcesFor(window.provider).includes('profile')) {
    const profile = { ...generateProfile(window.user_id, window.provider), ...profileTimes(window.opened_at) };
    events.push(profileEvent(window.user_id, provider, profile as unknown as Record<string, unknown>));
  }
  const current: IngestionBounds = { ingestion_start: window.ingestion_start, ingestion_end: window.ingestion_end };
  const synced: IngestionBounds = { ingestion_start: window.synced_ingestion_start, ingestion_end: window.synced_ingestion_end };
  const shownThrough = lastReadableDay(window, zone);
  const touched = daysTouched(zone, since, now);
  for (const date of [...admittedDays(window, synced, current, touched[0]!), ...touched]) {
    if (!withinBounds(current, date)) continue;
    const ctx = { userId: window.user_id, provider: window.provider, date, timeZone };
    const shown = date >= window.history_start && date <= shownThrough && withinBounds(synced, date);
    const before = shown ? (generateDay(ctx, since, timelines) as unknown as DaySnapshot) : null;
    const after = generateDay(ctx, now, timelines) as unknown as DaySnapshot;
    events.push(...diffDay(before, after, { userId: window.user_id, provider, ...(options.maxSamplesPerEvent !== undefined && { maxSamplesPerEvent: options.maxSamplesPerEvent }) }));
  }
  return events;
}

const envelope = (window: SyncWindow, event: DailyEvent): BatchEvent => ({
  event: { event_type: event.event_type, data: event.data, team_id: window.team_id, user_id: window.user_id, client_user_id: window.client_user_id },
  explicitOnly: event.explicitOnly,
});

/** How long generating events may keep the event loop before it lets HTTP requests and the delivery worker in. */
const SLICE_MS = 10;

/**
 * The events of the first windows (same order) whose events reach `options.batchSamples`, or of all
 * of them, generated in slices of about SLICE_MS between which other work runs. The caller syncs
 * only the windows it got events for; the others stay due for the next batch.
 */
async function generateInSlices(windows: readonly SyncWindow[], now: Date, options: SyncOptions): Promise<BatchEvent[][]> {
  const out: BatchEvent[][] = [];
  let samples = 0;
  let sliceStart = performance.now();
  for (const window of windows) {
    const events = windowEvents(window, now, options);
    out.push(events.map((event) => envelope(window, event)));
    samples += samplesOf(events);
    if (options.batchSamples !== undefined && samples >= options.batchSamples) break;
    if (performance.now() - sliceStart >= SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
  return out;
}

/** Writes the windows' events (per window, in order), their devices' (provider.device.*), then their new synced_through, in the caller's transaction. Returns the events written. */
async function writeSynced(tx: Queryable, windows: readonly SyncWindow[], events: readonly (readonly BatchEvent[])[], now: Date): Promise<number> {
  let written = 0;
  const byTeam = new Map<string, BatchEvent[]>();
  windows.forEach((window, i) => {
    const batch = byTeam.get(window.team_id) ?? [];
    batch.push(...events[i]!);
    byTeam.set(window.team_id, batch);
  });
  for (const [teamId, batch] of byTeam) written += await emitEvents(tx, teamId, batch);
  // Each provider reports its device as of this sync: a firmware release is provider.device.updated.
  written += await recordReportedDevices(tx, windows, now);
  await markSynced(tx, windows, now);
  return written;
}

/**
 * Syncs windows locked by the caller's transaction, or the first of them up to `options.batchSamples`:
 * their events, then their new synced_through. Returns the windows synced and the events written.
 */
export async function syncLockedWindows(tx: Queryable, windows: readonly SyncWindow[], now: Date, options: SyncOptions = {}): Promise<SyncRound> {
  const events = await generateInSlices(windows, now, options);
  return { windows: events.length, events: await writeSynced(tx, windows.slice(0, events.length), events, now) };
}

/**
 * One batch of due windows synced at `now`; null when none is due. PGlite is one connection:
 * a transaction holds it, and every other query (requests, the delivery worker's claims) waits.
 * There the events are generated before the transaction, which then locks the windows and
 * writes the events of those still exactly as read (any other was synced, ended or changed
 * meanwhile, and is read again by the next batch). On PostgreSQL the windows are locked first
 * (other processes skip them) and generated in the transaction.
 */
async function syncBatch(db: Database, dueBefore: Date, now: Date, input: { batchSize: number } & SyncOptions): Promise<SyncRound | null> {
  if (db.kind !== 'pglite') {
    return db.transaction(async (tx) => {
      const windows = await claimDueWindows(tx, { dueBefore, limit: input.batchSize });
      if (windows.length === 0) return null;
      return syncLockedWindows(tx, windows, now, input);
    });
  }
  const listed = await listDueWindows(db, { dueBefore, limit: input.batchSize });
  if (listed.length === 0) return null;
  const events = await generateInSlices(listed, now, input);
  const candidates = listed.slice(0, events.length);
  const eventsOf = new Map(candidates.map((window, i) => [window, events[i]!]));
  return db.transaction(async (tx) => {
    const windows = await lockWindowsAsRead(tx, candidates);
    return { windows: windows.length, events: await writeSynced(tx, windows, windows.map((window) => eventsOf.get(window)!), now) };
  });
}

export interface SyncRound {
  windows: number;
  events: number;
}

/**
 * Syncs every window due at `now` (last synced more than `intervalMs` ago), `batchSize` windows
 * per transaction, until none is due. Windows other processes are syncing are skipped.
 */
export async function syncDueWindows(
  db: Database,
  input: { now: () => Date; intervalMs: number; batchSize: number; stopping?: () => boolean; afterBatch?: (round: SyncRound) => void } & SyncOptions,
): Promise<SyncRound> {
  const round: SyncRound = { windows: 0, events: 0 };
  // Due: last synced before the round's start minus the interval. A window synced in this round
  // is synced up to its batch's `now`, never before the round's start: it is not synced twice.
  const dueBefore = new Date(input.now().getTime() - input.intervalMs);
  for (;;) {
    if (input.stopping?.()) return round;
    const done = await syncBatch(db, dueBefore, input.now(), input);
    if (!done) return round;
    round.windows += done.windows;
    round.events += done.events;
    input.afterBatch?.(round);
    // Every window of the batch changed before it could be written (PGlite): the next round reads them again.
    if (done.windows === 0) return round;
    // PGlite settles queries in microtasks: let HTTP requests in between two batches.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

export interface RefreshOutcome {
  refreshed_sources: string[];
  in_progress_sources: string[];
  failed_sources: string[];
}

/**
 * `POST /v2/user/refresh/{user_id}`: syncs the user's windows now, one transaction per
 * provider so a failure of one keeps the others. Providers another transaction is syncing,
 * and those not started before the time is `expired`, are in progress.
 */
export async function refreshUserData(db: Database, input: { team_id: string; user_id: string; now: () => Date; expired: () => boolean; onError?: (provider: string, error: unknown) => void } & SyncOptions): Promise<RefreshOutcome> {
  const outcome: RefreshOutcome = { refreshed_sources: [], in_progress_sources: [], failed_sources: [] };
  const providers = await db.transaction(async (tx) => {
    const { locked, busy } = await lockUserWindows(tx, input);
    outcome.in_progress_sources.push(...busy);
    return locked.map((window) => window.provider);
  });
  for (const provider of providers) {
    if (input.expired()) {
      outcome.in_progress_sources.push(provider);
      continue;
    }
    try {
      const synced = await db.transaction(async (tx) => {
        const { locked } = await lockUserWindows(tx, input);
        const window = locked.find((candidate) => candidate.provider === provider);
        if (!window) return false;
        await syncLockedWindows(tx, [window], input.now(), input);
        return true;
      });
      (synced ? outcome.refreshed_sources : outcome.in_progress_sources).push(provider);
    } catch (error) {
      input.onError?.(provider, error);
      outcome.failed_sources.push(provider);
    }
  }
  return outcome;
}
