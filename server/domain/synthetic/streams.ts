/**
 * Sleep and workout streams, and the summaries computed from them (a sleep's
 * heart rate and HRV, a workout's average/max heart rate, distance, power), so
 * a summary always agrees with its stream.
 */
import { recordId } from './ids.js';
import type { SleepPlan, WorkoutPlan } from './plan.js';
import { HR_STEP_MS, hashUnit, type Timeline } from './timeline.js';
import type { IntervalSample, PointSample, SleepStream, WorkoutStream } from './types.js';
import { round } from './round.js';

/** Workout streams sample every 10 seconds. */
export const STREAM_STEP_S = 10;

/** The timeline owning instant t, starting from the timeline of a day close to t. */
export function timelineAt(near: Timeline, t: number): Timeline {
  let tl = near;
  for (let guard = 0; guard < 3 && t < tl.day.start; guard += 1) tl = tl.neighbour(-1);
  for (let guard = 0; guard < 3 && t >= tl.day.end; guard += 1) tl = tl.neighbour(1);
  return tl;
}

export const pointSample = (tl: Timeline, t: number, value: number, unit: string, type: string | null = null): PointSample => ({
  timestamp: tl.iso(t), value, unit, timezone_offset: tl.offsetAt(t), type,
});

export const intervalSample = (tl: Timeline, start: number, end: number, value: number, unit: string, type: string | null = null): IntervalSample => ({
  timestamp: tl.iso(start), start: tl.iso(start), end: tl.iso(end), value, unit, timezone_offset: tl.offsetAt(start), type,
});

/** Instants of the 5-minute grid (UTC-aligned) within [from, to). */
export function grid(from: number, to: number, step = HR_STEP_MS): number[] {
  const out: number[] = [];
  for (let t = Math.ceil(from / step) * step; t < to; t += step) out.push(t);
  return out;
}

/** The values of a sleep's signals every 5 minutes (no sample objects: summaries only need numbers). */
export interface SleepValues { times: number[]; heartrate: number[]; hrv: number[]; respiratory_rate: number[] }

export function sleepValues(near: Timeline, sleep: SleepPlan): SleepValues {
  const out: SleepValues = { times: grid(sleep.start, sleep.end), heartrate: [], hrv: [], respiratory_rate: [] };
  for (const t of out.times) {
    const tl = timelineAt(near, t);
    out.heartrate.push(tl.hrAt(t));
    out.hrv.push(tl.hrvAt(t, sleep));
    out.respiratory_rate.push(tl.respirationAt(t, sleep));
  }
  return out;
}

/** The signals of a sleep: heart rate, HRV and respiration every 5 minutes, and its stages as hypnogram intervals. */
export function sleepSignals(near: Timeline, sleep: SleepPlan): SleepStream {
  const v = sleepValues(near, sleep);
  const tls = v.times.map((t) => timelineAt(near, t));
  const samples = (values: number[], unit: string) => values.map((value, i) => pointSample(tls[i]!, v.times[i]!, value, unit));
  const hypnogram = sleep.stageType.map((stage, i) => {
    const start = sleep.start + sleep.stageStart[i]! * 1000;
    return intervalSample(timelineAt(near, start), start, sleep.start + sleep.stageEnd[i]! * 1000, stage, 'stage');
  });
  return { hrv: samples(v.hrv, 'rmssd'), heartrate: samples(v.heartrate, 'bpm'), hypnogram, respiratory_rate: samples(v.respiratory_rate, 'bpm') };
}

const mean = (values: readonly number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);

/** The workout's stream, every 10 seconds from time_start (inclusive) to time_end (exclusive). */
export function workoutStreamOf(tl: Timeline, w: WorkoutPlan): WorkoutStream {
  const s = w.sport;
  const p = tl.person;
  const stream: WorkoutStream = { time: [], heartrate: [], lat: [], lng: [], altitude: [], velocity_smooth: [], cadence: [], distance: [], power: [], resistance: [], temperature: [] };
  const moving = s.speed > 0;
  const stepCadence = s.cadence >= 60;
  const pedal = s.slug === 'cycling' || s.slug === 'indoor_cycling';
  const stroke = s.slug === 'rowing' || s.slug === 'swimming';
  const ftp = p.weightKg * (2 + (p.vo2max - 22) / 20);
  const durationS = (w.end - w.start) / 1000;
  const baseSpeed = s.speed * (w.intensity / s.intensity);
  // A loop around home: the radius makes the planned distance one lap.
  const radius = Math.max(150, (baseSpeed * durationS) / (2 * Math.PI));
  const phase = (w.seed % 628) / 100;
  const altBase = 20 + (w.seed % 400);
  const temp = 8 + (w.seed % 22);
  let distance = 0;
  for (let e = 0; e < durationS; e += STREAM_STEP_S) {
    const t = w.start + e * 1000;
    const noise = hashUnit(w.seed, e) * 2 - 1;
    const warm = Math.min(1, e / 300, (durationS - e) / 180 + 0.3);
    stream.time.push(Math.floor(t / 1000));
    stream.heartrate.push(tl.hrAt(t));
    if (moving) {
      const v = Math.max(0, baseSpeed * (0.55 + 0.45 * warm) * (1 + 0.06 * Math.sin(e / 97 + phase) + 0.04 * noise));
      stream.velocity_smooth.push(round(v, 2));
      if (e > 0) distance += v * STREAM_STEP_S;
      stream.distance.push(round(distance, 1));
      if (s.outdoor) {
        const angle = distance / radius + phase;
        stream.lat.push(round(p.lat + (radius / 111_320) * (Math.sin(angle) - Math.sin(phase)), 6));
        stream.lng.push(round(p.lng + (radius / (111_320 * Math.cos((p.lat * Math.PI) / 180))) * (Math.cos(angle) - Math.cos(phase)), 6));
        stream.altitude.push(round(altBase + 18 * Math.sin(3 * angle) + 6 * Math.sin(7 * angle), 1));
        stream.temperature.push(round(temp + e / 3600 + 0.3 * noise, 1));
      }
    }
    if (stepCadence) stream.cadence.push(Math.round(s.cadence * (0.8 + 0.2 * warm) * (1 + 0.03 * noise)));
    else if (pedal) stream.cadence.push(Math.round((70 + 20 * w.intensity) * (0.85 + 0.15 * warm) + 3 * noise));
    else if (stroke) stream.cadence.push(Math.round((s.slug === 'rowing' ? 24 : 30) * (0.9 + 0.1 * warm) + 1.5 * noise));
    if (s.power) stream.power.push(Math.round(ftp * (w.intensity / 0.75) * (0.5 + 0.5 * warm) * (1 + 0.12 * Math.sin(e / 53 + phase) + 0.05 * noise)));
    if (s.slug === 'indoor_cycling' && tl.traits.slug === 'peloton') stream.resistance.push(Math.round(35 + 25 * w.intensity * warm + 4 * noise));
  }
  return stream;
}

/** Google encoded polyline of a route (the workout summary `map`). */
export function encodePolyline(lat: readonly number[], lng: readonly number[]): string {
  let out = '';
  let prevLat = 0;
  let prevLng = 0;
  const enc = (value: number) => {
    let v = value < 0 ? ~(value << 1) : value << 1;
    let chunk = '';
    while (v >= 0x20) {
      chunk += String.fromCharCode((0x20 | (v & 0x1f)) + 63);
      v >>>= 5;
    }
    return chunk + String.fromCharCode(v + 63);
  };
  for (let i = 0; i < lat.length; i += 1) {
    const a = Math.round(lat[i]! * 1e5);
    const b = Math.round(lng[i]! * 1e5);
    out += enc(a - prevLat) + enc(b - prevLng);
    prevLat = a;
    prevLng = b;
  }
  return out;
}

/** Summary figures of a workout, all computed from its stream. */
export function workoutFigures(tl: Timeline, w: WorkoutPlan, stream: WorkoutStream) {
  const p = tl.person;
  const hr = stream.heartrate;
  const zones = [0, 0, 0, 0, 0, 0];
  for (const bpm of hr) {
    const f = bpm / p.maxHr;
    zones[f < 0.5 ? 0 : f < 0.6 ? 1 : f < 0.7 ? 2 : f < 0.8 ? 3 : f < 0.9 ? 4 : 5]! += STREAM_STEP_S;
  }
  const durationS = (w.end - w.start) / 1000;
  const distance = stream.distance.length > 0 ? stream.distance[stream.distance.length - 1]! : null;
  const movingTime = stream.velocity_smooth.length > 0 ? stream.velocity_smooth.filter((v) => v > 0.3).length * STREAM_STEP_S : durationS;
  let gain = 0;
  for (let i = 1; i < stream.altitude.length; i += 1) gain += Math.max(0, stream.altitude[i]! - stream.altitude[i - 1]!);
  const power = stream.power;
  const np = power.length > 0 ? Math.round((power.reduce((a, b) => a + b ** 4, 0) / power.length) ** 0.25) : null;
  const steps = w.sport.cadence >= 60 ? Math.round(stream.cadence.reduce((a, b) => a + b, 0) * (STREAM_STEP_S / 60)) : null;
  return {
    average_hr: hr.length > 0 ? Math.round(mean(hr)!) : null,
    max_hr: hr.length > 0 ? Math.max(...hr) : null,
    hr_zones: zones,
    distance: distance === null ? null : round(distance, 1),
    moving_time: movingTime,
    average_speed: distance === null || movingTime === 0 ? null : round(distance / movingTime, 2),
    max_speed: stream.velocity_smooth.length > 0 ? Math.max(...stream.velocity_smooth) : null,
    total_elevation_gain: stream.altitude.length > 0 ? round(gain, 1) : null,
    elev_high: stream.altitude.length > 0 ? Math.max(...stream.altitude) : null,
    elev_low: stream.altitude.length > 0 ? Math.min(...stream.altitude) : null,
    average_watts: power.length > 0 ? Math.round(mean(power)!) : null,
    max_watts: power.length > 0 ? Math.max(...power) : null,
    weighted_average_watts: np,
    steps,
    calories: Math.round(((w.sport.met * (w.intensity / w.sport.intensity) - 1) * 3.5 * p.weightKg / 200 + p.bmr / 1440) * (durationS / 60)),
    map: stream.lat.length > 1
      ? { summary_polyline: encodePolyline(stream.lat.filter((_, i) => i % 6 === 0), stream.lng.filter((_, i) => i % 6 === 0)) }
      : null,
  };
}

/** The figures of a workout (memoised on its day's timeline: the stream is rebuilt only when read). */
export const workoutFiguresOf = (tl: Timeline, w: WorkoutPlan) => tl.memo(`workout:${w.index}`, () => workoutFigures(tl, w, workoutStreamOf(tl, w)));

/** The signal values of a sleep (memoised on the timeline the summary is built from). */
export const sleepValuesOf = (tl: Timeline, sleep: SleepPlan) => tl.memo(`sleep:${sleep.date}:${sleep.index}`, () => sleepValues(tl, sleep));

/** Ids of a day's sleeps and workouts, in plan order. */
export const sleepIdOf = (tl: Timeline, sleep: SleepPlan) => recordId(tl.key.userId, tl.key.provider, 'sleep', sleep.date, sleep.index);
export const workoutIdOf = (tl: Timeline, w: WorkoutPlan) => recordId(tl.key.userId, tl.key.provider, 'workout', w.date, w.index);
