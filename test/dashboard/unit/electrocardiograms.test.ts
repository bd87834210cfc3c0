import { describe, expect, it } from 'vitest';
import { classificationText, ecgRows, localDateTime } from '../../../server/dashboard/src/lib/electrocardiograms.js';

describe('classificationText', () => {
  it('when a recording is classified, then the rhythm reads as words; an inconclusive one says why', () => {
    expect(classificationText('sinus_rhythm', null)).toBe('Sinus rhythm');
    expect(classificationText('atrial_fibrillation', null)).toBe('Atrial fibrillation');
    expect(classificationText('inconclusive', 'poor_reading')).toBe('Inconclusive (poor reading)');
    expect(classificationText('inconclusive', 'high_heart_rate')).toBe('Inconclusive (heart rate too high)');
  });

  it('when there is no classification, then a dash; an unknown one is shown as it is', () => {
    expect(classificationText(null, null)).toBe('–');
    expect(classificationText('new_rhythm', 'new_cause')).toBe('new_rhythm (new_cause)');
  });
});

describe('localDateTime', () => {
  it('when a recording has a time zone, then its local date and time are in it, across midnight too', () => {
    expect(localDateTime('2026-11-20T17:38:00+00:00', 'America/New_York')).toEqual({ date: '2026-11-20', time: '12:38', zone: 'America/New_York' });
    expect(localDateTime('2026-11-20T02:10:00Z', 'America/Los_Angeles')).toEqual({ date: '2026-11-19', time: '18:10', zone: 'America/Los_Angeles' });
  });

  it('when there is no time zone, or an unknown one, then UTC', () => {
    expect(localDateTime('2026-11-20T00:05:00Z', null)).toEqual({ date: '2026-11-20', time: '00:05', zone: 'UTC' });
    expect(localDateTime('2026-11-20T00:05:00Z', 'Nowhere/Atlantis')).toEqual({ date: '2026-11-20', time: '00:05', zone: 'UTC' });
  });
});

describe('ecgRows', () => {
  it('when recordings are listed, then one row each with date, time span, classification and mean heart rate', () => {
    const rows = ecgRows([
      { id: 'a', session_start: '2026-11-20T17:38:00+00:00', session_end: '2026-11-20T17:38:30+00:00', heart_rate_mean: 61, classification: 'sinus_rhythm', inconclusive_cause: null, time_zone: 'America/New_York', source_provider: 'kardia', source_device_model: 'KardiaMobile 6L' },
      { id: 'b', session_start: '2026-11-21T09:00:00Z', session_end: '2026-11-21T09:00:30Z', heart_rate_mean: null, classification: null, source_provider: 'apple_health_kit' },
    ]);
    expect(rows).toEqual([
      { id: 'a', date: '2026-11-20', time: '12:38–12:38', timeZone: 'America/New_York', classification: 'Sinus rhythm', heartRate: '61 bpm', provider: 'kardia', device: 'KardiaMobile 6L' },
      { id: 'b', date: '2026-11-21', time: '09:00–09:00', timeZone: 'UTC', classification: '–', heartRate: '–', provider: 'apple_health_kit', device: '–' },
    ]);
  });
});
