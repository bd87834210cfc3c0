/**
 * The resources the synthetic generator produces, their units and sample
 * kinds, and which of them a provider of the catalog delivers.
 */
import { TIMESERIES_RESOURCES } from '../../shared/resources.js';
import { findProvider, PROVIDERS } from '../providers/catalog.js';

export const SUMMARY_RESOURCES = ['activity', 'sleep', 'sleep_cycle', 'body', 'workouts', 'meal', 'electrocardiogram', 'menstrual_cycle', 'profile'] as const;
export type SummaryResource = (typeof SUMMARY_RESOURCES)[number];

/**
 * Every timeseries the issue names plus every other timeseries a provider of
 * the catalog claims (the API family's TimeseriesResource values), and the
 * deprecated `hypnogram` (derived from the sleep stages): the API's list, in
 * server/shared/resources.ts, which the webhooks' event types take too.
 */
export { TIMESERIES_RESOURCES };
export type TimeseriesResource = (typeof TIMESERIES_RESOURCES)[number];

/**
 * How a resource's samples behave:
 * - `point`: a measurement at `timestamp`, visible once `timestamp <= asOf`;
 * - `bucket`: an additive quantity over a fixed time bucket [start, end), visible
 *   from its start, its value growing until the bucket ends (the incomplete bucket);
 * - `event`: an interval [start, end) visible once it has ended, with its final value;
 * - `blood_pressure`: a point sample with systolic/diastolic instead of value;
 * - `note`: an event whose value is text.
 */
export type SampleKind = 'point' | 'bucket' | 'event' | 'blood_pressure' | 'note';

interface ResourceInfo { unit: string; kind: SampleKind }

const INFO: Record<TimeseriesResource, ResourceInfo> = {
  heartrate: { unit: 'bpm', kind: 'point' },
  hrv: { unit: 'rmssd', kind: 'point' },
  steps: { unit: 'count', kind: 'bucket' },
  distance: { unit: 'm', kind: 'bucket' },
  calories_active: { unit: 'kcal', kind: 'bucket' },
  calories_basal: { unit: 'kcal', kind: 'bucket' },
  floors_climbed: { unit: 'count', kind: 'bucket' },
  glucose: { unit: 'mmol/L', kind: 'point' },
  blood_oxygen: { unit: '%', kind: 'point' },
  blood_pressure: { unit: 'mmHg', kind: 'blood_pressure' },
  respiratory_rate: { unit: 'bpm', kind: 'point' },
  body_weight: { unit: 'kg', kind: 'point' },
  body_fat: { unit: '%', kind: 'point' },
  body_temperature: { unit: '°C', kind: 'event' },
  body_temperature_delta: { unit: '°C', kind: 'event' },
  water: { unit: 'mL', kind: 'event' },
  caffeine: { unit: 'g', kind: 'event' },
  mindfulness_minutes: { unit: 'min', kind: 'event' },
  stress_level: { unit: '%', kind: 'point' },
  vo2_max: { unit: 'mL/kg/min', kind: 'event' },
  hypnogram: { unit: 'stage', kind: 'event' },
  electrocardiogram_voltage: { unit: 'mV', kind: 'point' },
  afib_burden: { unit: '%', kind: 'event' },
  heart_rate_alert: { unit: 'count', kind: 'event' },
  stand_hour: { unit: 'count', kind: 'event' },
  stand_duration: { unit: 'min', kind: 'event' },
  sleep_apnea_alert: { unit: 'count', kind: 'event' },
  sleep_breathing_disturbance: { unit: 'count', kind: 'event' },
  wheelchair_push: { unit: 'count', kind: 'bucket' },
  forced_expiratory_volume_1: { unit: 'L', kind: 'event' },
  forced_vital_capacity: { unit: 'L', kind: 'event' },
  peak_expiratory_flow_rate: { unit: 'L/min', kind: 'event' },
  inhaler_usage: { unit: 'count', kind: 'event' },
  fall: { unit: 'count', kind: 'event' },
  uv_exposure: { unit: 'index', kind: 'event' },
  daylight_exposure: { unit: 'min', kind: 'event' },
  handwashing: { unit: 'count', kind: 'event' },
  basal_body_temperature: { unit: '°C', kind: 'event' },
  heart_rate_recovery_one_minute: { unit: 'count', kind: 'event' },
  body_mass_index: { unit: 'index', kind: 'event' },
  lean_body_mass: { unit: 'kg', kind: 'event' },
  waist_circumference: { unit: 'cm', kind: 'event' },
  workout_distance: { unit: 'm', kind: 'event' },
  workout_swimming_stroke: { unit: 'count', kind: 'event' },
  workout_duration: { unit: 'min', kind: 'event' },
  insulin_injection: { unit: 'unit', kind: 'event' },
  carbohydrates: { unit: 'g', kind: 'event' },
  note: { unit: 'text', kind: 'note' },
};

/** The unit of each timeseries resource, as the API family writes it. */
export const TIMESERIES_UNITS: Readonly<Record<TimeseriesResource, string>> = Object.freeze(
  Object.fromEntries(TIMESERIES_RESOURCES.map((r) => [r, INFO[r].unit])) as Record<TimeseriesResource, string>,
);

/** The sample kind of each timeseries resource (see SampleKind). */
export const TIMESERIES_KINDS: Readonly<Record<TimeseriesResource, SampleKind>> = Object.freeze(
  Object.fromEntries(TIMESERIES_RESOURCES.map((r) => [r, INFO[r].kind])) as Record<TimeseriesResource, SampleKind>,
);

/** Resources whose samples carry `start` and `end` (interval samples). */
export const isIntervalResource = (resource: TimeseriesResource): boolean =>
  INFO[resource].kind === 'bucket' || INFO[resource].kind === 'event' || INFO[resource].kind === 'note';

const TIMESERIES_SET: ReadonlySet<string> = new Set(TIMESERIES_RESOURCES);
export const isTimeseriesResource = (name: string): name is TimeseriesResource => TIMESERIES_SET.has(name);
const SUMMARY_SET: ReadonlySet<string> = new Set(SUMMARY_RESOURCES);
export const isSummaryResource = (name: string): name is SummaryResource => SUMMARY_SET.has(name);

/** Catalog names that differ from the timeseries resource name. */
const CATALOG_ALIASES: Readonly<Record<string, TimeseriesResource>> = { weight: 'body_weight', fat: 'body_fat' };

function claimedTimeseries(supported: readonly string[]): readonly TimeseriesResource[] {
  const claimed = new Set<string>(supported);
  const names = new Set<string>([...claimed].map((r) => CATALOG_ALIASES[r] ?? r));
  if (claimed.has('sleep_cycle')) names.add('hypnogram');
  return TIMESERIES_RESOURCES.filter((r) => names.has(r));
}

/** The timeseries of every provider of the catalog, made once from that static table. */
const CATALOG_TIMESERIES: ReadonlyMap<string, readonly TimeseriesResource[]> = new Map(
  PROVIDERS.map((provider) => [provider.slug, claimedTimeseries(provider.supported_resources)]),
);

/**
 * The timeseries a provider delivers: those its catalog `supported_resources`
 * claims (`weight` is body_weight, `fat` is body_fat), plus the deprecated
 * `hypnogram` for providers claiming `sleep_cycle`. Unknown provider: none.
 */
export function timeseriesResourcesFor(provider: string): TimeseriesResource[] {
  return [...(CATALOG_TIMESERIES.get(provider) ?? [])];
}

/** The summaries a provider delivers (its catalog claims), in SUMMARY_RESOURCES order. */
export function summaryResourcesFor(provider: string): SummaryResource[] {
  const claimed = new Set<string>(findProvider(provider)?.supported_resources ?? []);
  return SUMMARY_RESOURCES.filter((r) => claimed.has(r));
}

/** True when the provider delivers workout streams (claims `workout_stream`, or heart rate with workouts). */
export function hasWorkoutStream(provider: string): boolean {
  const claimed = new Set<string>(findProvider(provider)?.supported_resources ?? []);
  return claimed.has('workouts') && (claimed.has('workout_stream') || claimed.has('heartrate'));
}
