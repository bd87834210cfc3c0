/** The synthetic data generator (see README.md): generateDay and friends. */
export * from './day.js';
// raw.ts builds on generateDay: the provider-shaped records each summary is normalised from.
export { generateRaw, generateRawProfile, RAW_RESOURCES, type RawRecord, type RawResource } from './raw.js';
export { addDays, isValidTimeZone, localDateOf, localDatesBetween, localDay, type LocalDay } from './time-zone.js';
export { diffDays, isEmptyDiff, type DayDiff, type DiffSummary } from './diff.js';
export { BUCKET_MS, HR_STEP_MS } from './timeline.js';
export { STREAM_STEP_S } from './streams.js';
