/**
 * The continuous signals of one local day: heart rate at any instant, and the
 * additive quantities (steps, distance, calories, floors) per 15-minute bucket.
 * Values depend only on the plan and on a hash of the instant, never on the
 * order of generation, so a sample has the same value whoever asks and when.
 */
import { BoundedCache } from '../../shared/cache.js';
import { dayPlan, stageAt, type DayPlan, type SleepPlan, type SleepPlans, type WorkoutPlan } from './plan.js';
import { personOf, providerTraits, type Person, type ProviderTraits } from './person.js';
import { addDays, HOUR, IsoWriter, MINUTE, offsetIn, Zone, type FormatterMemo } from './time-zone.js';

/** Bucket length of steps, distance, calories and floors. */
export const BUCKET_MS = 15 * MINUTE;
/** Heart-rate sampling outside workouts (1 per minute inside workouts). */
export const HR_STEP_MS = 5 * MINUTE;

/** Uniform [0, 1) from a seed and an integer: stateless, so any instant can be asked alone. */
export function hashUnit(seed: number, x: number): number {
  let h = Math.imul((seed ^ Math.imul(x | 0, 0x27d4eb2d)) ^ Math.floor(x / 4294967296), 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** Additive quantities of one bucket, integers in fixed scales (steps, 0.1 m, 0.1 kcal, floors, minutes). */
export interface Bucket {
  start: number;
  end: number;
  steps: number;
  pushes: number;
  distanceDm: number;
  activeDk: number;
  basalDk: number;
  floors: number;
  /** Minutes of low / medium / high intensity activity. */
  lowMin: number;
  mediumMin: number;
  highMin: number;
  /** Walking rate in steps per minute while awake (heart-rate effect). */
  rate: number;
}

// Everyday walking, steps per awake minute by local hour.
const WALK_RATE = [1, 1, 1, 1, 1, 2, 4, 9, 14, 7, 6, 7, 12, 9, 6, 6, 8, 14, 11, 8, 6, 4, 2, 1];

const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

export interface TimelineKey { userId: string; provider: string; date: string; timeZone: string }

export class Timeline {
  readonly person: Person;
  readonly traits: ProviderTraits;
  readonly plan: DayPlan;
  readonly sleeps: SleepPlan[];
  readonly seed: number;
  private bucketList: Bucket[] | null = null;
  private hrList: { times: number[]; values: number[] } | null = null;
  private memos = new Map<string, unknown>();

  constructor(
    readonly key: TimelineKey,
    private readonly timelines: Timelines,
  ) {
    this.person = personOf(key.userId);
    this.traits = providerTraits(key.provider);
    this.plan = dayPlan(key.userId, key.provider, key.date, timelines.zone(key.timeZone), this.person, this.traits, timelines.sleeps);
    this.sleeps = [this.plan.sleep, ...(this.plan.nap ? [this.plan.nap] : []), this.plan.nextSleep];
    this.seed = (this.person.seed ^ Math.imul(this.traits.id + 1, 0x9e3779b1)) >>> 0;
  }

  /** Memoises a small derived value of this day (a sleep's signal values, a workout's figures). */
  memo<T>(key: string, compute: () => T): T {
    if (!this.memos.has(key)) this.memos.set(key, compute());
    return this.memos.get(key) as T;
  }

  get day() {
    return this.plan.day;
  }

  /** An instant as the API writes it (`iso`, through the call's writer). */
  iso(t: number): string {
    return this.timelines.timestamps.iso(t);
  }

  /** The timeline of the day `days` after this one (before, when negative), of the same connection and zone. */
  neighbour(days: number): Timeline {
    return this.timelines.of({ ...this.key, date: addDays(this.key.date, days) });
  }

  offsetAt(t: number): number {
    return offsetIn(this.plan.day, t);
  }

  sleepAt(t: number): SleepPlan | null {
    for (const s of this.sleeps) if (t >= s.start && t < s.end) return s;
    return null;
  }

  workoutAt(t: number): WorkoutPlan | null {
    for (const w of this.plan.workouts) if (t >= w.start && t < w.end) return w;
    return null;
  }

  /** Local hour of day (fractional) at t. */
  localHour(t: number): number {
    const local = t + this.offsetAt(t) * 1000;
    return (((local % (24 * HOUR)) + 24 * HOUR) % (24 * HOUR)) / HOUR;
  }

  /** The 15-minute buckets of the day: UTC-aligned, clipped to the local day. */
  buckets(): Bucket[] {
    if (this.bucketList) return this.bucketList;
    const { day, workouts } = this.plan;
    const p = this.person;
    // A pedometer (e.g. a cuff maker's app counting steps) counts everyday walking too.
    const everyday = this.traits.style === 'wearable' || this.traits.claims.has('steps');
    const weightFactor = p.weightKg / 70;
    const list: Bucket[] = [];
    for (let a = Math.floor(day.start / BUCKET_MS) * BUCKET_MS; a < day.end; a += BUCKET_MS) {
      const start = Math.max(a, day.start);
      const end = Math.min(a + BUCKET_MS, day.end);
      const minutes = (end - start) / MINUTE;
      let sleepMin = 0;
      for (const s of this.sleeps) sleepMin += overlap(start, end, s.start, s.end) / MINUTE;
      let steps = 0;
      let distance = 0;
      let active = 0;
      let medium = 0;
      let high = 0;
      let workoutMin = 0;
      const index = Math.floor(a / BUCKET_MS);
      for (const w of workouts) {
        const m = overlap(start, end, w.start, w.end) / MINUTE;
        if (m === 0) continue;
        workoutMin += m;
        const v = 0.93 + 0.14 * hashUnit(w.seed, index);
        steps += w.sport.cadence * m * v;
        distance += w.sport.speed * 60 * m * v * (w.intensity / w.sport.intensity);
        active += ((w.sport.met * v - 1) * 3.5 * p.weightKg / 200) * m;
        if (w.intensity >= 0.7) high += m;
        else medium += m;
      }
      const awake = Math.max(0, minutes - sleepMin - workoutMin);
      let walk = 0;
      let rate = 0;
      let low = 0;
      if (everyday && awake > 0) {
        const u = hashUnit(this.seed, index);
        const burst = hashUnit(this.seed ^ 0x5bd1e995, index) < 0.04 ? 30 + 45 * hashUnit(this.seed ^ 0x1b873593, index) : 0;
        rate = 0.8 * WALK_RATE[Math.floor(this.localHour(start + (end - start) / 2))]! * p.activity * this.plan.activity * (0.15 + 1.7 * u) + burst;
        walk = awake * rate;
        if (rate >= 60) medium += awake;
        else if (rate >= 5) low += awake * Math.min(1, rate / 30);
        active += walk * 0.04 * weightFactor + awake * 0.25 * weightFactor;
        distance += walk * p.strideM;
      }
      const walkSteps = Math.floor(walk);
      const totalSteps = Math.floor(walk + steps);
      const climb = 0.2 + 1.6 * hashUnit(this.seed ^ 0x68e31da4, index);
      list.push({
        start, end,
        steps: p.wheelchair ? Math.floor(steps) : totalSteps,
        pushes: p.wheelchair ? Math.floor(walkSteps * 0.7) : 0,
        distanceDm: Math.round(distance * 10),
        activeDk: Math.round(active * 10),
        basalDk: everyday ? Math.round((p.bmr / 1440) * minutes * 10) : 0,
        floors: everyday && !p.wheelchair ? Math.floor((walkSteps * climb) / 300) : 0,
        lowMin: Math.round(low),
        mediumMin: Math.round(medium),
        highMin: Math.round(high),
        rate,
      });
    }
    this.bucketList = list;
    return list;
  }

  /**
   * The day's continuous heart rate (worn all day: every 5 minutes, every
   * minute during workouts; workout apps: workouts only), memoised.
   */
  heartRate(): { times: number[]; values: number[] } {
    if (this.hrList) return this.hrList;
    const { day, workouts } = this.plan;
    const fine: number[] = [];
    for (const w of workouts) {
      for (let t = Math.ceil(Math.max(w.start, day.start) / MINUTE) * MINUTE; t < Math.min(w.end, day.end); t += MINUTE) fine.push(t);
    }
    let times: number[] = [];
    if (this.traits.style === 'workouts') times = fine;
    else if (this.traits.style === 'bed') {
      for (const s of this.sleeps) {
        for (let t = Math.ceil(Math.max(s.start, day.start) / HR_STEP_MS) * HR_STEP_MS; t < Math.min(s.end, day.end); t += HR_STEP_MS) times.push(t);
      }
    }
    else if (this.traits.style === 'wearable') {
      for (let t = Math.ceil(day.start / HR_STEP_MS) * HR_STEP_MS; t < day.end; t += HR_STEP_MS) if (!this.workoutAt(t)) times.push(t);
      if (fine.length > 0) times = [...times, ...fine].sort((a, b) => a - b);
    }
    this.hrList = { times, values: times.map((t) => this.hrAt(t)) };
    return this.hrList;
  }

  bucketAt(t: number): Bucket | null {
    const list = this.buckets();
    if (list.length === 0) return null;
    const i = Math.floor(t / BUCKET_MS) - Math.floor(list[0]!.start / BUCKET_MS);
    return list[i] ?? null;
  }

  /** Heart rate (bpm, integer) at instant t of this day. */
  hrAt(t: number): number {
    const p = this.person;
    const noise = hashUnit(this.seed ^ 0x2545f491, Math.floor(t / 10_000)) * 2 - 1;
    const wander = Math.sin((t / (97 * MINUTE)) * 2 * Math.PI + (this.seed % 1000)) + 0.6 * Math.sin((t / (41 * MINUTE)) * 2 * Math.PI);
    let hr: number;
    const sleep = this.sleepAt(t);
    const workout = sleep ? null : this.workoutAt(t);
    if (sleep) {
      const stage = stageAt(sleep, t);
      const stageOffset = stage === 1 ? -3 : stage === 2 ? 0 : stage === 3 ? 3 : stage === 4 ? 6 : 0;
      const frac = (t - sleep.start) / (sleep.end - sleep.start);
      hr = p.restingHr - 2 + stageOffset - 2 * Math.sin(Math.PI * frac) + wander + 1.5 * noise;
    } else if (workout) {
      const e = (t - workout.start) / 1000;
      const d = (workout.end - workout.start) / 1000;
      const period = 240 + (workout.seed % 240);
      const target = workout.intensity + 0.06 * Math.sin((2 * Math.PI * e) / period) + 0.04 * (e / d);
      const ramp = Math.min(1, e / 360, (d - e) / 240 + 0.35);
      hr = p.restingHr + (p.maxHr - p.restingHr) * (0.25 + (target - 0.25) * ramp) + 2 * noise;
    } else {
      const h = this.localHour(t);
      const bucket = this.bucketAt(t);
      let after = 0;
      for (const w of this.plan.workouts) {
        if (t >= w.end && t < w.end + HOUR) after = Math.max(after, 28 * w.intensity * Math.exp(-(t - w.end) / (9 * MINUTE)));
      }
      hr = p.restingHr + 9 + 4 * Math.sin((2 * Math.PI * (h - 10)) / 24) + Math.min(45, (bucket?.rate ?? 0) * 0.3) + after + 1.5 * wander + 3 * noise;
    }
    return Math.max(38, Math.min(p.maxHr, Math.round(hr)));
  }

  /** HRV (rmssd, ms, 1 decimal) at t, during a sleep. */
  hrvAt(t: number, sleep: SleepPlan): number {
    const stage = stageAt(sleep, t);
    const factor = stage === 1 ? 1.25 : stage === 3 ? 0.9 : stage === 4 ? 0.7 : 1;
    const frac = (t - sleep.start) / (sleep.end - sleep.start);
    const noise = hashUnit(this.seed ^ 0x3c6ef372, Math.floor(t / MINUTE)) * 2 - 1;
    return Math.round(this.person.hrvBase * factor * (0.9 + 0.2 * Math.sin(Math.PI * frac)) * (1 + 0.12 * noise) * 10) / 10;
  }

  /** Breaths per minute (1 decimal) at t, during a sleep. */
  respirationAt(t: number, sleep: SleepPlan): number {
    const stage = stageAt(sleep, t);
    const offset = stage === 1 ? -0.6 : stage === 3 ? 0.8 : stage === 4 ? 1.2 : 0;
    const noise = hashUnit(this.seed ^ 0x7f4a7c15, Math.floor(t / MINUTE)) * 2 - 1;
    return Math.round((this.person.respirationBase + offset + 0.5 * noise) * 10) / 10;
  }

  /** SpO2 (%, 1 decimal) at t. */
  spo2At(t: number): number {
    const noise = hashUnit(this.seed ^ 0x1f83d9ab, Math.floor(t / MINUTE)) * 2 - 1;
    const asleep = this.sleepAt(t) ? -0.8 : 0;
    return Math.round(Math.min(100, this.person.spo2Base + asleep + 1.2 * noise) * 10) / 10;
  }
}

/**
 * The timelines of one call (a read, the sync of one window, a test): a day's generation asks
 * for its neighbours (the night before it, yesterday's meals, a sleep crossing midnight) and a
 * read goes day after day, so the last few days asked are kept, with the zones' resolved days
 * and the main sleeps planned. The caller makes one and drops it when the call ends: nothing
 * is kept between calls but what the caller lends (`formatters`, the app's formatter cache).
 */
export class Timelines {
  /** Days a generation asks for around the one it generates: itself, the two before, the one after, and some slack. */
  static readonly KEPT = 8;
  private readonly zones = new Map<string, Zone>();
  private readonly timelines = new BoundedCache<string, Timeline>(
    { name: 'timelines', key: 'user|provider|date|zone', maxEntries: Timelines.KEPT, invalidatedBy: 'nothing: kept for one call of pure generation' },
    true,
    false,
  );
  readonly sleeps: SleepPlans = new Map();
  /** Writes the samples' timestamps. */
  readonly timestamps = new IsoWriter();

  constructor(private readonly formatters?: FormatterMemo) {}

  /** The zone of `timeZone` for this call (RangeError for a zone the runtime does not know). */
  zone(timeZone: string): Zone {
    let zone = this.zones.get(timeZone);
    if (!zone) {
      zone = new Zone(timeZone, this.formatters);
      this.zones.set(timeZone, zone);
    }
    return zone;
  }

  of(key: TimelineKey): Timeline {
    return this.timelines.getOrSet(`${key.userId}|${key.provider}|${key.date}|${key.timeZone}`, () => new Timeline({ ...key }, this));
  }
}

/** The timeline of a day (of `timelines` when given: its neighbours and streams reuse it). */
export const timelineOf = (key: TimelineKey, timelines: Timelines = new Timelines()): Timeline => timelines.of(key);
