/**
 * Wire shapes of the synthetic data, snake_case as the API family serves them
 * (summaries of /v2/summary/*, samples of /v2/timeseries/*, streams). Nullable
 * fields are always present (null when the provider has no value).
 */
import type { SummaryResource, TimeseriesResource } from './resources.js';

/** The source context of a summary or sample group (ClientFacingSource). */
export interface SourceContext {
  provider: string;
  type: string | null;
  app_id: string | null;
  device_id: string | null;
  /** Workout streams only. */
  sport: string | null;
  /** Workout streams only. */
  workout_id: string | null;
  /** @deprecated provider display name. */
  name: string;
  /** @deprecated equals `provider`. */
  slug: string;
  /** @deprecated provider logo URL. */
  logo: string;
}

export interface ActivitySummary {
  id: string;
  user_id: string;
  /** @deprecated midnight UTC of calendar_date. */
  date: string;
  calendar_date: string;
  calories_total: number | null;
  calories_active: number | null;
  steps: number | null;
  /** @deprecated equals distance. */
  daily_movement: number | null;
  distance: number | null;
  /** Seconds of low / medium / high intensity activity. */
  low: number | null;
  medium: number | null;
  high: number | null;
  floors_climbed: number | null;
  time_zone: string | null;
  timezone_offset: number | null;
  heart_rate: { avg_bpm: number | null; min_bpm: number | null; max_bpm: number | null; resting_bpm: number | null; avg_walking_bpm: number | null } | null;
  /** True or null (unknown), never false: the family's ClientFacingActivity and ClientFacingProfile. */
  wheelchair_use: true | null;
  wheelchair_push: number | null;
  source: SourceContext;
  created_at: string;
  updated_at: string;
}

export type SleepType = 'long_sleep' | 'short_sleep' | 'acknowledged_nap' | 'unknown';

export interface SleepSummary {
  id: string;
  user_id: string;
  /** @deprecated midnight UTC of calendar_date. */
  date: string;
  calendar_date: string;
  bedtime_start: string;
  bedtime_stop: string;
  type: SleepType;
  timezone_offset: number | null;
  /** Seconds: bedtime_stop - bedtime_start = total + awake. */
  duration: number;
  total: number;
  awake: number;
  light: number;
  rem: number;
  deep: number;
  score: number | null;
  recovery_readiness_score: number | null;
  hr_lowest: number | null;
  hr_average: number | null;
  hr_resting: number | null;
  efficiency: number | null;
  latency: number | null;
  temperature_delta: number | null;
  skin_temperature: number | null;
  hr_dip: number | null;
  state: 'tentative' | 'confirmed' | null;
  average_hrv: number | null;
  respiratory_rate: number | null;
  source: SourceContext;
  /** @deprecated read /v2/timeseries/sleep/{sleep_id}/stream. Always null here. */
  sleep_stream: null;
  created_at: string;
  updated_at: string;
}

/** Stage codes of sleep_cycle: -1 unknown, 1 deep, 2 light, 3 rem, 4 awake, 5 manual. */
export type SleepStage = -1 | 1 | 2 | 3 | 4 | 5;

export interface SleepCycle {
  id: string;
  sleep_id: string;
  session_start: string;
  session_end: string;
  stage_start_offset_second: number[];
  stage_end_offset_second: number[];
  stage_type: SleepStage[];
  time_zone: string | null;
  source_provider: string;
  source_type: string;
  source_app_id: string | null;
  source_device_id: string | null;
  created_at: string;
  updated_at: string;
  user_id: string;
  source: SourceContext;
}

/** A single-lead ECG recording (its voltage samples are the day's `electrocardiogram_voltage`). */
export interface Electrocardiogram {
  id: string;
  session_start: string;
  session_end: string;
  voltage_sample_count: number;
  heart_rate_mean: number | null;
  sampling_frequency_hz: number | null;
  classification: 'sinus_rhythm' | 'atrial_fibrillation' | 'inconclusive' | null;
  inconclusive_cause: 'high_heart_rate' | 'low_heart_rate' | 'poor_reading' | null;
  algorithm_version: string | null;
  time_zone: string | null;
  source_provider: string;
  source_type: string;
  source_app_id: string | null;
  source_device_model: string | null;
  source_device_id: string | null;
  created_at: string;
  updated_at: string;
  user_id: string;
  source: SourceContext;
}

/** A menstrual cycle, reported whole once its last day has ended (the day before the next period). */
export interface MenstrualCycle {
  id: string;
  period_start: string;
  period_end: string | null;
  cycle_end: string | null;
  is_predicted: boolean;
  menstrual_flow: { date: string; flow: 'unspecified' | 'none' | 'light' | 'medium' | 'heavy' }[];
  cervical_mucus: { date: string; quality: 'dry' | 'sticky' | 'creamy' | 'watery' | 'egg_white' }[];
  intermenstrual_bleeding: { date: string }[];
  contraceptive: { date: string; type: string }[];
  detected_deviations: { date: string; deviation: string }[];
  ovulation_test: { date: string; test_result: 'negative' | 'positive' | 'luteinizing_hormone_surge' | 'estrogen_surge' | 'indeterminate' }[];
  home_pregnancy_test: { date: string; test_result: 'negative' | 'positive' | 'indeterminate' }[];
  home_progesterone_test: { date: string; test_result: 'negative' | 'positive' | 'indeterminate' }[];
  sexual_activity: { date: string; protection_used: boolean | null }[];
  basal_body_temperature: { date: string; value: number }[];
  source_provider: string;
  source_type: string;
  source_app_id: string | null;
  source_device_id: string | null;
  created_at: string;
  updated_at: string;
  user_id: string;
  source: SourceContext;
}

export interface BodySummary {
  id: string;
  user_id: string;
  date: string;
  calendar_date: string;
  weight: number | null;
  fat: number | null;
  water_percentage: number | null;
  muscle_mass_percentage: number | null;
  visceral_fat_index: number | null;
  bone_mass_percentage: number | null;
  body_mass_index: number | null;
  lean_body_mass_kilogram: number | null;
  waist_circumference_centimeter: number | null;
  source: SourceContext;
  created_at: string;
  updated_at: string;
}

export interface Sport {
  /** @deprecated numeric id; use slug. */
  id: number;
  name: string;
  slug: string;
}

export interface WorkoutSummary {
  id: string;
  user_id: string;
  title: string | null;
  timezone_offset: number | null;
  average_hr: number | null;
  max_hr: number | null;
  /** Meters. */
  distance: number | null;
  calendar_date: string;
  time_start: string;
  time_end: string;
  calories: number | null;
  sport: Sport;
  /** Seconds in heart-rate zones of max HR: <50%, 50-60, 60-70, 70-80, 80-90, >=90%. */
  hr_zones: number[] | null;
  moving_time: number | null;
  total_elevation_gain: number | null;
  elev_high: number | null;
  elev_low: number | null;
  /** m/s. */
  average_speed: number | null;
  max_speed: number | null;
  average_watts: number | null;
  device_watts: number | null;
  max_watts: number | null;
  weighted_average_watts: number | null;
  steps: number | null;
  map: { summary_polyline: string } | null;
  provider_id: string;
  source: SourceContext;
  created_at: string;
  updated_at: string;
}

export interface MealSummary {
  id: string;
  user_id: string;
  /** @deprecated */
  priority_id: number;
  /** @deprecated */
  source_id: number;
  /** @deprecated */
  provider_id: string;
  timestamp: string;
  calendar_date: string;
  name: string;
  energy: { unit: 'kcal'; value: number };
  macros: {
    carbs: number; protein: number;
    fats: { saturated: number; monounsaturated: number; polyunsaturated: number; omega3: number | null; omega6: number | null; total: number };
    alcohol: number | null; water: number | null; fibre: number; sugar: number; cholesterol: number | null;
  };
  micros: { minerals: Record<string, number>; trace_elements: Record<string, number>; vitamins: Record<string, number> };
  data: Record<string, { food: string; amount: number; unit: string; energy: { unit: 'kcal'; value: number } }> | null;
  source: SourceContext;
  created_at: string;
  updated_at: string;
  source_app_id: string | null;
  source_device_id: string | null;
}

export interface ProfileSummary {
  id: string;
  user_id: string;
  /** Centimeters. */
  height: number | null;
  birth_date: string | null;
  /** True or null (unknown), never false: the family's ClientFacingActivity and ClientFacingProfile. */
  wheelchair_use: true | null;
  gender: 'female' | 'male' | 'other' | 'unknown' | null;
  sex: 'female' | 'male' | 'other' | 'unknown' | null;
  source: SourceContext;
  created_at: string;
  updated_at: string;
}

/** A point sample: a measurement at one instant. */
export interface PointSample {
  timestamp: string;
  value: number;
  unit: string;
  /** Seconds east of UTC at the sample's instant, in the user's time zone. */
  timezone_offset: number;
  type: string | null;
}

/** An interval sample: a quantity over [start, end) (end exclusive); timestamp equals start. */
export interface IntervalSample extends PointSample {
  start: string;
  end: string;
}

/** A blood pressure reading: systolic and diastolic instead of value. */
export interface BloodPressureSample {
  timestamp: string;
  systolic: number;
  diastolic: number;
  unit: string;
  timezone_offset: number;
  type: string | null;
}

/** A note: an interval sample whose value is text. */
export interface NoteSample extends Omit<IntervalSample, 'value'> {
  value: string;
  tags: string[];
}

export type TimeseriesSample = PointSample | IntervalSample | BloodPressureSample | NoteSample;

export interface DayContext {
  userId: string;
  /** Provider slug. */
  provider: string;
  /** Local calendar day YYYY-MM-DD in timeZone. */
  date: string;
  /** IANA zone: the user's fallback_time_zone, else 'UTC'. */
  timeZone: string;
  /**
   * Optional filter: generate only these summaries / timeseries (still
   * intersected with what the provider supports). Omitted: everything.
   */
  resources?: readonly (SummaryResource | TimeseriesResource)[];
}

export interface DayData {
  date: string;
  timeZone: string;
  activity: ActivitySummary | null;
  /** The main sleep ending this morning (calendar_date = date) and naps of the day. */
  sleep: SleepSummary[];
  /** One per sleep, same stages as its sleep summary. */
  sleep_cycle: SleepCycle[];
  /** The ECG recordings of the day. */
  electrocardiogram: Electrocardiogram[];
  /** The menstrual cycle whose last day is this day, once the day has ended. */
  menstrual_cycle: MenstrualCycle[];
  body: BodySummary | null;
  workouts: WorkoutSummary[];
  meal: MealSummary[];
  /** Samples whose timestamp (start for intervals) lies in the local day, by resource. */
  timeseries: Partial<Record<TimeseriesResource, TimeseriesSample[]>>;
}

/** GET /v2/timeseries/workouts/{workout_id}/stream: parallel arrays (empty when the sport has none). */
export interface WorkoutStream {
  /** Unix seconds. */
  time: number[];
  heartrate: number[];
  lat: number[];
  lng: number[];
  altitude: number[];
  velocity_smooth: number[];
  cadence: number[];
  distance: number[];
  power: number[];
  resistance: number[];
  temperature: number[];
}

/** GET /v2/timeseries/sleep/{sleep_id}/stream. */
export interface SleepStream {
  hrv: PointSample[];
  heartrate: PointSample[];
  hypnogram: IntervalSample[];
  respiratory_rate: PointSample[];
}
