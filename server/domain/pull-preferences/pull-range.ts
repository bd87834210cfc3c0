/**
 * Which days a historical pull fetches: the team's data pull preference for
 * the provider (default 30 days, never more than the provider's backfill),
 * clipped to the user's ingestion bounds. Dates are `YYYY-MM-DD` calendar days (UTC).
 */
import { findProvider } from '../providers/catalog.js';

/** Days of history pulled for a provider the team has no preference for. */
export const DEFAULT_HISTORICAL_DAYS = 30;

const DAY_MS = 86_400_000;

export const toDay = (epochMs: number): string => new Date(epochMs).toISOString().slice(0, 10);
const dayMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number): string => toDay(dayMs(day) + days * DAY_MS);

/** The provider's backfill limit in days, or null when it keeps no history (or is unknown). */
export function backfillDays(provider: string): number | null {
  return findProvider(provider)?.backfill_num_days ?? null;
}

/**
 * Days of history a pull of `provider` goes back: the preference (or 30), at most the
 * provider's backfill limit; 0 when the provider keeps no history.
 */
export function historicalDays(provider: string, preferenceDays: number | null | undefined): number {
  const backfill = backfillDays(provider);
  if (backfill === null || backfill <= 0) return 0;
  return Math.min(preferenceDays ?? DEFAULT_HISTORICAL_DAYS, backfill);
}

export interface DayRange {
  /** First day, inclusive. */
  start_date: string;
  /** Last day, inclusive. */
  end_date: string;
}

/**
 * [max(today - days, ingestion_start), min(today, ingestion_end)], or null when that
 * range is empty (or `days` is 0): nothing to fetch.
 */
export function pullRange(input: { today: string; days: number; ingestion_start: string | null; ingestion_end: string | null }): DayRange | null {
  if (input.days <= 0) return null;
  const from = addDays(input.today, -input.days);
  const start = input.ingestion_start && input.ingestion_start > from ? input.ingestion_start : from;
  const end = input.ingestion_end && input.ingestion_end < input.today ? input.ingestion_end : input.today;
  return start <= end ? { start_date: start, end_date: end } : null;
}

/** The chunk of at most `chunkDays` days that starts at `from`, within the range. */
export function chunkAt(range: DayRange, from: string, chunkDays: number): DayRange {
  const last = addDays(from, Math.max(1, chunkDays) - 1);
  return { start_date: from, end_date: last < range.end_date ? last : range.end_date };
}

/** Every day of the range, in order. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = range.start_date; day <= range.end_date; day = addDays(day, 1)) days.push(day);
  return days;
}

/** How many days `daysOf(range)` lists (0 when the range ends before it starts), without listing them. */
export function dayCount(range: DayRange): number {
  const count = Math.round((dayMs(range.end_date) - dayMs(range.start_date)) / DAY_MS) + 1;
  return count > 0 ? count : 0;
}
