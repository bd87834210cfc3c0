import { describe, expect, it } from 'vitest';
import {
  SYNTHETIC_RESOURCES,
  syntheticDay,
  syntheticRecordId,
  syntheticResourcesFor,
  type TimeseriesBatch,
} from '../../server/domain/synthetic/generate.js';
import { addDays, chunkAt, daysOf, historicalDays, pullRange } from '../../server/domain/pull-preferences/pull-range.js';
import { hashSeed, seededRandom, stableUuid } from '../../server/domain/synthetic/random.js';
import { teamSchemaViolations } from '../jobs/bulk-pull/schemas.js';

/** The samples of a stored batch as the API's TimeseriesSample objects (sample i at start + i * interval). */
function expandTimeseries(batch: TimeseriesBatch): { timestamp: string; timezone_offset: number; type: null; unit: string; value: number }[] {
  const start = Date.parse(batch.start);
  return batch.values.map((value, i) => ({
    timestamp: new Date(start + i * batch.interval_seconds * 1000).toISOString().replace('.000Z', '+00:00'),
    timezone_offset: batch.timezone_offset,
    type: null,
    unit: batch.unit,
    value,
  }));
}

const USER = '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10';
const OTHER_USER = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('seeded randomness', () => {
  it('when seeded with the same string, then the same sequence comes out; another seed gives another', () => {
    const draw = (seed: string) => Array.from({ length: 5 }, (() => { const r = seededRandom(seed); return () => r.next(); })());
    expect(draw('a:oura:2026-11-01')).toEqual(draw('a:oura:2026-11-01'));
    expect(draw('a:oura:2026-11-01')).not.toEqual(draw('a:oura:2026-11-02'));
    expect(hashSeed('x')).toBe(hashSeed('x'));
    const r = seededRandom(1);
    for (let i = 0; i < 1000; i += 1) {
      const value = r.int(3, 7);
      expect(value).toBeGreaterThanOrEqual(3);
      expect(value).toBeLessThanOrEqual(7);
    }
  });

  it('when deriving ids, then they are version-5 uuids, stable per parts and distinct across parts', () => {
    const id = stableUuid(USER, 'oura', 'sleep', '2026-11-01');
    expect(id).toMatch(UUID);
    expect(stableUuid(USER, 'oura', 'sleep', '2026-11-01')).toBe(id);
    expect(stableUuid(USER, 'oura', 'sleep', '2026-11-02')).not.toBe(id);
    expect(syntheticRecordId(USER, 'oura', 'sleep', '2026-11-01')).toBe(id);
  });
});

describe('synthetic days', () => {
  it('when generating, then only the provider supported resources are produced', () => {
    expect(syntheticResourcesFor('oura')).toEqual(['activity', 'sleep', 'sleep_cycle', 'steps', 'heartrate']);
    expect(syntheticResourcesFor('vital')).toEqual([...SYNTHETIC_RESOURCES]);
    expect(syntheticResourcesFor('dexcom_v3')).toEqual(['glucose']);
    expect(syntheticResourcesFor('runkeeper')).toEqual([]);
    const records = syntheticDay({ user_id: USER, provider: 'oura', date: '2026-11-01', resources: syntheticResourcesFor('oura') });
    expect(records.map((record) => record.resource)).toEqual(['activity', 'sleep', 'sleep_cycle', 'steps', 'heartrate']);
  });

  it('when generating the same user, provider and day twice, then the records are identical; another day or user differs', () => {
    const day = (user: string, date: string) => syntheticDay({ user_id: user, provider: 'vital', date, resources: SYNTHETIC_RESOURCES });
    expect(day(USER, '2026-11-01')).toEqual(day(USER, '2026-11-01'));
    expect(day(USER, '2026-11-02')).not.toEqual(day(USER, '2026-11-01'));
    expect(day(OTHER_USER, '2026-11-01').map((r) => r.data)).not.toEqual(day(USER, '2026-11-01').map((r) => r.data));
  });

  it('when generating every resource, then summaries validate against the API schemas and timeseries expand to valid samples', () => {
    const schemas: Record<string, string> = { activity: 'ActivitySummary', sleep: 'SleepSummary', sleep_cycle: 'SleepCycleSummary', body: 'BodySummary' };
    for (const date of ['2026-01-01', '2026-06-30', '2026-11-21']) {
      for (const record of syntheticDay({ user_id: USER, provider: 'vital', date, resources: SYNTHETIC_RESOURCES })) {
        expect(record.date).toBe(date);
        if (record.kind === 'summary') {
          expect(record.data.id).toBe(record.id);
          expect(teamSchemaViolations(schemas[record.resource]!, record.data), record.resource).toEqual([]);
        } else {
          const batch = record.data as unknown as TimeseriesBatch;
          const samples = expandTimeseries(batch);
          expect(samples).toHaveLength(24);
          expect(samples[0]!.timestamp).toBe(`${date}T00:00:00+00:00`);
          expect(teamSchemaViolations('TimeseriesEventData', { user_id: batch.user_id, source_id: batch.source_id, source: batch.source, data: samples })).toEqual([]);
        }
      }
    }
  });

  it('when a night is generated, then sleep and its cycle cover the same session and the stages tile it', () => {
    const [sleep, cycle] = syntheticDay({ user_id: USER, provider: 'oura', date: '2026-11-01', resources: ['sleep', 'sleep_cycle'] });
    expect(cycle!.data.sleep_id).toBe(sleep!.id);
    expect(cycle!.data.session_start).toBe(sleep!.data.bedtime_start);
    expect(cycle!.data.session_end).toBe(sleep!.data.bedtime_stop);
    const starts = cycle!.data.stage_start_offset_second as number[];
    const ends = cycle!.data.stage_end_offset_second as number[];
    expect(starts[0]).toBe(0);
    for (let i = 1; i < starts.length; i += 1) expect(starts[i]).toBe(ends[i - 1]);
    expect(ends.at(-1)).toBe(sleep!.data.duration);
  });
});

describe('pull range', () => {
  it('when the team has no preference, then 30 days are pulled, capped by the provider backfill', () => {
    expect(historicalDays('oura', null)).toBe(30);
    expect(historicalDays('oura', 90)).toBe(90);
    expect(historicalDays('oura', 1000)).toBe(180);
    expect(historicalDays('polar', 90)).toBe(30);
    expect(historicalDays('not_a_provider', 10)).toBe(0);
  });

  it('when computing the range, then it is [max(today - days, ingestion_start), min(today, ingestion_end)]', () => {
    const today = '2026-11-22';
    expect(pullRange({ today, days: 30, ingestion_start: null, ingestion_end: null })).toEqual({ start_date: '2026-10-23', end_date: today });
    expect(pullRange({ today, days: 30, ingestion_start: '2026-11-01', ingestion_end: null })).toEqual({ start_date: '2026-11-01', end_date: today });
    expect(pullRange({ today, days: 30, ingestion_start: '2026-01-01', ingestion_end: '2026-11-10' })).toEqual({ start_date: '2026-10-23', end_date: '2026-11-10' });
    expect(pullRange({ today, days: 30, ingestion_start: null, ingestion_end: '2026-12-31' })).toEqual({ start_date: '2026-10-23', end_date: today });
  });

  it('when the bounds leave nothing, then the range is empty', () => {
    const today = '2026-11-22';
    expect(pullRange({ today, days: 30, ingestion_start: null, ingestion_end: '2026-10-01' })).toBeNull();
    expect(pullRange({ today, days: 30, ingestion_start: '2026-12-01', ingestion_end: null })).toBeNull();
    expect(pullRange({ today, days: 0, ingestion_start: null, ingestion_end: null })).toBeNull();
  });

  it('when chunking, then chunks of at most N days tile the range', () => {
    const range = { start_date: '2026-10-23', end_date: '2026-11-22' };
    const chunks = [];
    for (let from = range.start_date; from <= range.end_date; ) {
      const chunk = chunkAt(range, from, 7);
      chunks.push(chunk);
      from = addDays(chunk.end_date, 1);
    }
    expect(chunks.map((c) => daysOf(c).length)).toEqual([7, 7, 7, 7, 3]);
    expect(chunks.flatMap(daysOf)).toEqual(daysOf(range));
    expect(daysOf(range)).toHaveLength(31);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});
