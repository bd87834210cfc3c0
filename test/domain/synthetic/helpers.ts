/** Shared arbitraries and helpers of the synthetic generator tests. */
import fc from 'fast-check';
import { PROVIDERS } from '../../../server/domain/providers/catalog.js';
import { localDay } from '../../../server/domain/synthetic/time-zone.js';
import type { DayContext } from '../../../server/domain/synthetic/types.js';

/** Zones with the interesting cases: DST both ways, half-hour DST (Lord Howe), midnight DST (Santiago), UTC+14, UTC-11, +05:45. */
export const ZONES = [
  'UTC', 'Europe/Berlin', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kathmandu',
  'Australia/Lord_Howe', 'America/Santiago', 'Asia/Tokyo',
] as const;

/** Every provider of the catalog: a demo connection accepts any of them. */
export const PROVIDER_SLUGS = PROVIDERS.map((p) => p.slug);

const FIRST_DAY = Date.UTC(2024, 0, 1);

export const dateArb = fc.integer({ min: 0, max: 4 * 365 }).map((n) => new Date(FIRST_DAY + n * 86_400_000).toISOString().slice(0, 10));

export const ctxArb = (providers: readonly string[] = PROVIDER_SLUGS): fc.Arbitrary<DayContext> =>
  fc.record({
    userId: fc.uuid({ version: 4 }),
    provider: fc.constantFrom(...providers),
    date: dateArb,
    timeZone: fc.constantFrom(...ZONES),
  });

export const bounds = (ctx: DayContext) => localDay(ctx.date, ctx.timeZone);

/** Instants from an hour before the day to a day after it: the range where a day's data changes. */
export const asOfArb = (ctx: DayContext) => {
  const day = bounds(ctx);
  return fc.integer({ min: day.start - 3_600_000, max: day.end + 86_400_000 });
};

export const ms = (iso: string) => Date.parse(iso);

/** Fixed scale sum of decimal values (to compare sums of 0.1-unit values exactly). */
export const tenths = (values: readonly number[]) => values.reduce((sum, v) => sum + Math.round(v * 10), 0);

export const RUNS = { numRuns: 60 };
