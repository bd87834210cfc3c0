/**
 * The plan of one local day of one connection: when the person slept (the
 * night ending this morning, and a nap), worked out and ate. Each part has its
 * own seed (user, provider, date, part), so a neighbouring day can ask for just
 * the part it needs (the night starting this evening) cheaply.
 */
import type { Person, ProviderTraits } from './person.js';
import { seededRandom, type Random } from './random.js';
import { addDays, MINUTE, type LocalDay, type Zone } from './time-zone.js';
import type { SleepStage, SleepType } from './types.js';

export interface SportInfo {
  id: number;
  name: string;
  slug: string;
  outdoor: boolean;
  /** Steps per minute (0: no steps). */
  cadence: number;
  /** Typical speed, m/s (0: stationary). */
  speed: number;
  met: number;
  /** Target fraction of heart-rate reserve. */
  intensity: number;
  power: boolean;
  minMin: number;
  maxMin: number;
}

export const SPORTS: Readonly<Record<string, SportInfo>> = {
  cycling: { id: 1, name: 'Cycling', slug: 'cycling', outdoor: true, cadence: 0, speed: 7.2, met: 8, intensity: 0.68, power: true, minMin: 40, maxMin: 120 },
  walking: { id: 3, name: 'Walking', slug: 'walking', outdoor: true, cadence: 112, speed: 1.4, met: 3.5, intensity: 0.35, power: false, minMin: 25, maxMin: 75 },
  running: { id: 4, name: 'Running', slug: 'running', outdoor: true, cadence: 166, speed: 2.9, met: 9.8, intensity: 0.78, power: false, minMin: 20, maxMin: 75 },
  swimming: { id: 5, name: 'Swimming', slug: 'swimming', outdoor: false, cadence: 0, speed: 0.75, met: 7, intensity: 0.65, power: false, minMin: 25, maxMin: 60 },
  hiking: { id: 6, name: 'Hiking', slug: 'hiking', outdoor: true, cadence: 100, speed: 1.2, met: 6, intensity: 0.5, power: false, minMin: 60, maxMin: 150 },
  strength_training: { id: 7, name: 'Strength Training', slug: 'strength_training', outdoor: false, cadence: 8, speed: 0, met: 5, intensity: 0.55, power: false, minMin: 30, maxMin: 75 },
  yoga: { id: 8, name: 'Yoga', slug: 'yoga', outdoor: false, cadence: 2, speed: 0, met: 3, intensity: 0.3, power: false, minMin: 20, maxMin: 60 },
  hiit: { id: 9, name: 'HIIT', slug: 'hiit', outdoor: false, cadence: 60, speed: 0, met: 10, intensity: 0.82, power: false, minMin: 15, maxMin: 40 },
  indoor_cycling: { id: 10, name: 'Indoor Cycling', slug: 'indoor_cycling', outdoor: false, cadence: 0, speed: 8, met: 8.5, intensity: 0.72, power: true, minMin: 20, maxMin: 60 },
  rowing: { id: 11, name: 'Rowing', slug: 'rowing', outdoor: false, cadence: 0, speed: 3.6, met: 7, intensity: 0.7, power: true, minMin: 20, maxMin: 50 },
};

export interface SleepPlan {
  /** Calendar date the sleep belongs to (the day it ends in). */
  date: string;
  index: number;
  type: SleepType;
  start: number;
  end: number;
  /** Consecutive stages tiling [start, end), offsets in seconds from start. */
  stageStart: number[];
  stageEnd: number[];
  stageType: SleepStage[];
}

export interface WorkoutPlan {
  date: string;
  index: number;
  sport: SportInfo;
  start: number;
  end: number;
  /** Fraction of heart-rate reserve this session aims at. */
  intensity: number;
  /** Seed of the session's own noise (intervals, route). */
  seed: number;
}

export interface MealPlan {
  date: string;
  index: number;
  name: 'Breakfast' | 'Lunch' | 'Snack' | 'Dinner';
  time: number;
  carbs: number;
  protein: number;
  fat: number;
  fibre: number;
  sugar: number;
}

const partRandom = (userId: string, provider: string, date: string, part: string): Random =>
  seededRandom(`${userId}:${provider}:${date}:${part}`);

const roundTo = (value: number, step: number) => Math.round(value / step) * step + 0; // never -0 (see round.ts)

/** 30-second epochs, as sleep staging uses. */
const EPOCH = 30;

function stagesFor(r: Random, duration: number, nap: boolean): { starts: number[]; ends: number[]; types: SleepStage[] } {
  const starts: number[] = [];
  const ends: number[] = [];
  const types: SleepStage[] = [];
  let at = 0;
  const push = (type: SleepStage, seconds: number) => {
    const len = Math.min(roundTo(Math.max(EPOCH, seconds), EPOCH), duration - at);
    if (len <= 0) return;
    if (types.length > 0 && types[types.length - 1] === type) {
      ends[ends.length - 1] = ends[ends.length - 1]! + len;
    } else {
      starts.push(at);
      ends.push(at + len);
      types.push(type);
    }
    at += len;
  };
  const finalAwake = roundTo(r.between(nap ? 60 : 120, nap ? 240 : 720), EPOCH);
  push(4, r.between(nap ? 60 : 180, nap ? 420 : 1500)); // latency
  const body = duration - finalAwake;
  let cycle = 0;
  while (at < body - EPOCH) {
    const late = Math.min(1, at / 25_000);
    push(2, r.between(1200, 2100));
    if (at >= body) break;
    const deep = (1 - late) * r.between(600, 1800) + (nap ? 0 : r.between(0, 240));
    if (deep > 300 && !(nap && cycle > 0)) push(1, deep);
    if (at >= body) break;
    push(2, r.between(420, 1200));
    if (at >= body) break;
    if (!nap || cycle > 0) push(3, r.between(300, 720) + late * r.between(420, 1200));
    if (at >= body) break;
    if (r.next() < 0.35) push(4, r.between(60, 420));
    cycle += 1;
    // Clip the body of the night at its planned end so the final awake stage stays.
    if (at > body) break;
  }
  // Whatever is left (final awakening) is awake.
  while (at < duration) push(4, duration - at);
  return { starts, ends, types };
}

/**
 * The main sleeps a caller's days have planned, by connection, zone and date: a day's plan holds
 * its own night and the next one, which is the next day's own (the same object in both plans).
 * Made by the caller (Timelines) for one call and dropped with it.
 */
export type SleepPlans = Map<string, SleepPlan>;

/** The main sleep of local day `date`: it starts the evening before and ends this morning. */
export function mainSleepOf(userId: string, provider: string, date: string, zone: Zone, person: Person, sleeps: SleepPlans = new Map()): SleepPlan {
  const key = `${userId}|${provider}|${date}|${zone.name}`;
  const planned = sleeps.get(key);
  if (planned) return planned;
  const sleep = computeMainSleep(userId, provider, date, zone, person);
  sleeps.set(key, sleep);
  return sleep;
}

function computeMainSleep(userId: string, provider: string, date: string, zone: Zone, person: Person): SleepPlan {
  const r = partRandom(userId, provider, date, 'sleep');
  const previous = zone.localDay(addDays(date, -1));
  const bedtime = Math.round(person.bedtimeMin + r.between(-40, 50));
  const start = zone.localInstant(previous, bedtime);
  const duration = roundTo(Math.min(10.5, Math.max(4.8, person.sleepNeedH + r.between(-1.2, 0.9))) * 3600, EPOCH);
  const { starts, ends, types } = stagesFor(r, duration, false);
  return { date, index: 0, type: 'long_sleep', start, end: start + duration * 1000, stageStart: starts, stageEnd: ends, stageType: types };
}

/** The plan of one local day. */
export interface DayPlan {
  day: LocalDay;
  /** The night ending this morning. */
  sleep: SleepPlan;
  /** The night starting this evening (the next day's main sleep). */
  nextSleep: SleepPlan;
  nap: SleepPlan | null;
  workouts: WorkoutPlan[];
  meals: MealPlan[];
  /** Multiplies everyday walking today. */
  activity: number;
}

/** The plan of local day `date` (the main sleeps it plans are kept in `sleeps` for the neighbouring days). */
export function dayPlan(userId: string, provider: string, date: string, zone: Zone, person: Person, traits: ProviderTraits, sleeps: SleepPlans = new Map()): DayPlan {
  const day = zone.localDay(date);
  const sleep = mainSleepOf(userId, provider, date, zone, person, sleeps);
  const nextSleep = mainSleepOf(userId, provider, addDays(date, 1), zone, person, sleeps);
  const at = (minutes: number) => zone.localInstant(day, minutes);

  // A nap in the early afternoon now and then.
  const napR = partRandom(userId, provider, date, 'nap');
  let nap: SleepPlan | null = null;
  if (traits.claims.has('sleep') && napR.next() < 0.12) {
    const start = at(Math.round(napR.between(13.5 * 60, 15.5 * 60)));
    const duration = roundTo(napR.between(20 * 60, 75 * 60), EPOCH);
    const { starts, ends, types } = stagesFor(napR, duration, true);
    nap = { date, index: 1, type: 'short_sleep', start, end: start + duration * 1000, stageStart: starts, stageEnd: ends, stageType: types };
  }

  // Workouts: a morning slot after waking and an evening slot well before the next night.
  const wr = partRandom(userId, provider, date, 'workouts');
  const workouts: WorkoutPlan[] = [];
  const sports = traits.sports ?? person.sports;
  const chance = traits.style === 'workouts' ? Math.min(0.75, person.workoutChance + 0.25) : person.workoutChance;
  const slots: [number, number][] = [[Math.max(sleep.end + 25 * MINUTE, at(6 * 60)), at(11 * 60)], [at(17 * 60), at(19.5 * 60)]];
  for (const [from, to] of slots) {
    const go = wr.next() < chance;
    const sport = SPORTS[sports[wr.int(0, sports.length - 1)]!]!;
    const minutes = wr.int(sport.minMin, sport.maxMin);
    const startAt = roundTo(from + wr.next() * Math.max(0, to - from), MINUTE);
    const end = startAt + minutes * MINUTE;
    const intensity = sport.intensity + wr.between(-0.06, 0.06);
    const seed = Math.floor(wr.next() * 2 ** 32);
    if (!go || traits.claims.size === 0 || from >= to) continue;
    if (end > nextSleep.start - 60 * MINUTE || end > day.end) continue;
    if (nap && startAt < nap.end + 30 * MINUTE && end > nap.start - 30 * MINUTE) continue;
    workouts.push({ date, index: workouts.length, sport, start: startAt, end, intensity, seed });
  }

  // Meals, moved past a workout or nap they would fall into.
  const mr = partRandom(userId, provider, date, 'meals');
  const busy = [...workouts.map((w) => [w.start, w.end + 20 * MINUTE] as const), ...(nap ? [[nap.start, nap.end + 10 * MINUTE] as const] : [])];
  const free = (t: number) => {
    let moved = t;
    for (const [a, b] of busy) if (moved >= a && moved < b) moved = b;
    return roundTo(moved, MINUTE);
  };
  const meals: MealPlan[] = [];
  const meal = (name: MealPlan['name'], time: number, carbs: number) => {
    const protein = carbs * mr.between(0.25, 0.6);
    const fat = carbs * mr.between(0.2, 0.45);
    meals.push({
      date, index: meals.length, name, time: free(time),
      carbs: Math.round(carbs), protein: Math.round(protein), fat: Math.round(fat),
      fibre: Math.round(carbs * mr.between(0.06, 0.14)), sugar: Math.round(carbs * mr.between(0.1, 0.35)),
    });
  };
  meal('Breakfast', sleep.end + mr.between(20, 70) * MINUTE, mr.between(30, 75));
  meal('Lunch', at(mr.between(12 * 60, 13.5 * 60)), mr.between(45, 95));
  if (mr.next() < 0.45) meal('Snack', at(mr.between(15.5 * 60, 16.5 * 60)), mr.between(15, 35));
  meal('Dinner', at(mr.between(18.5 * 60, 20 * 60)), mr.between(50, 110));
  meals.sort((a, b) => a.time - b.time);
  // Meals at least 45 minutes apart (two moved past the same workout would collide).
  meals.forEach((m, i) => {
    m.index = i;
    if (i > 0) m.time = Math.max(m.time, meals[i - 1]!.time + 45 * MINUTE);
  });

  return { day, sleep, nextSleep, nap, workouts, meals, activity: partRandom(userId, provider, date, 'activity').between(0.65, 1.35) };
}

/** The stage of a sleep at instant t (4 = awake when outside). */
export function stageAt(sleep: SleepPlan, t: number): SleepStage {
  const offset = (t - sleep.start) / 1000;
  let lo = 0;
  let hi = sleep.stageStart.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sleep.stageStart[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return sleep.stageType[lo] ?? 4;
}
