/** The synthetic data generator (see README.md): generateDay and friends. */
export * from './day.js';
export { generateRaw, generateRawProfile, RAW_RESOURCES, type RawRecord, type RawResource } from './raw.js';
export { isValidTimeZone, localDay, type LocalDay } from './time-zone.js';
export { BUCKET_MS, HR_STEP_MS } from './timeline.js';
export { STREAM_STEP_S } from './streams.js';
