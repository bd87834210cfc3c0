import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeRecordId, generateDay, generateProfile, generateSleepStream, generateWorkoutStream, recordId, recordIdMatches,
  summaryResourcesFor, TIMESERIES_RESOURCES, timeseriesResourcesFor, type IntervalSample, type PointSample,
} from '../../../server/domain/synthetic/day.js';
import { PROVIDERS } from '../../../server/domain/providers/catalog.js';
import { iso, isoMs, localDay, localInstant, utcMidnight, Zone } from '../../../server/domain/synthetic/time-zone.js';
import { profileId } from '../../../server/domain/synthetic/ids.js';
import { personOf } from '../../../server/domain/synthetic/person.js';
import { ctxArb, dateArb, ms, RUNS } from './helpers.js';

const USER = '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10';
const OTHER = '6b1c5c1e-ffff-4c58-9c7b-2c1d0e8f7a10'; // same first 8 hex digits: only the hash part tells them apart

describe('synthetic record ids', () => {
  it('when an id is built, then it is a stable uuid that decodes back to its provider, kind, day and index, and matches only its user', () => {
    fc.assert(fc.property(fc.uuid(), fc.constantFrom(...PROVIDERS.map((p) => p.slug)), fc.constantFrom('activity', 'sleep', 'sleep_cycle', 'body', 'workout', 'meal' as const), dateArb, fc.integer({ min: 0, max: 63 }), (user, provider, kind, date, index) => {
      const id = recordId(user, provider, kind, date, index);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(recordId(user, provider, kind, date, index)).toBe(id);
      const decoded = decodeRecordId(id)!;
      expect(decoded).toMatchObject({ provider, kind, date, index, userPrefix: user.slice(0, 8).toLowerCase() });
      expect(user.toLowerCase() >= decoded.userIdRange.low && user.toLowerCase() <= decoded.userIdRange.high).toBe(true);
      expect(recordIdMatches(id, user)).not.toBeNull();
      expect(recordIdMatches(id, `${user.slice(0, 9)}${user[9] === 'a' ? 'b' : 'a'}${user.slice(10)}`)).toBeNull();
    }), { numRuns: 200 });
  });

  it('when ids of other days, indexes, kinds, providers or users are built, then they differ', () => {
    const id = recordId(USER, 'fitbit', 'workout', '2026-11-20', 0);
    expect(new Set([
      id,
      recordId(USER, 'fitbit', 'workout', '2026-11-21', 0),
      recordId(USER, 'fitbit', 'workout', '2026-11-20', 1),
      recordId(USER, 'fitbit', 'sleep', '2026-11-20', 0),
      recordId(USER, 'oura', 'workout', '2026-11-20', 0),
      recordId(OTHER, 'fitbit', 'workout', '2026-11-20', 0),
    ]).size).toBe(6);
    expect(recordIdMatches(id, OTHER)).toBeNull();
  });

  it('when ids of known records are built, then they are the ones earlier versions gave (webhook consumers and stored events know them)', () => {
    expect(recordId(USER, 'fitbit', 'workout', '2026-11-20', 1)).toBe('6b1c5c1e-5129-8501-811e-06e469e02f90');
    expect(recordId(USER, 'oura', 'sleep', '2026-03-08', 0)).toBe('6b1c5c1e-5028-8203-8089-0482a88699a8');
    expect(profileId(USER, 'fitbit')).toBe('31065686-becd-566e-ad12-1e434e01ccc8');
  });

  it('when something that is not a synthetic id is decoded, then the answer is null', () => {
    expect(decodeRecordId('not-a-uuid')).toBeNull();
    expect(decodeRecordId('6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10')).toBeNull(); // version 4
    expect(decodeRecordId(recordId(USER, 'fitbit', 'sleep', '2026-11-20').replace(/^(.{19})../, '$1ff'))).toBeNull(); // unknown provider byte
  });

  it('when a day is generated, then every summary id decodes to that user, provider and day, and streams are found by id', () => {
    fc.assert(fc.property(ctxArb(['fitbit', 'garmin', 'apple_health_kit', 'strava', 'oura']), (ctx) => {
      const day = generateDay(ctx);
      const all = [...(day.activity ? [day.activity] : []), ...day.sleep, ...day.sleep_cycle, ...(day.body ? [day.body] : []), ...day.workouts, ...day.meal];
      expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
      for (const s of all) {
        const decoded = recordIdMatches(s.id, ctx.userId)!;
        expect(decoded).not.toBeNull();
        expect(decoded.provider).toBe(ctx.provider);
        expect(decoded.date).toBe(ctx.date);
      }
      for (const w of day.workouts) expect(generateWorkoutStream({ ...ctx, date: decodeRecordId(w.id)!.date }, w.id)).not.toBeNull();
      for (const s of day.sleep) expect(generateSleepStream(ctx, s.id)).not.toBeNull();
      expect(generateWorkoutStream(ctx, recordId(ctx.userId, ctx.provider, 'workout', ctx.date, 9))).toBeNull();
      expect(generateSleepStream({ ...ctx, userId: OTHER }, day.sleep[0]?.id ?? recordId(ctx.userId, ctx.provider, 'sleep', ctx.date))).toBeNull();
    }), RUNS);
  });
});

describe('synthetic days: determinism', () => {
  it('when the same user, provider, day and zone are generated twice, then the data is identical; another user differs', () => {
    fc.assert(fc.property(ctxArb(), (ctx) => {
      expect(JSON.stringify(generateDay(ctx))).toBe(JSON.stringify(generateDay({ ...ctx })));
      expect(generateProfile(ctx.userId, ctx.provider)).toEqual(generateProfile(ctx.userId, ctx.provider));
    }), RUNS);
    const a = generateDay({ userId: USER, provider: 'garmin', date: '2026-11-20', timeZone: 'UTC' });
    const b = generateDay({ userId: OTHER, provider: 'garmin', date: '2026-11-20', timeZone: 'UTC' });
    expect(a.timeseries.heartrate).not.toEqual(b.timeseries.heartrate);
  });

  it('when a caller changes the records it got, then the next generation is unaffected (memoised values are not shared)', () => {
    for (let d = 1; d <= 12; d += 1) {
      const ctx = { userId: USER, provider: 'strava', date: `2026-10-${String(d).padStart(2, '0')}`, timeZone: 'UTC' };
      const first = generateDay(ctx);
      const copy = JSON.parse(JSON.stringify(first)) as typeof first;
      for (const w of first.workouts) {
        w.hr_zones!.fill(0);
        if (w.map) w.map.summary_polyline = '';
        w.source.provider = 'changed';
      }
      for (const s of (first.timeseries.heartrate ?? []) as PointSample[]) s.value = 0;
      expect(generateDay(ctx)).toEqual(copy);
    }
  });

  it('when only some resources are asked for, then they are exactly those of the full day', () => {
    fc.assert(fc.property(ctxArb(['fitbit', 'garmin', 'apple_health_kit']), fc.constantFrom('activity', 'sleep', 'heartrate', 'steps', 'glucose', 'workouts' as const), (ctx, resource) => {
      const full = generateDay(ctx);
      const only = generateDay({ ...ctx, resources: [resource] });
      if (resource === 'activity') expect(only.activity).toEqual(full.activity);
      else if (resource === 'sleep') expect(only.sleep).toEqual(full.sleep);
      else if (resource === 'workouts') expect(only.workouts).toEqual(full.workouts);
      else expect(only.timeseries[resource]).toEqual(full.timeseries[resource]);
      expect(Object.keys(only.timeseries).every((k) => k === resource)).toBe(true);
    }), RUNS);
  });

  it('when a resource name, date or zone is unknown, then generateDay throws a RangeError', () => {
    const ctx = { userId: USER, provider: 'fitbit', date: '2026-11-20', timeZone: 'UTC' };
    expect(() => generateDay({ ...ctx, resources: ['nope' as 'steps'] })).toThrow(RangeError);
    expect(() => generateDay({ ...ctx, date: '2026-02-30' })).toThrow(RangeError);
    expect(() => generateDay({ ...ctx, timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});

describe('synthetic days: resources and providers', () => {
  it('when the catalog is read, then every timeseries any provider claims is generated, and each provider gets what it claims', () => {
    const claimedAnywhere = new Set(PROVIDERS.flatMap((p) => timeseriesResourcesFor(p.slug)));
    for (const r of ['heartrate', 'hrv', 'steps', 'distance', 'calories_active', 'calories_basal', 'floors_climbed', 'glucose', 'blood_oxygen', 'blood_pressure', 'respiratory_rate', 'body_weight', 'body_fat', 'body_temperature', 'water', 'caffeine', 'mindfulness_minutes', 'stress_level', 'vo2_max'] as const) {
      expect(TIMESERIES_RESOURCES).toContain(r);
      expect(claimedAnywhere.has(r), r).toBe(true);
    }
    expect(timeseriesResourcesFor('fitbit')).toContain('body_weight');
    expect(timeseriesResourcesFor('dexcom_v3')).toEqual(['glucose', 'insulin_injection', 'carbohydrates', 'note']);
    expect(summaryResourcesFor('strava')).toEqual(['activity', 'workouts', 'profile']);
    expect(timeseriesResourcesFor('nope')).toEqual([]);
    // Every resource a provider claims that is a timeseries of the API family is produced for it.
    for (const p of PROVIDERS) {
      const produced = new Set(timeseriesResourcesFor(p.slug));
      for (const claimed of p.supported_resources) {
        const name = claimed === 'weight' ? 'body_weight' : claimed === 'fat' ? 'body_fat' : claimed;
        if ((TIMESERIES_RESOURCES as readonly string[]).includes(name)) expect(produced.has(name as never), `${p.slug} ${name}`).toBe(true);
      }
    }
  });

  it('when every resource of the richest provider is generated over many days, then each one has samples on some day', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 40; i += 1) {
      const date = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
      for (const user of [USER, OTHER, 'a0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000002']) {
        const day = generateDay({ userId: user, provider: 'apple_health_kit', date, timeZone: 'Europe/Berlin' });
        for (const [r, samples] of Object.entries(day.timeseries)) if (samples!.length > 0) seen.add(r);
      }
    }
    // Rare events, and what only some people do (covered below).
    const rare = new Set(['fall', 'sleep_apnea_alert', 'heart_rate_alert', 'wheelchair_push', 'workout_swimming_stroke']);
    expect(timeseriesResourcesFor('apple_health_kit').filter((r) => !seen.has(r) && !rare.has(r))).toEqual([]);
  });

  it('when the provider is a bed sensor, a workout app or a cuff, then heart rate comes only from nights, workouts or readings', () => {
    const base = { userId: USER, date: '2026-11-18', timeZone: 'Europe/Berlin' };
    const bed = generateDay({ ...base, provider: 'eight_sleep' });
    const nights = [...generateDay({ ...base, provider: 'eight_sleep', date: '2026-11-19' }).sleep, ...bed.sleep];
    const inNight = (t: number) => nights.some((s) => t >= ms(s.bedtime_start) && t < ms(s.bedtime_stop));
    expect((bed.timeseries.heartrate as PointSample[]).length).toBeGreaterThan(20);
    expect((bed.timeseries.heartrate as PointSample[]).every((s) => inNight(ms(s.timestamp)))).toBe(true);
    for (let d = 10; d < 20; d += 1) {
      const app = generateDay({ ...base, provider: 'strava', date: `2026-11-${d}` });
      const inWorkout = (t: number) => app.workouts.some((w) => t >= ms(w.time_start) && t < ms(w.time_end));
      expect((app.timeseries.heartrate as PointSample[]).every((s) => inWorkout(ms(s.timestamp)))).toBe(true);
    }
    const cuff = generateDay({ ...base, provider: 'omron' });
    const readings = new Set((cuff.timeseries.blood_pressure ?? []).map((s) => s.timestamp));
    expect((cuff.timeseries.heartrate as PointSample[]).every((s) => readings.has(s.timestamp))).toBe(true);
  });

  it('when the person uses a wheelchair, then pushes take the place of steps and the activity counts them', () => {
    let user = '';
    for (let i = 0; !user; i += 1) if (personOf(`wheelchair-${i}`).wheelchair) user = `wheelchair-${i}`;
    const day = generateDay({ userId: user, provider: 'apple_health_kit', date: '2026-06-10', timeZone: 'UTC' });
    const pushes = (day.timeseries.wheelchair_push as IntervalSample[]).reduce((a, s) => a + s.value, 0);
    expect(pushes).toBeGreaterThan(100);
    expect(day.activity!.wheelchair_use).toBe(true);
    expect(day.activity!.wheelchair_push).toBe(pushes);
  });

  it('when a swimmer swims, then the workout has a stroke count over the same interval', () => {
    let found = false;
    for (let i = 0; i < 400 && !found; i += 1) {
      const user = `swimmer-${i}`;
      if (!personOf(user).sports.includes('swimming')) continue;
      for (let d = 1; d <= 28 && !found; d += 1) {
        const day = generateDay({ userId: user, provider: 'apple_health_kit', date: `2026-02-${String(d).padStart(2, '0')}`, timeZone: 'UTC' });
        const swim = day.workouts.find((w) => w.sport.slug === 'swimming');
        if (!swim) continue;
        const strokes = (day.timeseries.workout_swimming_stroke as IntervalSample[]).find((s) => s.start === swim.time_start)!;
        expect(strokes.end).toBe(swim.time_end);
        expect(strokes.value).toBeGreaterThan(100);
        found = true;
      }
    }
    expect(found).toBe(true);
  });
});

describe('synthetic days: local time zones', () => {
  const sum = (samples: unknown) => (samples as IntervalSample[]).reduce((acc, s) => acc + (ms(s.end) - ms(s.start)), 0);

  it('when the day is a DST change (23 and 25 hours), then the buckets cover exactly the local day and offsets switch at the change', () => {
    for (const [date, zone, hours, before, after] of [
      ['2026-03-08', 'America/New_York', 23, -18000, -14400],
      ['2026-11-01', 'America/New_York', 25, -14400, -18000],
      ['2026-03-29', 'Europe/Berlin', 23, 3600, 7200],
      ['2026-10-25', 'Europe/Berlin', 25, 7200, 3600],
    ] as const) {
      const ctx = { userId: USER, provider: 'fitbit', date, timeZone: zone };
      const day = generateDay(ctx);
      const basal = day.timeseries.calories_basal as IntervalSample[];
      expect(sum(basal)).toBe(hours * 3_600_000);
      expect(basal[0]!.timezone_offset).toBe(before);
      expect(basal[basal.length - 1]!.timezone_offset).toBe(after);
      const hr = day.timeseries.heartrate as PointSample[];
      const span = localDay(date, zone);
      expect(ms(hr[0]!.timestamp)).toBe(span.start);
      expect(ms(hr[hr.length - 1]!.timestamp)).toBeLessThan(span.end);
      expect(day.activity!.timezone_offset).toBe(before);
    }
  });

  it('when an instant is written, then it is toISOString in the +00:00 form, milliseconds only when not zero, for any year (seconds kept in six-digit years too)', () => {
    const reference = (t: number) => {
      const s = new Date(t).toISOString().replace(/Z$/, '');
      return `${t % 1000 === 0 ? s.replace(/\.000$/, '') : s}+00:00`;
    };
    expect(iso(Date.UTC(10000, 0, 1, 0, 0, 7))).toBe('+010000-01-01T00:00:07+00:00');
    expect(iso(Date.UTC(-1, 11, 31, 23, 59, 59, 500))).toBe('-000001-12-31T23:59:59.500+00:00');
    const anyInstant = fc.integer({ min: -8.64e15, max: 8.64e15 });
    const wholeSecond = fc.integer({ min: -8.64e12, max: 8.64e12 }).map((s) => s * 1000);
    const recent = fc.integer({ min: 0, max: 10 * 365 * 86_400 }).map((s) => Date.UTC(2020, 0, 1) + s * 1000);
    fc.assert(fc.property(fc.oneof(anyInstant, wholeSecond, recent), (t) => {
      expect(iso(t)).toBe(reference(t));
    }), { numRuns: 2000 });
    for (const t of [0, -1000, Date.UTC(0, 0, 1) - 1000, -62_167_219_200_000, 253_402_300_799_000, 253_402_300_800_000, Date.UTC(2024, 1, 29, 23, 59, 59)]) expect(iso(t)).toBe(reference(t));
  });

  it('when a timestamp is read back, then isoMs is Date.parse: for what iso writes, other offsets, and text that only looks like it', () => {
    // Years 0000 to 9999 (iso writes other years as toISOString does, in its six-digit form).
    const wholeSecond = fc.integer({ min: -62_167_219_200, max: 253_402_300_799 }).map((s) => s * 1000);
    const recent = fc.integer({ min: 0, max: 10 * 365 * 86_400 }).map((s) => Date.UTC(2020, 0, 1) + s * 1000);
    const anyYear = fc.integer({ min: -8.64e15, max: 8.64e15 });
    fc.assert(fc.property(fc.oneof(wholeSecond, recent, anyYear), (t) => {
      expect(isoMs(iso(t))).toBe(t);
    }), { numRuns: 2000 });
    for (const text of [
      '2026-11-20T07:05:09+00:00', '2026-11-20T07:05:09.250+00:00', '2026-11-20T07:05:09+14:00', '2026-11-20T07:05:09Z',
      '2026-11-20T24:00:00+00:00', '2026-11-20T07:60:00+00:00', '2026-11-20T07:05:60+00:00', '2026-02-30T07:05:09+00:00',
      '2026-11-20X07:05:09+00:00', '2026-11-2aT07:05:09+00:00', '2026-11-20T0a:05:09+00:00', 'not a timestamp at all!!!', '',
    ]) {
      expect(Object.is(isoMs(text), Date.parse(text)), text).toBe(true);
    }
  });

  it('when a local wall time becomes an instant, then the fast path from the day bounds agrees with the Intl search, in gaps and overlaps too', () => {
    for (const name of ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'America/Santiago', 'Pacific/Kiritimati']) {
      // One Zone per zone, as the generator holds one per call (a zone's name alone makes a formatter per call).
      const zone = new Zone(name);
      for (const date of ['2026-03-08', '2026-03-29', '2026-04-05', '2026-09-06', '2026-10-04', '2026-10-25', '2026-11-01', '2026-11-20']) {
        const day = zone.localDay(date);
        for (let m = -90; m < 1540; m += 5) expect(zone.localInstant(day, m), `${name} ${date} ${m}`).toBe(zone.wallToInstant(utcMidnight(date) + m * 60_000));
      }
    }
    // 02:30 does not exist in New York on 2026-03-08: the end of the gap (03:00 EDT).
    expect(localInstant(localDay('2026-03-08', 'America/New_York'), 150)).toBe(Date.parse('2026-03-08T07:00:00Z'));
    // 01:30 happens twice on 2026-11-01: the first time (EDT).
    expect(localInstant(localDay('2026-11-01', 'America/New_York'), 90)).toBe(Date.parse('2026-11-01T05:30:00Z'));
  });

  it('when the user lives in UTC+14, then the local day starts at 10:00 UTC the day before, and the night ends in the local morning', () => {
    const ctx = { userId: USER, provider: 'oura', date: '2026-11-20', timeZone: 'Pacific/Kiritimati' };
    const day = generateDay(ctx);
    expect(day.activity!.created_at).toBe('2026-11-19T10:00:00+00:00');
    expect(ms((day.timeseries.heartrate as PointSample[])[0]!.timestamp)).toBe(Date.parse('2026-11-19T10:00:00Z'));
    expect((day.timeseries.heartrate as PointSample[]).every((s) => s.timezone_offset === 50400)).toBe(true);
    const wake = new Date(ms(day.sleep[0]!.bedtime_stop) + 14 * 3_600_000).getUTCHours();
    expect(wake).toBeGreaterThanOrEqual(4);
    expect(wake).toBeLessThanOrEqual(12);
    expect(day.sleep[0]!.calendar_date).toBe('2026-11-20');
  });

  it('when the same user is seen from two neighbouring local days, then the night between them appears once, in the morning day', () => {
    const ctx = { userId: USER, provider: 'fitbit', timeZone: 'America/New_York' };
    const d1 = generateDay({ ...ctx, date: '2026-11-01' });
    const d2 = generateDay({ ...ctx, date: '2026-11-02' });
    expect(d1.sleep.map((s) => s.id)).not.toContain(d2.sleep[0]!.id);
    // Its heart rate before midnight belongs to the evening's day, after midnight to the morning's.
    const night = d2.sleep[0]!;
    const stream = generateSleepStream({ ...ctx, date: '2026-11-02' }, night.id)!;
    const byTime = new Map([...(d1.timeseries.heartrate as PointSample[]), ...(d2.timeseries.heartrate as PointSample[])].map((s) => [s.timestamp, s.value]));
    for (const s of stream.heartrate) expect(byTime.get(s.timestamp)).toBe(s.value);
  });
});
