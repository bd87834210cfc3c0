/**
 * Everything beyond heart rate, sleep and the activity buckets: glucose after
 * meals, blood pressure, weigh-ins and the body summary, meals, drinks, and
 * the long tail of resources some providers claim. Each series is built from
 * the day's plan (meals, sleeps, workouts) and its own seed, so it agrees with
 * the other resources of the day.
 */
import { ECG_DURATION_S, ECG_SAMPLING_HZ, ecgRecordingOf, ecgVoltage } from './electrocardiogram.js';
import { recordId } from './ids.js';
import { basalBodyTemperatureOf } from './menstrual-cycle.js';
import { sourceOf } from './person.js';
import type { MealPlan, SleepPlan } from './plan.js';
import { seededRandom, type Random } from './random.js';
import type { TimeseriesResource } from './resources.js';
import { grid, intervalSample, pointSample, workoutFiguresOf } from './streams.js';
import { BUCKET_MS, hashUnit, type Timeline } from './timeline.js';
import { DAY, HOUR, MINUTE, iso, utcMidnight } from './time-zone.js';
import type { BloodPressureSample, BodySummary, IntervalSample, MealSummary, NoteSample, PointSample, TimeseriesSample } from './types.js';
import { round } from './round.js';

const minute = (t: number) => Math.round(t / MINUTE) * MINUTE;

/** Sorted distinct instants: a sample's timestamp is its identity within a resource. */
const unique = (times: readonly number[]) => [...new Set(times)].sort((a, b) => a - b);

const rng = (tl: Timeline, part: string): Random => seededRandom(`${tl.key.userId}:${tl.key.provider}:${tl.key.date}:${part}`);

/** Instants within the day's waking hours (after this morning's wake, before tonight's bedtime). */
function awakeTime(tl: Timeline, r: Random, fromHour = 0, toHour = 24): number {
  const { day, sleep, nextSleep } = tl.plan;
  const from = Math.max(sleep.end + 5 * MINUTE, day.start + fromHour * HOUR);
  const to = Math.min(nextSleep.start - 5 * MINUTE, day.start + toHour * HOUR, day.end - MINUTE);
  return minute(from + r.next() * Math.max(0, to - from));
}

// ---------------------------------------------------------------- glucose

const diabetic = (tl: Timeline) => tl.person.insulin && tl.traits.claims.has('insulin_injection');

/** Meals that can still move glucose today: yesterday's and today's. */
function mealsAround(tl: Timeline): MealPlan[] {
  const yesterday = tl.neighbour(-1);
  return [...yesterday.plan.meals, ...tl.plan.meals];
}

/** Glucose in mmol/L (1 decimal) at t: fasting level, a curve after each meal, lower during exercise. */
export function glucoseAt(tl: Timeline, t: number, meals: readonly MealPlan[]): number {
  const d = diabetic(tl);
  let g = tl.person.fastingGlucose + (d ? 1.8 : 0);
  for (const m of meals) {
    const tau = (t - m.time) / (45 * MINUTE);
    if (tau > 0 && tau < 8) g += m.carbs * (d ? 0.05 : 0.03) * tau * Math.exp(1 - tau);
  }
  for (const w of tl.plan.workouts) {
    if (t >= w.start && t < w.end + HOUR) g -= 0.6 * w.intensity * Math.min(1, (t - w.start) / (20 * MINUTE));
  }
  const h = tl.localHour(t);
  if (h >= 4 && h < 8) g += 0.3 * Math.sin(((h - 4) / 4) * Math.PI);
  g += 0.3 * (hashUnit(tl.seed ^ 0x6a09e667, Math.floor(t / (5 * MINUTE))) - 0.5);
  return round(Math.max(2.8, g), 1);
}

function glucoseSamples(tl: Timeline, asOf: number): PointSample[] {
  const { day, sleep, meals, nextSleep } = tl.plan;
  const around = mealsAround(tl);
  let times: number[];
  if (tl.traits.glucose === 'meter') {
    const r = rng(tl, 'glucose');
    const lunch = meals.find((m) => m.name === 'Lunch');
    const dinner = meals.find((m) => m.name === 'Dinner');
    const candidates = [
      sleep.end + r.between(5, 20) * MINUTE,
      lunch ? lunch.time + r.between(100, 130) * MINUTE : null,
      dinner ? dinner.time + r.between(100, 130) * MINUTE : null,
      nextSleep.start - r.between(20, 40) * MINUTE,
    ];
    times = unique(candidates.filter((t): t is number => t !== null && r.next() < 0.8).map(minute).filter((t) => t >= day.start && t < day.end));
  } else {
    times = grid(day.start, day.end, tl.traits.glucose === 'cgm5' ? 5 * MINUTE : 15 * MINUTE);
  }
  const type = tl.traits.glucose === 'meter' ? 'fingerprick' : 'automatic';
  return times.filter((t) => t <= asOf).map((t) => pointSample(tl, t, glucoseAt(tl, t, around), 'mmol/L', type));
}

// ---------------------------------------------------------------- spot measurements

const SPOT_DEVICES: ReadonlySet<string> = new Set(['omron', 'omron_ble', 'beurer_api', 'beurer_ble', 'ihealth', 'withings', 'kardia', 'renpho']);

interface Reading { t: number; systolic: number; diastolic: number; pulse: number }

/** Blood pressure readings: morning and evening, most days with a cuff, now and then otherwise. */
function bpReadings(tl: Timeline): Reading[] {
  const r = rng(tl, 'bp');
  const { day, sleep, nextSleep } = tl.plan;
  const chance = SPOT_DEVICES.has(tl.traits.slug) ? 0.85 : 0.3;
  const out: Reading[] = [];
  for (const [t, morning] of [[sleep.end + r.between(10, 35) * MINUTE, true], [nextSleep.start - r.between(60, 100) * MINUTE, false]] as const) {
    const take = r.next() < chance;
    const ns = r.between(-6, 6);
    const nd = r.between(-4, 4);
    const np = r.between(-4, 6);
    const at = minute(t);
    if (!take || at < day.start || at >= day.end) continue;
    out.push({
      t: at,
      systolic: Math.round(tl.person.systolic + (morning ? 4 : 0) + ns),
      diastolic: Math.round(tl.person.diastolic + (morning ? 2 : 0) + nd),
      pulse: Math.round(tl.person.restingHr + 6 + np),
    });
  }
  return out;
}

const SCALES: ReadonlySet<string> = new Set(['renpho', 'withings', 'omron', 'beurer_api', 'beurer_ble', 'ihealth', 'garmin', 'manual']);

interface WeighIn { t: number; weight: number; fat: number }

/** This morning's weigh-in, if any: weight drifts slowly around the person's own. */
function weighIn(tl: Timeline): WeighIn | null {
  const r = rng(tl, 'weigh');
  const chance = SCALES.has(tl.traits.slug) ? 0.8 : 0.35;
  const t = minute(tl.plan.sleep.end + r.between(5, 25) * MINUTE);
  const noise = r.between(-0.4, 0.4);
  const fatNoise = r.between(-0.3, 0.3);
  if (r.next() >= chance || t < tl.day.start || t >= tl.day.end) return null;
  const dayNumber = utcMidnight(tl.key.date) / DAY;
  const drift = 1.2 * Math.sin(dayNumber / 23 + (tl.person.seed % 7));
  return { t, weight: round(tl.person.weightKg + drift + noise, 1), fat: round(tl.person.fatPercent + drift * 0.3 + fatNoise, 1) };
}

export function bodyOf(tl: Timeline, asOf: number): BodySummary | null {
  const w = weighIn(tl);
  if (!w || w.t > asOf) return null;
  const claims = tl.traits.claims;
  const impedance = SCALES.has(tl.traits.slug) && tl.traits.slug !== 'manual';
  const h = tl.person.heightCm / 100;
  const r = rng(tl, 'body');
  const fat = claims.has('fat') || impedance ? w.fat : null;
  return {
    id: recordId(tl.key.userId, tl.key.provider, 'body', tl.key.date),
    user_id: tl.key.userId,
    date: iso(utcMidnight(tl.key.date)),
    calendar_date: tl.key.date,
    weight: w.weight,
    fat,
    water_percentage: impedance ? round(r.between(50, 62), 1) : null,
    muscle_mass_percentage: impedance ? round(r.between(30, 45), 1) : null,
    visceral_fat_index: impedance ? Math.round(r.between(3, 14)) : null,
    bone_mass_percentage: impedance ? round(r.between(3, 5), 1) : null,
    body_mass_index: round(w.weight / (h * h), 1),
    lean_body_mass_kilogram: fat === null ? null : round(w.weight * (1 - fat / 100), 1),
    waist_circumference_centimeter: claims.has('waist_circumference') ? waist(tl, w) : null,
    source: sourceOf(tl.traits),
    created_at: iso(w.t),
    updated_at: iso(w.t),
  };
}

const waist = (tl: Timeline, w: WeighIn) => round(w.weight * (tl.person.sex === 'male' ? 1.05 : 1.1) + 10, 1);

// ---------------------------------------------------------------- meals

const FOODS: Readonly<Record<MealPlan['name'], readonly string[]>> = {
  Breakfast: ['Oatmeal', 'Greek yogurt', 'Banana', 'Whole wheat toast', 'Scrambled eggs', 'Coffee with milk'],
  Lunch: ['Chicken salad', 'Brown rice', 'Lentil soup', 'Turkey sandwich', 'Apple'],
  Snack: ['Almonds', 'Protein bar', 'Orange', 'Hummus with carrots'],
  Dinner: ['Grilled salmon', 'Pasta with tomato sauce', 'Roasted vegetables', 'Quinoa', 'Steak', 'Green salad'],
};

export function mealsOf(tl: Timeline, asOf: number): MealSummary[] {
  return tl.plan.meals.filter((m) => m.time <= asOf).map((m) => {
    const r = seededRandom(`${tl.key.userId}:${tl.key.provider}:${tl.key.date}:meal:${m.index}`);
    const kcal = Math.round(4 * m.carbs + 4 * m.protein + 9 * m.fat);
    const foods = FOODS[m.name];
    const picks = [...new Set([foods[r.int(0, foods.length - 1)]!, foods[r.int(0, foods.length - 1)]!])];
    const data: NonNullable<MealSummary['data']> = {};
    picks.forEach((food, i) => {
      const share = picks.length === 1 ? 1 : i === 0 ? 0.6 : 0.4;
      data[food] = { food, amount: Math.round(r.between(80, 250)), unit: 'g', energy: { unit: 'kcal', value: Math.round(kcal * share) } };
    });
    const saturated = round(m.fat * 0.32, 1);
    const mono = round(m.fat * 0.4, 1);
    const poly = round(m.fat - saturated - mono, 1);
    return {
      id: recordId(tl.key.userId, tl.key.provider, 'meal', tl.key.date, m.index),
      user_id: tl.key.userId,
      priority_id: tl.traits.id,
      source_id: tl.traits.id,
      provider_id: String(1_000_000_000 + Math.floor(hashUnit(tl.seed, m.time / MINUTE) * 8_999_999_999)),
      timestamp: iso(m.time),
      calendar_date: tl.key.date,
      name: m.name,
      energy: { unit: 'kcal', value: kcal },
      macros: {
        carbs: m.carbs, protein: m.protein,
        fats: { saturated, monounsaturated: mono, polyunsaturated: poly, omega3: round(poly * 0.2, 1), omega6: round(poly * 0.7, 1), total: m.fat },
        alcohol: m.name === 'Dinner' && r.next() < 0.2 ? 14 : 0, water: Math.round(r.between(100, 400)), fibre: m.fibre, sugar: m.sugar,
        cholesterol: Math.round(r.between(10, 180)),
      },
      micros: {
        // Iron and zinc are minerals in the family's vocabulary (Minerals), not trace elements.
        minerals: { sodium: Math.round(r.between(300, 1200)), potassium: Math.round(r.between(250, 900)), calcium: Math.round(r.between(50, 400)), iron: round(r.between(1, 6), 1), zinc: round(r.between(1, 5), 1) },
        trace_elements: { copper: round(r.between(0.1, 0.6), 2), selenium: round(r.between(0.01, 0.05), 3) },
        vitamins: { vitamin_c: Math.round(r.between(0, 60)), vitamin_d: round(r.between(0, 5), 1) },
      },
      data,
      source: sourceOf(tl.traits),
      created_at: iso(m.time),
      updated_at: iso(m.time),
      source_app_id: tl.traits.appId,
      source_device_id: null,
    };
  });
}

// ---------------------------------------------------------------- the long tail

/** Instantaneous events are intervals with start = end. */
const event = (tl: Timeline, t: number, value: number, unit: string, type: string | null = null) => intervalSample(tl, t, t, value, unit, type);

/** The sleeps starting in this day (tonight's, and a nap): their event samples appear once the sleep ends. */
const sleepsStartingToday = (tl: Timeline): SleepPlan[] => tl.sleeps.filter((s) => s.start >= tl.day.start && s.start < tl.day.end);

/** UTC-aligned hours of the local day (clipped), as [start, end). */
function hours(tl: Timeline): [number, number][] {
  const out: [number, number][] = [];
  for (let a = Math.floor(tl.day.start / HOUR) * HOUR; a < tl.day.end; a += HOUR) out.push([Math.max(a, tl.day.start), Math.min(a + HOUR, tl.day.end)]);
  return out;
}

const stepsIn = (tl: Timeline, from: number, to: number) =>
  tl.buckets().filter((b) => b.start >= from && b.start < to).reduce((sum, b) => sum + b.steps, 0);

/** The lead of a single-lead ECG (a watch's, similar to lead I): the samples' `type`. */
const ECG_LEAD = 'lead_I';

function ecgSamples(tl: Timeline): PointSample[] {
  const recording = ecgRecordingOf(tl);
  if (!recording) return [];
  const out: PointSample[] = [];
  for (let i = 0; i < ECG_DURATION_S * ECG_SAMPLING_HZ; i += 1) {
    out.push(pointSample(tl, recording.start + (i * 1000) / ECG_SAMPLING_HZ, ecgVoltage(tl, recording, i), 'mV', ECG_LEAD));
  }
  return out;
}

function workoutEvents(tl: Timeline, resource: 'workout_distance' | 'workout_duration' | 'workout_swimming_stroke' | 'heart_rate_recovery_one_minute'): IntervalSample[] {
  return tl.plan.workouts.map((w) => {
    if (resource === 'workout_duration') {
      return { ...intervalSample(tl, w.start, w.end, (w.end - w.start) / MINUTE, 'min'), intensity: w.intensity >= 0.7 ? 'high' : w.intensity >= 0.5 ? 'medium' : 'low' } as IntervalSample;
    }
    if (resource === 'heart_rate_recovery_one_minute') {
      return w.intensity >= 0.5 ? event(tl, w.end, Math.max(8, tl.hrAt(w.end - 1000) - tl.hrAt(w.end + MINUTE)), 'count') : null;
    }
    const f = workoutFiguresOf(tl, w);
    if (resource === 'workout_distance') return f.distance === null ? null : intervalSample(tl, w.start, w.end, f.distance, 'm');
    if (w.sport.slug !== 'swimming') return null;
    return intervalSample(tl, w.start, w.end, Math.round(((w.end - w.start) / MINUTE) * 30 * w.intensity / w.sport.intensity), 'count');
  }).filter((s): s is IntervalSample => s !== null);
}

/** All samples of an extra resource for the day, each with the instant it becomes visible. */
function extraAll(tl: Timeline, resource: TimeseriesResource): { sample: TimeseriesSample; visible: number }[] {
  const { day } = tl.plan;
  const atStart = (s: TimeseriesSample) => ({ sample: s, visible: Date.parse(s.timestamp) });
  const atEnd = (s: IntervalSample | NoteSample) => ({ sample: s, visible: Date.parse(s.end) });
  const inDay = (t: number) => t >= day.start && t < day.end;
  switch (resource) {
    case 'heartrate':
      // Devices that are not worn measure the pulse with each blood pressure reading.
      return tl.traits.style === 'spot' ? bpReadings(tl).map((b) => atStart(pointSample(tl, b.t, b.pulse, 'bpm'))) : [];
    case 'glucose':
      return glucoseSamples(tl, Number.POSITIVE_INFINITY).map(atStart);
    case 'blood_pressure':
      return bpReadings(tl).map((b) => atStart({ timestamp: iso(b.t), systolic: b.systolic, diastolic: b.diastolic, unit: 'mmHg', timezone_offset: tl.offsetAt(b.t), type: null } satisfies BloodPressureSample));
    case 'blood_oxygen': {
      if (tl.traits.style === 'wearable' || tl.traits.style === 'bed') {
        return tl.sleeps.flatMap((s) => grid(Math.max(s.start, day.start), Math.min(s.end, day.end), BUCKET_MS)).map((t) => atStart(pointSample(tl, t, tl.spo2At(t), '%')));
      }
      return bpReadings(tl).map((b) => atStart(pointSample(tl, b.t + MINUTE, tl.spo2At(b.t), '%')));
    }
    case 'body_weight': {
      const w = weighIn(tl);
      return w ? [atStart(pointSample(tl, w.t, w.weight, 'kg'))] : [];
    }
    case 'body_fat': {
      const w = weighIn(tl);
      return w ? [atStart(pointSample(tl, w.t, w.fat, '%'))] : [];
    }
    case 'body_mass_index': {
      const w = weighIn(tl);
      return w ? [atEnd(event(tl, w.t, round(w.weight / (tl.person.heightCm / 100) ** 2, 1), 'index'))] : [];
    }
    case 'lean_body_mass': {
      const w = weighIn(tl);
      return w ? [atEnd(event(tl, w.t, round(w.weight * (1 - w.fat / 100), 1), 'kg'))] : [];
    }
    case 'waist_circumference': {
      const w = weighIn(tl);
      return w && rng(tl, 'waist').next() < 0.2 ? [atEnd(event(tl, w.t, waist(tl, w), 'cm'))] : [];
    }
    case 'body_temperature': {
      if (tl.traits.style === 'wearable' || tl.traits.style === 'bed') {
        return sleepsStartingToday(tl).filter((s) => s.type === 'long_sleep').map((s) => ({
          sample: { ...intervalSample(tl, s.start, s.end, round(34.4 + tempDeltaOf(tl, s), 2), '°C'), sensor_location: sensorLocationOf(tl) } as IntervalSample,
          visible: s.end,
        }));
      }
      const r = rng(tl, 'temp');
      const t = minute(tl.plan.sleep.end + r.between(5, 30) * MINUTE);
      return r.next() < 0.5 && inDay(t) ? [atEnd({ ...event(tl, t, round(r.between(36.3, 37.0), 1), '°C'), sensor_location: 'mouth' } as IntervalSample)] : [];
    }
    case 'body_temperature_delta':
      return sleepsStartingToday(tl).filter((s) => s.type === 'long_sleep').map((s) => ({
        sample: { ...intervalSample(tl, s.start, s.end, tempDeltaOf(tl, s), '°C'), sensor_location: sensorLocationOf(tl) } as IntervalSample,
        visible: s.end,
      }));
    case 'basal_body_temperature': {
      const reading = basalBodyTemperatureOf(tl);
      return reading ? [atEnd(event(tl, reading.t, reading.value, '°C'))] : [];
    }
    case 'water': {
      const r = rng(tl, 'water');
      const times = [...tl.plan.meals.filter(() => r.next() < 0.7).map((m) => m.time), ...Array.from({ length: r.int(3, 6) }, () => awakeTime(tl, r))];
      return unique(times.filter(inDay)).map((t) => atEnd(event(tl, t, Math.round(r.between(150, 500) / 10) * 10, 'mL')));
    }
    case 'caffeine': {
      const r = rng(tl, 'caffeine');
      const out = [];
      const first = minute(tl.plan.sleep.end + r.between(10, 50) * MINUTE);
      if (r.next() < 0.75 && inDay(first)) out.push(atEnd(event(tl, first, round(r.between(0.06, 0.12), 3), 'g')));
      const second = awakeTime(tl, r, 13, 16);
      if (r.next() < 0.4 && inDay(second) && second > first) out.push(atEnd(event(tl, second, round(r.between(0.04, 0.1), 3), 'g')));
      return out;
    }
    case 'mindfulness_minutes': {
      const r = rng(tl, 'mindful');
      const minutes = r.int(5, 20);
      const t = awakeTime(tl, r, 7, 22);
      const busy = tl.workoutAt(t) || tl.workoutAt(t + minutes * MINUTE);
      return r.next() < 0.3 && !busy && inDay(t) ? [atEnd(intervalSample(tl, t, t + minutes * MINUTE, minutes, 'min'))] : [];
    }
    case 'stress_level': {
      const out = [];
      for (const t of grid(day.start, day.end, BUCKET_MS)) {
        if (tl.sleepAt(t) || tl.workoutAt(t)) continue;
        const p = tl.person;
        const level = ((tl.hrAt(t) - p.restingHr) / (p.maxHr - p.restingHr)) * 160 + 10 * (hashUnit(tl.seed ^ 0x510e527f, t / MINUTE) - 0.5);
        out.push(atStart(pointSample(tl, t, Math.max(0, Math.min(100, Math.round(level))), '%')));
      }
      return out;
    }
    case 'vo2_max': {
      const t = minute(tl.plan.sleep.end + HOUR);
      const dayNumber = utcMidnight(tl.key.date) / DAY;
      // An estimate at one instant, published by the API family as an interval (start = end = the instant).
      return inDay(t) ? [atEnd(event(tl, t, round(tl.person.vo2max + 0.8 * Math.sin(dayNumber / 17), 1), 'mL/kg/min'))] : [];
    }
    case 'electrocardiogram_voltage':
      return ecgSamples(tl).map(atStart);
    case 'afib_burden':
      return [atEnd(intervalSample(tl, day.start, day.end, round(hashUnit(tl.seed, day.start / DAY) < 0.9 ? 0 : hashUnit(tl.seed ^ 1, day.start) * 2, 1), '%'))];
    case 'heart_rate_alert': {
      const r = rng(tl, 'hr_alert');
      const t = awakeTime(tl, r);
      return r.next() < 0.02 && inDay(t) ? [atEnd(event(tl, t, 1, 'count', r.next() < 0.5 ? 'high_heart_rate' : 'irregular_rhythm'))] : [];
    }
    case 'stand_hour':
    case 'stand_duration':
      return hours(tl).flatMap(([a, b]) => {
        if (tl.sleepAt(a) && tl.sleepAt(b - 1)) return [];
        const steps = stepsIn(tl, a, b);
        if (resource === 'stand_hour') {
          const stood = steps >= 150;
          return [atEnd(intervalSample(tl, a, b, stood ? 1 : 0, 'count', stood ? 'stood' : 'idle'))];
        }
        const minutes = Math.min((b - a) / MINUTE, Math.round(steps / 40));
        return minutes > 0 ? [atEnd(intervalSample(tl, a, b, minutes, 'min'))] : [];
      });
    case 'sleep_apnea_alert':
      return sleepsStartingToday(tl).filter((s) => s.type === 'long_sleep' && hashUnit(tl.seed ^ 0x9b05688c, s.start / MINUTE) < 0.01)
        .map((s) => ({ sample: intervalSample(tl, s.start, s.end, 1, 'count'), visible: s.end }));
    case 'sleep_breathing_disturbance':
      return sleepsStartingToday(tl).filter((s) => s.type === 'long_sleep')
        .map((s) => ({ sample: intervalSample(tl, s.start, s.end, Math.floor(hashUnit(tl.seed ^ 0x1f83d9ab, s.start / MINUTE) * 8), 'count'), visible: s.end }));
    case 'forced_expiratory_volume_1':
    case 'forced_vital_capacity':
    case 'peak_expiratory_flow_rate': {
      const r = rng(tl, 'spirometry');
      const t = minute(tl.plan.sleep.end + r.between(15, 45) * MINUTE);
      if (r.next() >= (tl.person.asthma ? 0.5 : 0.03) || !inDay(t)) return [];
      const h = tl.person.heightCm / 100;
      const fvc = round((tl.person.sex === 'male' ? 5.76 : 4.43) * h - 0.026 * tl.person.age - (tl.person.sex === 'male' ? 4.34 : 2.89) + r.between(-0.3, 0.3), 2);
      const fev1 = round(fvc * (tl.person.asthma ? r.between(0.6, 0.75) : r.between(0.75, 0.85)), 2);
      const pefr = Math.round(fev1 * r.between(110, 130));
      const value = resource === 'forced_vital_capacity' ? fvc : resource === 'forced_expiratory_volume_1' ? fev1 : pefr;
      return [atEnd(event(tl, t, value, resource === 'peak_expiratory_flow_rate' ? 'L/min' : 'L'))];
    }
    case 'inhaler_usage': {
      if (!tl.person.asthma) return [];
      const r = rng(tl, 'inhaler');
      return unique(Array.from({ length: r.int(0, 3) }, () => awakeTime(tl, r)).filter(inDay)).map((t) => atEnd(event(tl, t, 1, 'count')));
    }
    case 'fall': {
      const r = rng(tl, 'fall');
      const t = awakeTime(tl, r);
      return r.next() < 0.003 && inDay(t) ? [atEnd(event(tl, t, 1, 'count'))] : [];
    }
    case 'uv_exposure':
    case 'daylight_exposure': {
      const month = Number(tl.key.date.slice(5, 7));
      const summer = Math.cos(((month - (tl.person.lat >= 0 ? 7 : 1)) / 12) * 2 * Math.PI);
      return hours(tl).flatMap(([a, b]) => {
        const h = tl.localHour(a);
        if (h < 7 || h >= 19 || tl.sleepAt(a)) return [];
        const outdoors = tl.plan.workouts.some((w) => w.sport.outdoor && w.start < b && w.end > a) || hashUnit(tl.seed ^ 0x5be0cd19, a / HOUR) < 0.3;
        if (!outdoors) return [];
        const minutes = Math.round(10 + 40 * hashUnit(tl.seed ^ 0x3c6ef372, a / HOUR));
        if (resource === 'daylight_exposure') return [atEnd(intervalSample(tl, a, b, Math.min(minutes, (b - a) / MINUTE), 'min'))];
        const uv = Math.max(0, Math.round((4 + 4 * summer) * Math.sin(((h - 6) / 14) * Math.PI)));
        return [atEnd(intervalSample(tl, a, b, uv, 'index'))];
      });
    }
    case 'handwashing': {
      const r = rng(tl, 'handwashing');
      return unique(Array.from({ length: r.int(3, 9) }, () => awakeTime(tl, r)).filter(inDay))
        .map((t) => atEnd(intervalSample(tl, t, t + 20_000, 1, 'count')));
    }
    case 'workout_distance':
    case 'workout_duration':
    case 'workout_swimming_stroke':
    case 'heart_rate_recovery_one_minute':
      return workoutEvents(tl, resource).map(atEnd);
    case 'insulin_injection': {
      if (!diabetic(tl)) return [];
      const r = rng(tl, 'insulin');
      const bolus = tl.plan.meals.map((m) => atEnd(event(tl, m.time, round(m.carbs / 10 + r.between(0, 1), 1), 'unit', 'rapid_acting')));
      const basalAt = minute(tl.plan.nextSleep.start - r.between(20, 40) * MINUTE);
      const basal = inDay(basalAt) ? [atEnd(event(tl, basalAt, Math.round(r.between(14, 30)), 'unit', 'long_acting'))] : [];
      return [...bolus, ...basal].sort((a, b) => a.visible - b.visible);
    }
    case 'carbohydrates':
      return tl.plan.meals.map((m) => atEnd(event(tl, m.time, m.carbs, 'g')));
    case 'note': {
      const r = rng(tl, 'note');
      if (r.next() >= 0.25) return [];
      const t = awakeTime(tl, r);
      const notes: [string, string][] = [['Felt sluggish after lunch', 'food'], ['Great energy on the run', 'exercise'], ['Forgot evening dose, took it late', 'insulin_injection'], ['Headache in the afternoon', 'unspecified']];
      const [text, tag] = notes[r.int(0, notes.length - 1)]!;
      return inDay(t) ? [atEnd({ timestamp: iso(t), start: iso(t), end: iso(t), value: text, unit: 'text', timezone_offset: tl.offsetAt(t), type: null, tags: [tag] })] : [];
    }
    default:
      return [];
  }
}

/** Where a worn sensor sits, in the family's `sensor_location` vocabulary: a ring on a finger, anything else worn on the wrist. */
const sensorLocationOf = (tl: Timeline): 'finger' | 'wrist' => (tl.traits.sourceType === 'ring' ? 'finger' : 'wrist');

/** The night's skin temperature deviation (°C), shared by the sleep summary and body_temperature_delta. */
export function tempDeltaOf(tl: Timeline, sleep: SleepPlan): number {
  return round(seededRandom(`${tl.key.userId}:${tl.key.provider}:${sleep.date}:${sleep.index}:temp`).between(-0.45, 0.45), 2);
}

/** The visible samples of an extra resource as of asOf, in time order. */
export function extraSeries(tl: Timeline, resource: TimeseriesResource, asOf: number): TimeseriesSample[] {
  const all = extraAll(tl, resource);
  const out: { sample: TimeseriesSample; t: number }[] = [];
  for (const { sample, visible } of all) if (visible <= asOf) out.push({ sample, t: Date.parse(sample.timestamp) });
  return out.sort((a, b) => a.t - b.t).map((x) => x.sample);
}
