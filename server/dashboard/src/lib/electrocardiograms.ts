/**
 * The Data section's ECG table: each recording's local date and time (in the recording's time
 * zone), the classifier's reading (with why an inconclusive one could not be read) and the
 * mean heart rate. Pure: unit-tested in test/dashboard/unit/electrocardiograms.test.ts.
 */

/** What the table reads of a recording (the API's `ClientFacingElectrocardiogram`). */
export interface EcgLike {
  id: string;
  session_start: string;
  session_end: string;
  heart_rate_mean?: number | null;
  classification?: string | null;
  inconclusive_cause?: string | null;
  time_zone?: string | null;
  source_provider: string;
  source_device_model?: string | null;
}

export interface EcgRow {
  id: string;
  /** `YYYY-MM-DD` in the recording's time zone. */
  date: string;
  /** `HH:MM–HH:MM` in the recording's time zone. */
  time: string;
  timeZone: string;
  classification: string;
  heartRate: string;
  provider: string;
  device: string;
}

const CLASSIFICATION_TEXT: Readonly<Record<string, string>> = {
  sinus_rhythm: 'Sinus rhythm',
  atrial_fibrillation: 'Atrial fibrillation',
  inconclusive: 'Inconclusive',
};

const CAUSE_TEXT: Readonly<Record<string, string>> = {
  high_heart_rate: 'heart rate too high',
  low_heart_rate: 'heart rate too low',
  poor_reading: 'poor reading',
};

/** The classification as text: `Sinus rhythm`, `Inconclusive (poor reading)`, `–` when none. */
export function classificationText(classification: string | null | undefined, cause: string | null | undefined): string {
  if (!classification) return '–';
  const text = CLASSIFICATION_TEXT[classification] ?? classification;
  return cause ? `${text} (${CAUSE_TEXT[cause] ?? cause})` : text;
}

/** An instant's local date and `HH:MM` in a time zone (UTC when none or unknown). */
export function localDateTime(instant: string, timeZone: string | null | undefined): { date: string; time: string; zone: string } {
  const at = new Date(instant);
  let zone = timeZone || 'UTC';
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  } catch {
    zone = 'UTC';
    parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}`, zone };
}

/** One row per recording, in the API's order (oldest first). */
export function ecgRows(list: readonly EcgLike[]): EcgRow[] {
  return list.map((ecg) => {
    const start = localDateTime(ecg.session_start, ecg.time_zone);
    const end = localDateTime(ecg.session_end, ecg.time_zone);
    return {
      id: ecg.id,
      date: start.date,
      time: `${start.time}–${end.time}`,
      timeZone: start.zone,
      classification: classificationText(ecg.classification, ecg.inconclusive_cause),
      heartRate: typeof ecg.heart_rate_mean === 'number' ? `${ecg.heart_rate_mean} bpm` : '–',
      provider: ecg.source_provider,
      device: ecg.source_device_model || '–',
    };
  });
}
