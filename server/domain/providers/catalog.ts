/**
 * Provider catalog: every wearable / app / device / lab data provider the
 * service knows about. Pure data plus small pure helpers (no I/O).
 *
 * Wire field names follow the spec (spec/team/components/schemas/
 * ClientFacingProvider.yaml and ProviderLinkDetail.yaml).
 */

export type AuthType = 'oauth' | 'team_oauth' | 'sdk' | 'password' | 'email' | 'app';
export type SourceType = 'app' | 'ble' | 'device' | 'lab' | 'provider';

/** Values of SupportedResource.yaml (non-exhaustive on the wire). */
export type SupportedResource =
  | 'profile' | 'activity' | 'sleep' | 'body' | 'workouts' | 'workout_stream' | 'connection'
  | 'order' | 'result' | 'match_review' | 'appointment' | 'glucose' | 'heartrate' | 'hrv'
  | 'ige' | 'igg' | 'blood_oxygen' | 'blood_pressure' | 'cholesterol' | 'device' | 'device_legacy'
  | 'weight' | 'fat' | 'body_temperature' | 'body_temperature_delta' | 'meal' | 'water'
  | 'caffeine' | 'mindfulness_minutes' | 'steps' | 'calories_active' | 'distance'
  | 'floors_climbed' | 'respiratory_rate' | 'vo2_max' | 'calories_basal' | 'stress_level'
  | 'menstrual_cycle' | 'sleep_cycle' | 'electrocardiogram' | 'electrocardiogram_voltage'
  | 'afib_burden' | 'heart_rate_alert' | 'stand_hour' | 'stand_duration' | 'sleep_apnea_alert'
  | 'sleep_breathing_disturbance' | 'wheelchair_push' | 'forced_expiratory_volume_1'
  | 'forced_vital_capacity' | 'peak_expiratory_flow_rate' | 'inhaler_usage' | 'fall'
  | 'uv_exposure' | 'daylight_exposure' | 'handwashing' | 'basal_body_temperature'
  | 'heart_rate_recovery_one_minute' | 'body_mass_index' | 'lean_body_mass'
  | 'waist_circumference' | 'workout_distance' | 'workout_swimming_stroke' | 'workout_duration'
  | 'insulin_injection' | 'carbohydrates' | 'note' | 'sleep_stream' | 'hypnogram';

export interface ProviderDefinition {
  /** Stable small integer, unique across the catalog. */
  readonly id: number;
  readonly name: string;
  readonly slug: string;
  readonly description: string;
  readonly logo: string;
  readonly auth_type: AuthType;
  readonly source_type: SourceType;
  /** Providers that are versions / transports of the same product share a group. */
  readonly group: string | null;
  /** false for superseded API versions (a newer slug of the same group replaces it). */
  readonly is_active: boolean;
  /** Days of history the provider gives on a historical pull (null: no history). */
  readonly backfill_num_days: number | null;
  readonly supported_resources: readonly SupportedResource[];
  /**
   * Base authorization URL of the provider's OAuth consent (auth_type oauth
   * only; null otherwise). Not a wire field: the server builds `oauth_url`
   * from it. Best-known public endpoints; the server may override them.
   */
  readonly oauth_authorize_url: string | null;
}

/** Wire shape of ClientFacingProvider.yaml. */
export interface ClientFacingProvider {
  name: string;
  slug: string;
  description: string;
  logo: string | null;
  auth_type: AuthType | null;
  source_type: SourceType | null;
  supported_resources: SupportedResource[];
}

const LOGO_BASE = 'https://storage.googleapis.com/vital-assets';

type Def = Omit<ProviderDefinition, 'logo' | 'oauth_authorize_url' | 'is_active' | 'group'> & {
  readonly group?: string | null;
  readonly is_active?: boolean;
  readonly oauth_authorize_url?: string;
};

// Resource sets reused by several providers.
const BLE_GLUCOSE_METER: readonly SupportedResource[] = ['glucose'];
const BLE_BLOOD_PRESSURE: readonly SupportedResource[] = ['blood_pressure', 'heartrate'];

const DEFS: readonly Def[] = [
  {
    id: 1, slug: 'fitbit', name: 'Fitbit',
    description: 'Fitness trackers and smartwatches recording steps, heart rate, sleep stages and workouts.',
    auth_type: 'oauth', source_type: 'device', backfill_num_days: 90,
    oauth_authorize_url: 'https://www.fitbit.com/oauth2/authorize',
    supported_resources: ['profile', 'activity', 'sleep', 'sleep_cycle', 'body', 'workouts', 'heartrate', 'hrv',
      'steps', 'calories_active', 'calories_basal', 'distance', 'floors_climbed', 'blood_oxygen',
      'respiratory_rate', 'body_temperature_delta', 'vo2_max', 'weight', 'fat', 'meal', 'water'],
  },
  {
    id: 2, slug: 'whoop', name: 'WHOOP (Legacy)', group: 'whoop', is_active: false,
    description: 'Legacy WHOOP API v1 connection, superseded by WHOOP (whoop_v2).',
    auth_type: 'oauth', source_type: 'device', backfill_num_days: 180,
    oauth_authorize_url: 'https://api.prod.whoop.com/oauth/oauth2/auth',
    supported_resources: ['profile', 'activity', 'sleep', 'body', 'workouts', 'heartrate', 'hrv',
      'respiratory_rate', 'calories_active'],
  },
  {
    id: 3, slug: 'oura', name: 'Oura',
    description: 'Smart ring tracking sleep, activity, readiness and body temperature trends.',
    auth_type: 'oauth', source_type: 'device', backfill_num_days: 180,
    oauth_authorize_url: 'https://cloud.ouraring.com/oauth/authorize',
    supported_resources: ['profile', 'activity', 'sleep', 'sleep_cycle', 'workouts', 'heartrate', 'hrv',
      'body_temperature_delta', 'steps', 'calories_active', 'calories_basal', 'distance',
      'respiratory_rate', 'blood_oxygen', 'stress_level', 'vo2_max', 'menstrual_cycle'],
  },
  {
    id: 4, slug: 'strava', name: 'Strava',
    description: 'Social fitness app for logging runs, rides and swims with GPS routes.',
    auth_type: 'oauth', source_type: 'app', backfill_num_days: 365,
    oauth_authorize_url: 'https://www.strava.com/oauth/authorize',
    supported_resources: ['profile', 'activity', 'workouts', 'workout_stream', 'heartrate',
      'calories_active', 'distance'],
  },
  {
    id: 5, slug: 'garmin', name: 'Garmin',
    description: 'GPS smartwatches and fitness trackers recording workouts with routes, sleep, stress and body battery.',
    auth_type: 'oauth', source_type: 'device', backfill_num_days: 730,
    oauth_authorize_url: 'https://connect.garmin.com/oauth2Confirm',
    supported_resources: ['profile', 'activity', 'sleep', 'sleep_cycle', 'body', 'workouts', 'workout_stream',
      'heartrate', 'hrv', 'steps', 'calories_active', 'calories_basal', 'distance', 'floors_climbed',
      'blood_oxygen', 'respiratory_rate', 'stress_level', 'vo2_max', 'weight', 'fat', 'menstrual_cycle'],
  },
  {
    id: 6, slug: 'renpho', name: 'Renpho',
    description: 'Smart body-composition scales measuring weight, body fat and BMI.',
    auth_type: 'password', source_type: 'device', backfill_num_days: 180,
    supported_resources: ['body', 'weight', 'fat', 'body_mass_index', 'lean_body_mass'],
  },
  {
    id: 7, slug: 'peloton', name: 'Peloton',
    description: 'Connected bikes, treadmills and classes recording indoor workouts.',
    auth_type: 'password', source_type: 'device', backfill_num_days: 180,
    supported_resources: ['profile', 'activity', 'workouts', 'workout_stream', 'heartrate',
      'calories_active', 'distance'],
  },
  {
    id: 8, slug: 'wahoo', name: 'Wahoo',
    description: 'Cycling computers, smart trainers and heart-rate straps for training sessions.',
    auth_type: 'oauth', source_type: 'device', backfill_num_days: 180,
    oauth_authorize_url: 'https://api.wahooligan.com/oauth/authorize',
    supported_resources: ['profile', 'activity', 'workouts', 'workout_stream', 'heartrate',
      'calories_active', 'distance'],
  },
  {
    id: 9, slug: 'zwift', name: 'Zwift',
    description: 'Virtual cycling and running platform recording indoor training rides.',
    auth_type: 'password', source_type: 'app', backfill_num_days: 180,
    supported_resources: ['profile', 'workouts', 'workout_stream', 'heartrate', 'calories_active', 'distance'],
  },
  {
    id: 10, slug: 'freestyle_libre', name: 'FreeStyle Libre', group: 'freestyle_libre',
    description: 'Continuous glucose monitoring shared with a practice through LibreView.',
    auth_type: 'email', source_type: 'device', backfill_num_days: 90,
    supported_resources: ['glucose'],
  },
  {
    id: 11, slug: 'abbott_libreview', name: 'Abbott LibreView', group: 'freestyle_libre',
    description: 'LibreView account holding FreeStyle Libre glucose readings and logbook entries.',
    auth_type: 'password', source_type: 'device', backfill_num_days: 90,
    supported_resources: ['glucose', 'insulin_injection', 'carbohydrates', 'note'],
  },
  {
    id: 12, slug: 'tandem_source', name: 'Tandem Source',
    description: 'Tandem insulin pump platform with CGM readings, boluses and carbohydrate entries.',
    auth_type: 'password', source_type: 'device', backfill_num_days: 90,
    supported_resources: ['glucose', 'insulin_injection', 'carbohydrates'],
  },
  {
    id: 13, slug: 'freestyle_libre_ble', name: 'FreeStyle Libre (BLE)', group: 'freestyle_libre',
    description: 'FreeStyle Libre sensor read directly over Bluetooth through the mobile SDK.',
    auth_type: 'sdk', source_type: 'ble', backfill_num_days: 14,
    supported_resources: ['glucose'],
  },
  {
    id: 14, slug: 'eight_sleep', name: 'Eight Sleep',
    description: 'Smart mattress cover tracking sleep stages, heart rate and breathing.',
    auth_type: 'password', source_type: 'device', backfill_num_days: 90,
    supported_resources: ['profile', 'sleep', 'sleep_cycle', 'heartrate', 'hrv', 'respiratory_rate',
      'body_temperature'],
  },
  {
    id: 15, slug: 'withings', name: 'Withings',
    description: 'Connected scales, blood pressure monitors, watches and sleep analyzers.',
    auth_type: 'oauth', source_type: 'device', backfill_num_days: 90,
    oauth_authorize_url: 'https://account.withings.com/oauth2_user/authorize2',
    supported_resources: ['profile', 'activity', 'sleep', 'body', 'workouts', 'heartrate', 'weight', 'fat',
      'blood_pressure', 'blood_oxygen', 'body_temperature', 'steps', 'calories_active', 'distance',
      'electrocardiogram', 'electrocardiogram_voltage', 'lean_body_mass'],
  },
  {
    id: 16, slug: 'apple_health_kit', name: 'Apple HealthKit',
    description: "Health data from the iPhone's Health app, collected on device through the mobile SDK.",
    auth_type: 'sdk', source_type: 'app', backfill_num_days: 30,
    supported_resources: ['profile', 'activity', 'sleep', 'sleep_cycle', 'body', 'workouts', 'workout_stream',
      'heartrate', 'hrv', 'glucose', 'blood_oxygen', 'blood_pressure', 'weight', 'fat', 'body_temperature',
      'meal', 'water', 'caffeine', 'mindfulness_minutes', 'steps', 'calories_active', 'calories_basal',
      'distance', 'floors_climbed', 'respiratory_rate', 'vo2_max', 'menstrual_cycle', 'electrocardiogram',
      'electrocardiogram_voltage', 'afib_burden', 'heart_rate_alert', 'stand_hour', 'stand_duration',
      'sleep_apnea_alert', 'sleep_breathing_disturbance', 'wheelchair_push', 'forced_expiratory_volume_1',
      'forced_vital_capacity', 'peak_expiratory_flow_rate', 'inhaler_usage', 'fall', 'uv_exposure',
      'daylight_exposure', 'handwashing', 'basal_body_temperature', 'heart_rate_recovery_one_minute',
      'body_mass_index', 'lean_body_mass', 'waist_circumference', 'workout_distance',
      'workout_swimming_stroke', 'workout_duration', 'insulin_injection', 'carbohydrates'],
  },
  {
    id: 17, slug: 'manual', name: 'Manual Entry',
    description: 'Measurements entered by hand by the user or a care team member.',
    auth_type: 'app', source_type: 'app', backfill_num_days: null,
    supported_resources: ['body', 'weight', 'fat', 'blood_pressure', 'glucose', 'heartrate', 'water',
      'caffeine', 'mindfulness_minutes', 'note'],
  },
  {
    id: 18, slug: 'ihealth', name: 'iHealth',
    description: 'Connected blood pressure monitors, scales, pulse oximeters and glucometers.',
    auth_type: 'oauth', source_type: 'device', backfill_num_days: 90,
    oauth_authorize_url: 'https://openapi.ihealthlabs.com/OpenApiV2/OAuthv2/userauthorization/',
    supported_resources: ['profile', 'activity', 'sleep', 'body', 'weight', 'fat', 'blood_pressure',
      'blood_oxygen', 'glucose', 'heartrate', 'steps'],
  },
  {
    id: 19, slug: 'google_fit', name: 'Google Fit',
    description: "Google's fitness platform aggregating activity, heart rate and sleep from Android apps.",
    auth_type: 'oauth', source_type: 'app', backfill_num_days: 90,
    oauth_authorize_url: 'https://accounts.google.com/o/oauth2/v2/auth',
    supported_resources: ['profile', 'activity', 'sleep', 'body', 'workouts', 'heartrate', 'steps',
      'calories_active', 'distance', 'weight', 'blood_pressure', 'glucose', 'blood_oxygen',
      'body_temperature', 'water', 'meal'],
  },
  {
    id: 20, slug: 'beurer_api', name: 'Beurer', group: 'beurer',
    description: 'Beurer HealthManager Pro account with blood pressure, glucose and weight readings.',
    auth_type: 'password', source_type: 'device', backfill_num_days: 90,
    supported_resources: ['body', 'weight', 'fat', 'blood_pressure', 'heartrate', 'glucose'],
  },
  {
    id: 21, slug: 'beurer_ble', name: 'Beurer (BLE)', group: 'beurer',
    description: 'Beurer blood pressure monitors and scales read over Bluetooth through the mobile SDK.',
    auth_type: 'sdk', source_type: 'ble', backfill_num_days: 30,
    supported_resources: ['blood_pressure', 'heartrate', 'weight'],
  },
  {
    id: 22, slug: 'omron', name: 'Omron', group: 'omron',
    description: 'Omron connect account with home blood pressure and weight measurements.',
    auth_type: 'oauth', source_type: 'device', backfill_num_days: 90,
    oauth_authorize_url: 'https://prd-oauth.ohiomron.com/prd/connect/authorize',
    supported_resources: ['body', 'blood_pressure', 'heartrate', 'weight', 'steps'],
  },
  {
    id: 23, slug: 'omron_ble', name: 'Omron (BLE)', group: 'omron',
    description: 'Omron blood pressure monitors read over Bluetooth through the mobile SDK.',
    auth_type: 'sdk', source_type: 'ble', backfill_num_days: 30,
    supported_resources: BLE_BLOOD_PRESSURE,
  },
  {
    id: 24, slug: 'onetouch_ble', name: 'OneTouch (BLE)',
    description: 'OneTouch Verio blood glucose meters read over Bluetooth through the mobile SDK.',
    auth_type: 'sdk', source_type: 'ble', backfill_num_days: 30,
    supported_resources: BLE_GLUCOSE_METER,
  },
  {
    id: 25, slug: 'accuchek_ble', name: 'Accu-Chek (BLE)',
    description: 'Accu-Chek Guide and Instant glucose meters read over Bluetooth through the mobile SDK.',
    auth_type: 'sdk', source_type: 'ble', backfill_num_days: 30,
    supported_resources: BLE_GLUCOSE_METER,
  },
  {
    id: 26, slug: 'contour_ble', name: 'Contour Next (BLE)',
    description: 'Contour Next One glucose meters read over Bluetooth through the mobile SDK.',
    auth_type: 'sdk', source_type: 'ble', backfill_num_days: 30,
    supported_resources: BLE_GLUCOSE_METER,
  },
  {
    id: 27, slug: 'dexcom', name: 'Dexcom (Legacy)', group: 'dexcom', is_active: false,
    description: 'Legacy Dexcom API v2 connection, superseded by Dexcom (dexcom_v3).',
    auth_type: 'oauth', source_type: 'device', backfill_num_days: 90,
    oauth_authorize_url: 'https://api.dexcom.com/v2/oauth2/login',
    supported_resources: ['glucose'],
  },
  {
    id: 28, slug: 'dexcom_v3', name: 'Dexcom',
    group: 'dexcom',
    description: 'Dexcom continuous glucose monitors with readings, events and device information.',
    auth_type: 'oauth', source_type: 'device', backfill_num_days: 90,
    oauth_authorize_url: 'https://api.dexcom.com/v2/oauth2/login',
    supported_resources: ['glucose', 'device', 'insulin_injection', 'carbohydrates', 'note'],
  },
  {
    id: 29, slug: 'hammerhead', name: 'Hammerhead',
    description: 'Karoo cycling computers recording rides with power, cadence and GPS.',
    auth_type: 'password', source_type: 'device', backfill_num_days: 90,
    supported_resources: ['profile', 'workouts', 'workout_stream', 'heartrate', 'calories_active', 'distance'],
  },
  {
    id: 30, slug: 'my_fitness_pal', name: 'MyFitnessPal (Legacy)', group: 'my_fitness_pal', is_active: false,
    description: 'Legacy MyFitnessPal connection, superseded by MyFitnessPal (my_fitness_pal_v2).',
    auth_type: 'password', source_type: 'app', backfill_num_days: 30,
    supported_resources: ['profile', 'meal', 'water'],
  },
  {
    id: 31, slug: 'health_connect', name: 'Health Connect',
    description: "Android's on-device health data store, collected through the mobile SDK.",
    auth_type: 'sdk', source_type: 'app', backfill_num_days: 30,
    supported_resources: ['profile', 'activity', 'sleep', 'body', 'workouts', 'heartrate', 'hrv', 'glucose',
      'blood_oxygen', 'blood_pressure', 'weight', 'fat', 'body_temperature', 'basal_body_temperature',
      'meal', 'water', 'steps', 'calories_active', 'calories_basal', 'distance', 'floors_climbed',
      'respiratory_rate', 'vo2_max', 'menstrual_cycle', 'lean_body_mass', 'mindfulness_minutes',
      'workout_distance', 'workout_duration'],
  },
  {
    id: 32, slug: 'samsung_health', name: 'Samsung Health',
    description: 'Samsung Galaxy health data collected on device through the mobile SDK.',
    auth_type: 'sdk', source_type: 'app', backfill_num_days: 30,
    supported_resources: ['profile', 'activity', 'sleep', 'body', 'workouts', 'heartrate', 'glucose',
      'blood_oxygen', 'blood_pressure', 'weight', 'fat', 'body_temperature', 'meal', 'water', 'steps',
      'calories_active', 'distance', 'floors_climbed', 'lean_body_mass'],
  },
  {
    id: 33, slug: 'polar', name: 'Polar',
    description: 'Sports watches and heart-rate sensors recording training, sleep and recovery.',
    auth_type: 'oauth', source_type: 'device', backfill_num_days: 30,
    oauth_authorize_url: 'https://flow.polar.com/oauth2/authorization',
    supported_resources: ['profile', 'activity', 'sleep', 'sleep_cycle', 'workouts', 'workout_stream',
      'heartrate', 'hrv', 'steps', 'calories_active', 'distance'],
  },
  {
    id: 34, slug: 'cronometer', name: 'Cronometer',
    description: 'Nutrition tracker logging meals, micronutrients, water and body measurements.',
    auth_type: 'oauth', source_type: 'app', backfill_num_days: 90,
    oauth_authorize_url: 'https://cronometer.com/oauth/authorize',
    supported_resources: ['profile', 'meal', 'body', 'weight', 'water', 'caffeine', 'carbohydrates'],
  },
  {
    id: 35, slug: 'kardia', name: 'Kardia',
    description: 'AliveCor KardiaMobile personal ECG devices with rhythm classification.',
    auth_type: 'email', source_type: 'device', backfill_num_days: 90,
    supported_resources: ['electrocardiogram', 'electrocardiogram_voltage', 'heartrate', 'blood_pressure'],
  },
  {
    id: 36, slug: 'whoop_v2', name: 'WHOOP', group: 'whoop',
    description: 'Wearable strap measuring strain, recovery, sleep and heart rate variability.',
    auth_type: 'oauth', source_type: 'device', backfill_num_days: 180,
    oauth_authorize_url: 'https://api.prod.whoop.com/oauth/oauth2/auth',
    supported_resources: ['profile', 'activity', 'sleep', 'sleep_cycle', 'body', 'workouts', 'heartrate',
      'hrv', 'respiratory_rate', 'blood_oxygen', 'body_temperature', 'calories_active', 'calories_basal'],
  },
  {
    id: 37, slug: 'ultrahuman', name: 'Ultrahuman',
    description: 'Ultrahuman Ring and M1 glucose monitor tracking sleep, movement and metabolism.',
    auth_type: 'oauth', source_type: 'device', backfill_num_days: 90,
    oauth_authorize_url: 'https://auth.ultrahuman.com/authorise',
    supported_resources: ['profile', 'activity', 'sleep', 'sleep_cycle', 'heartrate', 'hrv', 'steps',
      'calories_active', 'body_temperature_delta', 'blood_oxygen', 'glucose'],
  },
  {
    id: 38, slug: 'my_fitness_pal_v2', name: 'MyFitnessPal', group: 'my_fitness_pal',
    description: 'Calorie counter and food diary logging meals, macronutrients and water.',
    auth_type: 'oauth', source_type: 'app', backfill_num_days: 30,
    oauth_authorize_url: 'https://www.myfitnesspal.com/oauth2/authorize',
    supported_resources: ['profile', 'meal', 'water', 'body', 'weight'],
  },
  {
    id: 39, slug: 'map_my_fitness', name: 'MapMyFitness',
    description: 'Under Armour MapMy apps recording GPS-tracked runs, walks and rides.',
    auth_type: 'oauth', source_type: 'app', backfill_num_days: 90,
    oauth_authorize_url: 'https://www.mapmyfitness.com/v7.1/oauth2/uacf/authorize/',
    supported_resources: ['profile', 'activity', 'workouts', 'distance', 'calories_active'],
  },
  {
    id: 40, slug: 'runkeeper', name: 'Runkeeper',
    description: 'ASICS Runkeeper app tracking runs and other GPS workouts.',
    auth_type: 'oauth', source_type: 'app', backfill_num_days: 90,
    oauth_authorize_url: 'https://runkeeper.com/apps/authorize',
    supported_resources: ['profile', 'workouts', 'workout_stream', 'distance', 'calories_active', 'weight'],
  },
];

function freezeProvider(d: Def): ProviderDefinition {
  return Object.freeze({
    id: d.id,
    name: d.name,
    slug: d.slug,
    description: d.description,
    logo: `${LOGO_BASE}/${d.slug}.png`,
    auth_type: d.auth_type,
    source_type: d.source_type,
    group: d.group ?? null,
    is_active: d.is_active ?? true,
    backfill_num_days: d.backfill_num_days,
    supported_resources: Object.freeze([...d.supported_resources]),
    oauth_authorize_url: d.oauth_authorize_url ?? null,
  });
}

/** The catalog, ordered by id. */
export const PROVIDERS: readonly ProviderDefinition[] = Object.freeze(
  [...DEFS].sort((a, b) => a.id - b.id).map(freezeProvider),
);

const BY_SLUG: ReadonlyMap<string, ProviderDefinition> = new Map(PROVIDERS.map((p) => [p.slug, p]));

/** Exactly the values of OAuthProviderSlug.yaml: cloud OAuth providers a historical pull can be triggered for. */
export const OAUTH_PROVIDER_SLUGS = [
  'oura', 'fitbit', 'garmin', 'strava', 'wahoo', 'ihealth', 'withings', 'google_fit', 'dexcom_v3',
  'polar', 'cronometer', 'omron', 'whoop_v2', 'my_fitness_pal_v2', 'ultrahuman', 'runkeeper',
] as const;
export type OAuthProviderSlug = (typeof OAUTH_PROVIDER_SLUGS)[number];

/**
 * Exactly the values of PasswordProviderSlug.yaml: the API family's password providers whose
 * catalog entry signs in with a password and is active (POST /v2/link/provider/password/{provider}).
 */
export const PASSWORD_PROVIDER_SLUGS = ['renpho', 'peloton', 'zwift', 'eight_sleep', 'beurer_api', 'hammerhead', 'abbott_libreview', 'tandem_source'] as const;
export type PasswordProviderSlug = (typeof PASSWORD_PROVIDER_SLUGS)[number];

/** Exactly the values of EmailProviderSlug.yaml: the API family's email providers of the catalog (POST /v2/link/provider/email/{provider}). */
export const EMAIL_PROVIDER_SLUGS = ['freestyle_libre'] as const;
export type EmailProviderSlug = (typeof EMAIL_PROVIDER_SLUGS)[number];

/** Providers collected on device by the mobile SDKs (deregistration is a no-op in Auto Connect mode). */
export const MOBILE_SDK_PROVIDER_SLUGS = ['apple_health_kit', 'health_connect', 'samsung_health'] as const;
export type MobileSdkProviderSlug = (typeof MOBILE_SDK_PROVIDER_SLUGS)[number];

const OAUTH_SET: ReadonlySet<string> = new Set(OAUTH_PROVIDER_SLUGS);
const MOBILE_SDK_SET: ReadonlySet<string> = new Set(MOBILE_SDK_PROVIDER_SLUGS);

export function isOAuthProviderSlug(slug: string): slug is OAuthProviderSlug {
  return OAUTH_SET.has(slug);
}

export function isMobileSdkProviderSlug(slug: string): slug is MobileSdkProviderSlug {
  return MOBILE_SDK_SET.has(slug);
}

/** Exact (case-sensitive) slug lookup. */
export function findProvider(slug: string): ProviderDefinition | undefined {
  return BY_SLUG.get(slug);
}

function compareByName(a: ProviderDefinition, b: ProviderDefinition): number {
  const an = a.name.toLowerCase();
  const bn = b.name.toLowerCase();
  if (an < bn) return -1;
  if (an > bn) return 1;
  return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
}

/**
 * Providers of the catalog, sorted by name (case-insensitive, slug as tie
 * break). `source_type` null/undefined/'' means no filter; an unknown
 * source_type matches nothing. Inactive (superseded) providers are included.
 */
export function listProviders(filter: { source_type?: string | null }): ProviderDefinition[] {
  const st = filter.source_type;
  const selected = st === undefined || st === null || st === ''
    ? [...PROVIDERS]
    : PROVIDERS.filter((p) => p.source_type === st);
  return selected.sort(compareByName);
}

/** Exactly the ClientFacingProvider wire shape, as a fresh plain JSON object. */
export function toClientFacingProvider(p: ProviderDefinition): ClientFacingProvider {
  return {
    name: p.name,
    slug: p.slug,
    description: p.description,
    logo: p.logo,
    auth_type: p.auth_type,
    source_type: p.source_type,
    supported_resources: [...p.supported_resources],
  };
}
