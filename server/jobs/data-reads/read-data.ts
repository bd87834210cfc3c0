/**
 * The data reads: a connection's data is derived from its seed (server/domain/synthetic), and
 * what a reader may see of it is its data window (server/storage/repositories/data-windows.ts):
 * the local days from `history_start` to the day of `synced_through` (the connection's own day
 * once the first sync announced it), within the user's ingestion bounds and those the last sync
 * applied, each as of `synced_through` (readableDays in server/domain/data/windows.ts). Nothing
 * here is stored per sample.
 */
import { dataTimeZone, profileTimes, readableDays } from '../../domain/data/windows.js';
import { daysBetween, type ReadRange } from '../../domain/data/ranges.js';
import { generateDay, generateProfile, generateSleepStream, generateWorkoutStream, Timelines } from '../../domain/synthetic/day.js';
import { decodeRecordId, recordIdMatches } from '../../domain/synthetic/ids.js';
import { generateRaw, generateRawProfile, type RawRecord } from '../../domain/synthetic/raw.js';
import { providerTraits, sourceOf } from '../../domain/synthetic/person.js';
import { isoMs } from '../../domain/synthetic/time-zone.js';
import { summaryResourcesFor, timeseriesResourcesFor, type TimeseriesResource } from '../../domain/synthetic/resources.js';
import type {
  ActivitySummary,
  BodySummary,
  DayData,
  Electrocardiogram,
  MealSummary,
  MenstrualCycle,
  ProfileSummary,
  SleepCycle,
  SleepStream,
  SleepSummary,
  SourceContext,
  TimeseriesSample,
  WorkoutStream,
  WorkoutSummary,
} from '../../domain/synthetic/types.js';
import type { Queryable } from '../../storage/database.js';
import { findDataWindowsByUserIdRange, type DataWindowRecord } from '../../storage/repositories/data-windows.js';
import type { DataReadCaches } from './caches.js';

export type ListedSummary = 'activity' | 'sleep' | 'body' | 'workouts' | 'meal' | 'sleep_cycle' | 'electrocardiogram' | 'menstrual_cycle';

export interface SummaryOf {
  activity: ActivitySummary;
  sleep: SleepSummary;
  body: BodySummary;
  workouts: WorkoutSummary;
  meal: MealSummary;
  sleep_cycle: SleepCycle;
  electrocardiogram: Electrocardiogram;
  menstrual_cycle: MenstrualCycle;
}

/** A window as the reads use it: its zone, its readable days and the instant it is read as of. */
interface ReadableWindow {
  record: DataWindowRecord;
  provider: string;
  timeZone: string;
  firstDay: string;
  lastDay: string;
  asOf: Date;
}

/** What one read works with: the app's caches and the timelines (and zones) of this read alone. */
interface Read {
  caches: DataReadCaches;
  timelines: Timelines;
}

const startRead = (caches: DataReadCaches): Read => ({ caches, timelines: new Timelines(caches.formatters) });

function readable(read: Read, record: DataWindowRecord): ReadableWindow {
  const timeZone = dataTimeZone(record.time_zone, read.caches.formatters);
  const synced = { ingestion_start: record.synced_ingestion_start, ingestion_end: record.synced_ingestion_end };
  const { firstDay, lastDay } = readableDays(record, read.timelines.zone(timeZone), synced, record);
  return { record, provider: record.provider, timeZone, firstDay, lastDay, asOf: new Date(record.synced_through) };
}

const covers = (w: ReadableWindow, day: string) => day >= w.firstDay && day <= w.lastDay;

/**
 * A generated day (the data-read-days cache: a day read as of the same instant is the same data,
 * so reads repeated between two syncs, a dashboard refreshing, the pages of one range, do not
 * generate it again). Shared between reads: callers never mutate what dayOf returns.
 */
function dayOf(read: Read, w: ReadableWindow, day: string, resources: readonly (ListedSummary | TimeseriesResource)[]): DayData {
  // Every input of generateDay: the key is the whole of what the day is a function of.
  const key = `${w.record.user_id}|${w.provider}|${day}|${w.timeZone}|${resources.join(',')}|${w.record.synced_through}`;
  return read.caches.days.getOrSet(key, () =>
    generateDay({ userId: w.record.user_id, provider: w.provider, date: day, timeZone: w.timeZone, resources }, w.asOf, read.timelines),
  );
}

function pick<K extends ListedSummary>(data: DayData, resource: K): SummaryOf[K][] {
  switch (resource) {
    case 'activity':
      return (data.activity ? [data.activity] : []) as SummaryOf[K][];
    case 'body':
      return (data.body ? [data.body] : []) as SummaryOf[K][];
    case 'sleep':
      return data.sleep as SummaryOf[K][];
    case 'sleep_cycle':
      return data.sleep_cycle as SummaryOf[K][];
    case 'electrocardiogram':
      return data.electrocardiogram as SummaryOf[K][];
    case 'menstrual_cycle':
      return data.menstrual_cycle as SummaryOf[K][];
    case 'workouts':
      return data.workouts as SummaryOf[K][];
    default:
      return data.meal as SummaryOf[K][];
  }
}

/**
 * The summaries of `resource` whose calendar_date lies in the range's local days, oldest day
 * first, then by provider (windows come ordered by provider).
 */
export function readSummaries<K extends ListedSummary>(caches: DataReadCaches, windows: readonly DataWindowRecord[], resource: K, range: ReadRange): SummaryOf[K][] {
  const read = startRead(caches);
  const views = windows.map((record) => readable(read, record)).filter((w) => summaryResourcesFor(w.provider).includes(resource));
  const out: SummaryOf[K][] = [];
  for (const day of daysBetween(range.startDay, range.endDay)) {
    for (const w of views) if (covers(w, day)) out.push(...pick(dayOf(read, w, day, [resource]), resource));
  }
  return out;
}

export type RawListed = 'activity' | 'sleep' | 'body' | 'workouts';

/** A raw record; workouts also name their sport (as the summary does), which the provider's record gives only as a slug. */
export type RawRead = RawRecord & { sport_id?: number; sport?: WorkoutSummary['sport'] };

/** The raw records the summaries of the range were normalised from, in the same order. */
export function readRaw(caches: DataReadCaches, windows: readonly DataWindowRecord[], resource: RawListed, range: ReadRange): RawRead[] {
  const read = startRead(caches);
  const views = windows.map((record) => readable(read, record)).filter((w) => summaryResourcesFor(w.provider).includes(resource));
  const out: RawRead[] = [];
  for (const day of daysBetween(range.startDay, range.endDay)) {
    for (const w of views) {
      if (!covers(w, day)) continue;
      const ctx = { userId: w.record.user_id, provider: w.provider, date: day, timeZone: w.timeZone };
      const records = generateRaw(resource, ctx, w.asOf, read.timelines);
      if (resource !== 'workouts') {
        out.push(...records);
        continue;
      }
      // generateRaw lists a day's workouts in the order of its summaries.
      const workouts = dayOf(read, w, day, ['workouts']).workouts;
      out.push(...records.map((record, i) => ({ ...record, ...(workouts[i] ? { sport_id: workouts[i].sport.id, sport: workouts[i].sport } : {}) })));
    }
  }
  return out;
}

/** The samples of one source within one page or read. */
export interface SampleGroup {
  provider: string;
  source: SourceContext;
  data: TimeseriesSample[];
}

function inRange(sample: TimeseriesSample, range: ReadRange): boolean {
  const t = isoMs(sample.timestamp);
  return t >= range.startMs && t <= range.endMs;
}

/**
 * One page of a resource's samples: whole local days from `fromDay` (the range's first day
 * when null), the first day with samples and then more days while the page stays within
 * `limit` samples. `nextDay` is where the next page starts (null: none).
 */
export function readTimeseriesPage(
  caches: DataReadCaches,
  windows: readonly DataWindowRecord[],
  resource: TimeseriesResource,
  range: ReadRange,
  fromDay: string | null,
  limit: number,
): { groups: SampleGroup[]; nextDay: string | null } {
  const read = startRead(caches);
  const views = windows.map((record) => readable(read, record)).filter((w) => timeseriesResourcesFor(w.provider).includes(resource));
  const candidates = new Set<string>();
  const first = fromDay && fromDay > range.startDay ? fromDay : range.startDay;
  for (const w of views) {
    const from = w.firstDay > first ? w.firstDay : first;
    const to = w.lastDay < range.endDay ? w.lastDay : range.endDay;
    for (const day of daysBetween(from, to)) candidates.add(day);
  }
  const days = [...candidates].sort();
  const groups = new Map<string, SampleGroup>();
  let count = 0;
  for (const [i, day] of days.entries()) {
    const dayGroups: SampleGroup[] = [];
    let dayCount = 0;
    for (const w of views) {
      if (!covers(w, day)) continue;
      const samples = (dayOf(read, w, day, [resource]).timeseries[resource] ?? []).filter((s) => inRange(s, range));
      if (samples.length === 0) continue;
      dayGroups.push({ provider: w.provider, source: sourceOf(providerTraits(w.provider)), data: samples });
      dayCount += samples.length;
    }
    if (dayCount === 0) continue;
    if (count > 0 && count + dayCount > limit) return { groups: inWindowOrder(groups, views), nextDay: day };
    for (const g of dayGroups) {
      const key = `${g.provider}\u0000${g.source.type ?? ''}\u0000${g.source.app_id ?? ''}`;
      const existing = groups.get(key);
      if (existing) existing.data.push(...g.data);
      else groups.set(key, g);
    }
    count += dayCount;
    if (count >= limit && i + 1 < days.length) return { groups: inWindowOrder(groups, views), nextDay: days[i + 1]! };
  }
  return { groups: inWindowOrder(groups, views), nextDay: null };
}

/**
 * A page's groups in the order of the windows (the read's source order), whichever day each
 * first had samples on: a source without samples on the page's first day still comes before
 * those the windows list after it.
 */
function inWindowOrder(groups: ReadonlyMap<string, SampleGroup>, views: readonly { provider: string }[]): SampleGroup[] {
  const rank = (group: SampleGroup) => views.findIndex((w) => w.provider === group.provider);
  return [...groups.values()].sort((a, b) => rank(a) - rank(b));
}

/** Every sample of the range, oldest first (the deprecated plain read). */
export function readTimeseries(caches: DataReadCaches, windows: readonly DataWindowRecord[], resource: TimeseriesResource, range: ReadRange): TimeseriesSample[] {
  const { groups } = readTimeseriesPage(caches, windows, resource, range, null, Number.POSITIVE_INFINITY);
  return groups.flatMap((g) => g.data).sort((a, b) => isoMs(a.timestamp) - isoMs(b.timestamp));
}

/**
 * The profile of the user at `provider`, or at the provider the user connected first among
 * those that deliver one and are still connected (a deregistered provider's window is ended);
 * null when none. Its timestamps are the window's opening, as in `daily.data.profile.created`.
 */
export function readProfile(windows: readonly DataWindowRecord[]): { profile: ProfileSummary; raw: RawRecord; window: DataWindowRecord } | null {
  const candidates = windows
    .filter((w) => w.ended_at === null && summaryResourcesFor(w.provider).includes('profile'))
    .sort((a, b) => (a.opened_at < b.opened_at ? -1 : a.opened_at > b.opened_at ? 1 : a.provider < b.provider ? -1 : 1));
  const window = candidates[0];
  if (!window) return null;
  const profile = generateProfile(window.user_id, window.provider);
  const raw = generateRawProfile(window.user_id, window.provider);
  const opened = profileTimes(window.opened_at);
  return { profile: { ...profile, ...opened }, raw: { ...raw, ...opened }, window };
}

/** A workout or sleep of the team's users, found from its id alone, and the window it is readable in. */
async function findRecord(
  db: Queryable,
  read: Read,
  teamId: string,
  id: string,
  kind: 'workout' | 'sleep',
): Promise<{ window: ReadableWindow; day: string } | null> {
  const decoded = decodeRecordId(id);
  if (!decoded || decoded.kind !== kind) return null;
  const windows = await findDataWindowsByUserIdRange(db, {
    team_id: teamId,
    provider: decoded.provider,
    low: decoded.userIdRange.low,
    high: decoded.userIdRange.high,
  });
  for (const record of windows) {
    if (!recordIdMatches(id, record.user_id)) continue;
    const window = readable(read, record);
    if (!covers(window, decoded.date)) return null;
    const data = dayOf(read, window, decoded.date, [kind === 'workout' ? 'workouts' : 'sleep']);
    const visible = kind === 'workout' ? data.workouts.some((w) => w.id === id.toLowerCase()) : data.sleep.some((s) => s.id === id.toLowerCase());
    return visible ? { window, day: decoded.date } : null;
  }
  return null;
}

/** The stream of a workout readable by the team (null: unknown, another team's, or not synced yet). */
export async function readWorkoutStream(db: Queryable, caches: DataReadCaches, teamId: string, workoutId: string): Promise<WorkoutStream | null> {
  const read = startRead(caches);
  const found = await findRecord(db, read, teamId, workoutId, 'workout');
  if (!found) return null;
  const { window, day } = found;
  return generateWorkoutStream({ userId: window.record.user_id, provider: window.provider, date: day, timeZone: window.timeZone }, workoutId.toLowerCase(), read.timelines);
}

/** The stream of a sleep readable by the team (null: unknown, another team's, or not synced yet). */
export async function readSleepStream(db: Queryable, caches: DataReadCaches, teamId: string, sleepId: string): Promise<SleepStream | null> {
  const read = startRead(caches);
  const found = await findRecord(db, read, teamId, sleepId, 'sleep');
  if (!found) return null;
  const { window, day } = found;
  return generateSleepStream({ userId: window.record.user_id, provider: window.provider, date: day, timeZone: window.timeZone }, sleepId.toLowerCase(), read.timelines);
}
