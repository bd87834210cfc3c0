import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  generateDay, generateProfile, generateRaw, generateRawProfile, generateSleepStream, generateWorkoutStream,
} from '../../../server/domain/synthetic/index.js';
import { teamSchemaViolations } from '../../jobs/bulk-pull/schemas.js';
import { ctxArb, RUNS } from './helpers.js';

describe('synthetic days: wire shapes', () => {
  it('when summaries are generated, then they validate against the team API schemas and carry every field of the issue', () => {
    fc.assert(fc.property(ctxArb(['fitbit', 'garmin', 'apple_health_kit', 'strava', 'withings', 'cronometer']), (ctx) => {
      const day = generateDay(ctx);
      if (day.activity) expect(teamSchemaViolations('ClientFacingActivity', day.activity)).toEqual([]);
      for (const s of day.sleep) expect(teamSchemaViolations('ClientFacingSleep', s)).toEqual([]);
      for (const c of day.sleep_cycle) expect(teamSchemaViolations('ClientFacingSleepCycle', c)).toEqual([]);
      if (day.body) expect(teamSchemaViolations('ClientFacingBody', day.body)).toEqual([]);
      for (const w of day.workouts) expect(teamSchemaViolations('ClientFacingWorkout', w)).toEqual([]);
      expect(teamSchemaViolations('ClientFacingProfile', generateProfile(ctx.userId, ctx.provider))).toEqual([]);
      if (day.activity) {
        expect(Object.keys(day.activity).sort()).toEqual(['calendar_date', 'calories_active', 'calories_total', 'created_at', 'daily_movement', 'date', 'distance', 'floors_climbed', 'heart_rate', 'high', 'id', 'low', 'medium', 'source', 'steps', 'time_zone', 'timezone_offset', 'updated_at', 'user_id', 'wheelchair_push', 'wheelchair_use']);
        expect(day.activity.date).toBe(`${ctx.date}T00:00:00+00:00`);
      }
      for (const w of day.workouts) {
        expect(w.sport).toEqual({ id: expect.any(Number), name: expect.any(String), slug: expect.any(String) });
        expect(w.source.provider).toBe(ctx.provider);
        expect(w.provider_id).toMatch(/^\d{10}$/);
      }
      for (const m of day.meal) {
        expect(teamSchemaViolations('ClientFacingMeal', m)).toEqual([]);
        expect(m.energy.value).toBe(Math.round(4 * m.macros.carbs + 4 * m.macros.protein + 9 * m.macros.fats.total));
        expect(m.calendar_date).toBe(ctx.date);
        expect(m.provider_id).toMatch(/^\d{10}$/);
      }
    }), RUNS);
  });

  it('when the source of a summary is read, then it has the provider slug, source type and the deprecated name, slug and logo', () => {
    const day = generateDay({ userId: '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10', provider: 'oura', date: '2026-11-20', timeZone: 'UTC' });
    expect(day.activity!.source).toEqual({
      provider: 'oura', type: 'ring', app_id: null, device_id: null, sport: null, workout_id: null,
      name: 'Oura', slug: 'oura', logo: 'https://storage.googleapis.com/vital-assets/oura.png',
    });
  });

  it('when raw records are generated, then each carries the figures of its summary in the provider shape', () => {
    const ctx = { userId: '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10', provider: 'fitbit', date: '2026-11-20', timeZone: 'Europe/Berlin' };
    const day = generateDay(ctx);
    const [activity] = generateRaw('activity', ctx);
    expect(activity!.user_id).toBe(ctx.userId);
    expect(activity!.source_id).toBe(1);
    expect((activity!.data.summary as { steps: number }).steps).toBe(day.activity!.steps);
    const sleeps = generateRaw('sleep', ctx);
    expect(sleeps.map((s) => s.timestamp)).toEqual(day.sleep.map((s) => s.bedtime_start));
    expect((sleeps[0]!.data.levels as { summary: { deep: { minutes: number } } }).summary.deep.minutes).toBe(Math.round(day.sleep[0]!.deep / 60));
    expect(generateRaw('workouts', ctx).map((w) => w.data.averageHeartrate)).toEqual(day.workouts.map((w) => w.average_hr));
    expect(generateRawProfile(ctx.userId, ctx.provider).data.heightCm).toBe(generateProfile(ctx.userId, ctx.provider).height);
    expect(generateRaw('activity', ctx)).toEqual(generateRaw('activity', ctx));
  });

  it('when streams are read, then a workout stream has parallel arrays and a sleep stream has samples with units', () => {
    const ctx = { userId: 'c0000000-0000-4000-8000-000000000003', provider: 'strava', date: '2026-11-20', timeZone: 'UTC' };
    let found = 0;
    for (let d = 1; d <= 20; d += 1) {
      const date = `2026-11-${String(d).padStart(2, '0')}`;
      for (const w of generateDay({ ...ctx, date }).workouts) {
        const stream = generateWorkoutStream({ ...ctx, date }, w.id)!;
        expect(stream.heartrate).toHaveLength(stream.time.length);
        if (['running', 'cycling', 'walking', 'hiking'].includes(w.sport.slug)) {
          expect(stream.lat).toHaveLength(stream.time.length);
          expect(w.map).not.toBeNull();
        }
        found += 1;
      }
    }
    expect(found).toBeGreaterThan(3);
    const sleepCtx = { ...ctx, provider: 'oura' };
    const sleep = generateDay(sleepCtx).sleep[0]!;
    const stream = generateSleepStream(sleepCtx, sleep.id)!;
    expect(stream.heartrate[0]).toMatchObject({ unit: 'bpm', type: null });
    expect(stream.hrv[0]!.unit).toBe('rmssd');
    expect(stream.hypnogram[0]).toMatchObject({ unit: 'stage', value: 4 });
  });
});
