import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateDay, sourceFor, sourceIdFor, type DayData } from '../../../server/domain/synthetic/day.js';
import { diffDays, isEmptyDiff } from '../../../server/domain/synthetic/diff.js';
import { localDatesBetween } from '../../../server/domain/synthetic/time-zone.js';
import { asOfArb, ctxArb } from './helpers.js';

/** Applies a diff the way a webhook consumer does: summaries replaced by id, samples by timestamp. */
function apply(before: DayData, diff: ReturnType<typeof diffDays>) {
  const summaries = new Map<string, unknown>();
  for (const s of [...(before.activity ? [before.activity] : []), ...before.sleep, ...before.sleep_cycle, ...before.electrocardiogram, ...before.menstrual_cycle, ...(before.body ? [before.body] : []), ...before.workouts, ...before.meal]) summaries.set(s.id, s);
  for (const s of [...diff.created, ...diff.updated]) summaries.set(s.record.id, s.record);
  const samples = new Map<string, unknown>();
  for (const [r, list] of Object.entries(before.timeseries)) for (const s of list!) samples.set(`${r}|${s.timestamp}`, s);
  for (const part of [diff.samplesCreated, diff.samplesUpdated]) for (const [r, list] of Object.entries(part)) for (const s of list!) samples.set(`${r}|${s.timestamp}`, s);
  return { summaries, samples };
}

describe('synthetic days: the diff a sync sends', () => {
  it('when a day seen at t1 is seen again at t2, then applying the diff to the t1 view gives the t2 view, and a repeat gives an empty diff', () => {
    fc.assert(fc.property(ctxArb().chain((ctx) => fc.tuple(fc.constant(ctx), asOfArb(ctx), asOfArb(ctx))), ([ctx, a, b]) => {
      const [t1, t2] = a <= b ? [a, b] : [b, a];
      const d1 = generateDay(ctx, new Date(t1));
      const d2 = generateDay(ctx, new Date(t2));
      const diff = diffDays(d1, d2);
      const got = apply(d1, diff);
      const want = apply(d2, diffDays(d2, d2));
      expect(got.summaries).toEqual(want.summaries);
      expect(got.samples).toEqual(want.samples);
      expect(isEmptyDiff(diffDays(d2, generateDay(ctx, new Date(t2))))).toBe(true);
      for (const s of diff.updated) expect(Date.parse(s.record.updated_at)).toBeGreaterThan(t1);
    }), { numRuns: 60 });
  }, 60_000);

  it('when nothing was known, then everything visible is created', () => {
    const day = generateDay({ userId: '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10', provider: 'fitbit', date: '2026-11-20', timeZone: 'UTC' });
    const diff = diffDays(null, day);
    expect(diff.updated).toEqual([]);
    expect(diff.created.map((s) => s.resource)).toContain('activity');
    expect(diff.samplesCreated.steps).toEqual(day.timeseries.steps);
  });

  it('when the sources and local dates of a range are asked for, then they follow the catalog and the zone', () => {
    expect(sourceFor('fitbit', { sport: 'running', workoutId: 'w' })).toMatchObject({ provider: 'fitbit', type: 'watch', sport: 'running', workout_id: 'w' });
    expect(sourceIdFor('fitbit')).toBe(1);
    expect(localDatesBetween('Pacific/Kiritimati', Date.parse('2026-11-19T09:00:00Z'), Date.parse('2026-11-19T10:00:00Z'))).toEqual(['2026-11-19', '2026-11-20']);
    expect(localDatesBetween('UTC', Date.parse('2026-11-19T09:00:00Z'), Date.parse('2026-11-18T10:00:00Z'))).toEqual([]);
  });
});
