import { describe, expect, it } from 'vitest';
import { addDays, chunkAt, daysOf, historicalDays, pullRange } from '../../server/domain/pull-preferences/pull-range.js';
import { hashSeed, seededRandom, stableUuid } from '../../server/domain/synthetic/random.js';

const USER = '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10';
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
