/**
 * The person behind a user id (seeded by the user alone, so every provider of
 * the user sees the same body), and how each provider observes them (seeded
 * by the provider's catalog entry).
 */
import { findProvider, PROVIDERS, type ProviderDefinition } from '../providers/catalog.js';
import { hashSeed, seededRandom } from './random.js';
import type { SourceContext } from './types.js';

export interface Person {
  readonly seed: number;
  readonly sex: 'female' | 'male';
  readonly birthDate: string;
  /** Age in whole years on 2026-01-01 (the model does not age people day by day). */
  readonly age: number;
  readonly heightCm: number;
  readonly weightKg: number;
  readonly fatPercent: number;
  readonly restingHr: number;
  readonly maxHr: number;
  readonly hrvBase: number;
  readonly respirationBase: number;
  readonly spo2Base: number;
  readonly strideM: number;
  /** Multiplies everyday walking. */
  readonly activity: number;
  /** Chance per morning / evening slot of a workout. */
  readonly workoutChance: number;
  /** Preferred sports (slugs of SPORTS). */
  readonly sports: readonly string[];
  /** Usual bedtime, minutes after the previous local midnight (e.g. 1380 = 23:00). */
  readonly bedtimeMin: number;
  /** Usual sleep length, hours. */
  readonly sleepNeedH: number;
  readonly fastingGlucose: number;
  readonly systolic: number;
  readonly diastolic: number;
  readonly bmr: number;
  readonly vo2max: number;
  readonly wheelchair: boolean;
  readonly insulin: boolean;
  readonly asthma: boolean;
  /** Home location for outdoor routes. */
  readonly lat: number;
  readonly lng: number;
}

export function personOf(userId: string): Person {
  const r = seededRandom(`${userId}:person`);
  const sex = r.next() < 0.5 ? 'female' : 'male';
  const birthYear = r.int(1952, 2004);
  const birthDate = `${birthYear}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`;
  const age = 2026 - birthYear;
  const heightCm = Math.round(sex === 'male' ? r.between(165, 193) : r.between(152, 179));
  const bmi = r.between(19.5, 31);
  const weightKg = Math.round(bmi * (heightCm / 100) ** 2 * 10) / 10;
  const fatPercent = sex === 'male' ? r.between(12, 28) : r.between(20, 37);
  const fitness = r.next();
  const restingHr = Math.round(68 - fitness * 18 + r.between(-3, 3));
  const maxHr = Math.round(208 - 0.7 * age);
  const sportsPool = ['running', 'cycling', 'walking', 'strength_training', 'yoga', 'hiit', 'swimming', 'hiking', 'rowing'];
  const sports: string[] = [];
  const count = r.int(1, 3);
  while (sports.length < count) {
    const s = sportsPool[r.int(0, sportsPool.length - 1)]!;
    if (!sports.includes(s)) sports.push(s);
  }
  const bmr = sex === 'male'
    ? 10 * weightKg + 6.25 * heightCm - 5 * age + 5
    : 10 * weightKg + 6.25 * heightCm - 5 * age - 161;
  const person: Person = Object.freeze({
    seed: hashSeed(`${userId}:noise`),
    sex, birthDate, age, heightCm, weightKg, fatPercent, restingHr, maxHr,
    hrvBase: Math.max(18, 95 - age * 0.9 + fitness * 25 + r.between(-8, 8)),
    respirationBase: r.between(12, 16),
    spo2Base: r.between(95.5, 98.3),
    strideM: (heightCm * (sex === 'male' ? 0.415 : 0.413)) / 100,
    activity: r.between(0.6, 1.5),
    workoutChance: 0.1 + fitness * 0.4,
    sports,
    bedtimeMin: Math.round(r.between(21.75 * 60, 24 * 60)),
    sleepNeedH: r.between(6.6, 8.4),
    fastingGlucose: r.between(4.5, 5.6),
    systolic: r.between(106, 138),
    diastolic: r.between(66, 88),
    bmr,
    vo2max: Math.max(22, (sex === 'male' ? 52 : 44) - (age - 25) * 0.35 + fitness * 12),
    wheelchair: r.next() < 0.02,
    insulin: r.next() < 0.5,
    asthma: r.next() < 0.15,
    lat: r.between(-40, 60),
    lng: r.between(-120, 150),
  });
  return person;
}

/** How a provider observes the person. */
export interface ProviderTraits {
  readonly def: ProviderDefinition | undefined;
  readonly slug: string;
  /** Catalog id (the wire `source_id`, and part of record ids). */
  readonly id: number;
  readonly claims: ReadonlySet<string>;
  /** Worn all day (steps, heart rate round the clock), a bed sensor (nights only), workouts only, or spot measurements. */
  readonly style: 'wearable' | 'bed' | 'workouts' | 'spot';
  /** Glucose: every 5 / 15 minutes (CGM) or a few finger-prick readings. */
  readonly glucose: 'cgm5' | 'cgm15' | 'meter';
  readonly sourceType: string;
  readonly appId: string | null;
  /** Sports this provider records. */
  readonly sports: readonly string[] | null;
}

const SOURCE_TYPES: Readonly<Record<string, string>> = {
  oura: 'ring', ultrahuman: 'ring', fitbit: 'watch', polar: 'watch', whoop: 'watch', whoop_v2: 'watch', wahoo: 'watch',
  hammerhead: 'watch', apple_health_kit: 'watch', samsung_health: 'watch', google_fit: 'phone', health_connect: 'phone',
  renpho: 'scale', omron: 'cuff', omron_ble: 'cuff', beurer_api: 'cuff', beurer_ble: 'cuff', ihealth: 'multiple_sources',
  withings: 'multiple_sources', onetouch_ble: 'fingerprick', accuchek_ble: 'fingerprick', contour_ble: 'fingerprick',
  dexcom: 'automatic', dexcom_v3: 'automatic', freestyle_libre: 'automatic', abbott_libreview: 'automatic',
  tandem_source: 'automatic', freestyle_libre_ble: 'manual_scan', manual: 'manual', eight_sleep: 'unknown', kardia: 'unknown',
  garmin: 'watch',
};

const APP_IDS: Readonly<Record<string, string>> = {
  apple_health_kit: 'com.apple.health', health_connect: 'com.google.android.apps.healthdata',
  samsung_health: 'com.sec.android.app.shealth',
};

const PROVIDER_SPORTS: Readonly<Record<string, readonly string[]>> = {
  strava: ['running', 'cycling', 'walking', 'swimming', 'hiking'],
  runkeeper: ['running', 'walking', 'cycling'],
  map_my_fitness: ['running', 'walking', 'cycling'],
  peloton: ['indoor_cycling', 'running', 'strength_training', 'yoga'],
  zwift: ['indoor_cycling', 'running'],
  wahoo: ['cycling', 'indoor_cycling'],
  hammerhead: ['cycling'],
};

const CGM5: ReadonlySet<string> = new Set(['dexcom', 'dexcom_v3', 'tandem_source', 'ultrahuman']);
const CGM15: ReadonlySet<string> = new Set(['freestyle_libre', 'abbott_libreview', 'freestyle_libre_ble']);

function traitsOf(slug: string): ProviderTraits {
  const def = findProvider(slug);
  const claims = new Set<string>(def?.supported_resources ?? []);
  // Workout apps and bike computers record workouts only; a bed sensor (Eight Sleep) only the nights.
  const style = PROVIDER_SPORTS[slug]
    ? 'workouts'
    : claims.has('sleep') && !claims.has('activity') && !claims.has('steps') && !claims.has('workouts')
    ? 'bed'
    : claims.has('sleep') || claims.has('activity')
    ? 'wearable'
    : claims.has('workouts') ? 'workouts' : 'spot';
  const traits: ProviderTraits = Object.freeze({
    def, slug, id: def?.id ?? 0, claims, style,
    glucose: CGM5.has(slug) ? 'cgm5' : CGM15.has(slug) ? 'cgm15' : 'meter',
    sourceType: SOURCE_TYPES[slug] ?? (def?.source_type === 'app' ? 'app' : 'unknown'),
    appId: APP_IDS[slug] ?? null,
    sports: PROVIDER_SPORTS[slug] ?? null,
  } as const);
  return traits;
}

/** The traits of every provider of the catalog, made once from that static table. */
const CATALOG_TRAITS: ReadonlyMap<string, ProviderTraits> = new Map(PROVIDERS.map((provider) => [provider.slug, traitsOf(provider.slug)]));

/** How `slug` observes the person (a slug outside the catalog: made for this call, with no claims). */
export const providerTraits = (slug: string): ProviderTraits => CATALOG_TRAITS.get(slug) ?? traitsOf(slug);

/** The source context of the provider's records (workout streams add sport and workout_id). */
export function sourceOf(traits: ProviderTraits, extra?: { sport: string; workoutId: string }): SourceContext {
  return {
    provider: traits.slug,
    type: traits.sourceType,
    app_id: traits.appId,
    device_id: null,
    sport: extra?.sport ?? null,
    workout_id: extra?.workoutId ?? null,
    name: traits.def?.name ?? traits.slug,
    slug: traits.slug,
    logo: traits.def?.logo ?? '',
  };
}
