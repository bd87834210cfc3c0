/**
 * The event types of the team API's webhooks, for everyone that names them: the typed
 * client (server/client/webhooks.ts) and the management API's endpoint filters
 * (server/domain/webhooks/rules.ts). No imports, as wire.ts.
 */

const SUMMARY_RESOURCES = ['activity', 'sleep', 'body', 'workouts', 'sleep_cycle', 'profile', 'meal'] as const;
const TIMESERIES_RESOURCES = [
  'heartrate', 'hrv', 'steps', 'distance', 'calories_active', 'calories_basal', 'floors_climbed', 'glucose',
  'blood_oxygen', 'blood_pressure', 'respiratory_rate', 'body_weight', 'body_fat', 'body_temperature',
  'body_temperature_delta', 'water', 'caffeine', 'mindfulness_minutes', 'stress_level', 'vo2_max',
  'electrocardiogram_voltage', 'afib_burden', 'heart_rate_alert', 'stand_hour', 'stand_duration',
  'sleep_apnea_alert', 'sleep_breathing_disturbance', 'wheelchair_push', 'forced_expiratory_volume_1',
  'forced_vital_capacity', 'peak_expiratory_flow_rate', 'inhaler_usage', 'fall', 'uv_exposure',
  'daylight_exposure', 'handwashing', 'basal_body_temperature', 'heart_rate_recovery_one_minute',
  'body_mass_index', 'lean_body_mass', 'waist_circumference', 'workout_distance', 'workout_swimming_stroke',
  'workout_duration', 'insulin_injection', 'carbohydrates', 'note',
] as const;
const HISTORICAL_RESOURCES = [...SUMMARY_RESOURCES, ...TIMESERIES_RESOURCES, 'workout_stream'] as const;
const DAILY_ACTIONS = ['created', 'updated'] as const;

/**
 * Every event type of this version of the API: the team document's `webhooks`
 * (test/jobs/webhooks/consumer.test.ts holds them equal).
 */
export const EVENT_TYPES: readonly string[] = [
  ...SUMMARY_RESOURCES.flatMap((resource) => DAILY_ACTIONS.map((action) => `daily.data.${resource}.${action}`)),
  ...TIMESERIES_RESOURCES.flatMap((resource) => DAILY_ACTIONS.map((action) => `daily.data.${resource}.${action}`)),
  'daily.data.workout_stream.created',
  ...HISTORICAL_RESOURCES.map((resource) => `historical.data.${resource}.created`),
  'provider.connection.created',
  'historical.timeseries.hypnogram.created',
  'daily.timeseries.hypnogram.created',
  'daily.timeseries.hypnogram.updated',
  'labtest.order.created',
  'labtest.order.updated',
  'labtest.result.critical',
];
