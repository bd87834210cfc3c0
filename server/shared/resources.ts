/**
 * The timeseries resources of the API (the API family's TimeseriesResource values our providers
 * claim, and the deprecated `hypnogram`, derived from the sleep stages): the synthetic generator's
 * list (server/domain/synthetic/resources.ts) and the webhooks' `daily.data.<resource>.*` event
 * types (event-types.ts, where `hypnogram` has event types of its own). No imports, as wire.ts.
 */
export const TIMESERIES_RESOURCES = [
  'heartrate', 'hrv', 'steps', 'distance', 'calories_active', 'calories_basal', 'floors_climbed', 'glucose',
  'blood_oxygen', 'blood_pressure', 'respiratory_rate', 'body_weight', 'body_fat', 'body_temperature',
  'body_temperature_delta', 'water', 'caffeine', 'mindfulness_minutes', 'stress_level', 'vo2_max', 'hypnogram',
  'electrocardiogram_voltage', 'afib_burden', 'heart_rate_alert', 'stand_hour', 'stand_duration',
  'sleep_apnea_alert', 'sleep_breathing_disturbance', 'wheelchair_push', 'forced_expiratory_volume_1',
  'forced_vital_capacity', 'peak_expiratory_flow_rate', 'inhaler_usage', 'fall', 'uv_exposure',
  'daylight_exposure', 'handwashing', 'basal_body_temperature', 'heart_rate_recovery_one_minute',
  'body_mass_index', 'lean_body_mass', 'waist_circumference', 'workout_distance', 'workout_swimming_stroke',
  'workout_duration', 'insulin_injection', 'carbohydrates', 'note',
] as const;

/**
 * The name a timeseries resource has in event types, where the API family names it as its
 * catalog does (`daily.data.weight.*`, `historical.data.fat.created`) while the timeseries
 * paths keep `body_weight` and `body_fat`.
 */
const EVENT_NAMES: Readonly<Record<string, string>> = { body_weight: 'weight', body_fat: 'fat' };

/** `body_weight` -> `weight`, `body_fat` -> `fat`, any other resource unchanged. */
export const eventResourceName = (resource: string): string => EVENT_NAMES[resource] ?? resource;
