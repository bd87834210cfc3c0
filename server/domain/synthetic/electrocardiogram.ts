/**
 * ECG recordings: a 30-second single-lead recording now and then (most days for a dedicated ECG
 * device), as its summary (`electrocardiogram`) and as its voltage samples
 * (`electrocardiogram_voltage`), both from one recording plan so the two always agree: the
 * summary's mean heart rate is the rate of the waveform's beats, its classification follows that
 * rate and the reading's quality, and its sample count and frequency are those of the samples.
 */
import { deviceOf } from '../devices/catalog.js';
import { recordId } from './ids.js';
import { sourceOf } from './person.js';
import { seededRandom } from './random.js';
import { round } from './round.js';
import { hashUnit, type Timeline } from './timeline.js';
import { HOUR, MINUTE, iso } from './time-zone.js';
import type { Electrocardiogram } from './types.js';

/** Samples per second of the voltage series. */
export const ECG_SAMPLING_HZ = 100;
/** Length of a recording (a watch's ECG app records 30 seconds). */
export const ECG_DURATION_S = 30;
/** The classifier's bounds (beats per minute): outside them a recording is inconclusive. */
export const ECG_CLASSIFIABLE_BPM = { low: 50, high: 120 } as const;
/** The classifier's version, as the summaries report it. */
const ALGORITHM_VERSION = '2';

export interface EcgRecording {
  /** Epoch ms of the first sample. */
  start: number;
  /** The rate of the waveform's beats. */
  bpm: number;
  /** A poor reading (the wrist moved, loose contact): the waveform is buried in noise. */
  poor: boolean;
}

/**
 * The day's recording, or null. Taken during waking hours (09:00-20:00 local), at a resting
 * rate a little above the person's resting heart rate.
 */
export function ecgRecordingOf(tl: Timeline): EcgRecording | null {
  const r = seededRandom(`${tl.key.userId}:${tl.key.provider}:${tl.key.date}:ecg`);
  const chance = tl.traits.slug === 'kardia' ? 0.6 : 0.12;
  if (r.next() >= chance) return null;
  const { day, sleep, nextSleep } = tl.plan;
  const from = Math.max(sleep.end + 5 * MINUTE, day.start + 9 * HOUR);
  const to = Math.min(nextSleep.start - 5 * MINUTE, day.start + 20 * HOUR, day.end - MINUTE);
  const start = Math.floor(Math.round((from + r.next() * Math.max(0, to - from)) / MINUTE) * MINUTE / 1000) * 1000;
  return { start, bpm: tl.person.restingHr + 8, poor: r.next() < 0.06 };
}

/** The voltage (mV) of sample `i` of a recording: a P wave, the QRS complex and a T wave per beat, plus noise. */
export function ecgVoltage(tl: Timeline, recording: EcgRecording, i: number): number {
  const period = 60 / recording.bpm;
  const s = ((i / ECG_SAMPLING_HZ) % period) / period;
  const noise = (recording.poor ? 0.9 : 0.02) * (hashUnit(tl.seed, i) - 0.5);
  const v = 0.12 * Math.exp(-(((s - 0.16) / 0.025) ** 2)) - 0.1 * Math.exp(-(((s - 0.245) / 0.008) ** 2))
    + 1.1 * Math.exp(-(((s - 0.26) / 0.01) ** 2)) - 0.25 * Math.exp(-(((s - 0.28) / 0.01) ** 2))
    + 0.3 * Math.exp(-(((s - 0.5) / 0.045) ** 2)) + noise;
  return round(v, 3);
}

/** What the classifier concludes of a recording: a rhythm when it can read one, else why not. */
export function classifyEcg(recording: EcgRecording): Pick<Electrocardiogram, 'classification' | 'inconclusive_cause'> {
  if (recording.poor) return { classification: 'inconclusive', inconclusive_cause: 'poor_reading' };
  if (recording.bpm < ECG_CLASSIFIABLE_BPM.low) return { classification: 'inconclusive', inconclusive_cause: 'low_heart_rate' };
  if (recording.bpm > ECG_CLASSIFIABLE_BPM.high) return { classification: 'inconclusive', inconclusive_cause: 'high_heart_rate' };
  // The waveform's beats come at a regular interval with a P wave before each QRS complex.
  return { classification: 'sinus_rhythm', inconclusive_cause: null };
}

/** The summary of the day's recording, once it has ended (`asOf`), or null. */
export function electrocardiogramOf(tl: Timeline, asOf: number): Electrocardiogram | null {
  const recording = ecgRecordingOf(tl);
  if (!recording) return null;
  const end = recording.start + ECG_DURATION_S * 1000;
  if (end > asOf) return null;
  const source = sourceOf(tl.traits);
  return {
    id: recordId(tl.key.userId, tl.key.provider, 'electrocardiogram', tl.key.date, 0),
    session_start: iso(recording.start),
    session_end: iso(end),
    voltage_sample_count: ECG_DURATION_S * ECG_SAMPLING_HZ,
    heart_rate_mean: Math.round(recording.bpm),
    sampling_frequency_hz: ECG_SAMPLING_HZ,
    ...classifyEcg(recording),
    algorithm_version: ALGORITHM_VERSION,
    time_zone: tl.key.timeZone,
    source_provider: tl.key.provider,
    source_type: tl.traits.sourceType,
    source_app_id: tl.traits.appId,
    source_device_model: deviceOf(tl.key.userId, tl.key.provider, new Date(end)).device_model,
    source_device_id: null,
    created_at: iso(end),
    updated_at: iso(end),
    user_id: tl.key.userId,
    source,
  };
}
