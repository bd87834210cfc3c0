import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../server/dashboard/src/lib/format.js';
import { cyclePhases, cycleRows, ovulationByLhTest, ovulationByTemperature, phaseText, type CycleLike } from '../../../server/dashboard/src/lib/menstrual-cycles.js';

const START = '2026-10-07';
/** Morning readings of a 28-day cycle: about 36.3 °C, 0.3 °C higher from the day after `ovulationDay`, with noise of ±0.05. */
const temperatures = (ovulationDay: number, noise: (day: number) => number = () => 0) =>
  Array.from({ length: 28 }, (_, day) => ({ date: addDays(START, day), value: Math.round((36.3 + (day > ovulationDay ? 0.3 : 0) + noise(day)) * 100) / 100 }));

const cycle: CycleLike = { id: 'c1', period_start: START, period_end: '2026-10-11', cycle_end: '2026-11-03', is_predicted: false, source_provider: 'oura' };

describe('ovulationByTemperature', () => {
  it('when the temperature rises 0.3 °C after day 13, then ovulation is day 13', () => {
    expect(ovulationByTemperature(temperatures(13))).toBe(addDays(START, 13));
  });

  it('when the rise is only as large as the noise allows at worst, then it still counts', () => {
    // Baseline +0.05, highs -0.05: a rise of exactly 0.2 °C.
    expect(ovulationByTemperature(temperatures(13, (day) => (day > 13 ? -0.05 : 0.05)))).toBe(addDays(START, 13));
  });

  it('when readings climb within the noise before the shift, then the climb is not taken for the shift', () => {
    // Days 5 to 10 step up by 0.01 °C each: three of them above the six before, but not by 0.2 °C.
    expect(ovulationByTemperature(temperatures(16, (day) => (day >= 5 && day <= 12 ? (day - 4) * 0.01 : 0)))).toBe(addDays(START, 16));
  });

  it('when the two mornings before the shift are noisy highs, then they do not start the run early', () => {
    // Days 12 and 13 at +0.04 over a baseline at -0.05: above the six before, but not by 0.2 °C.
    expect(ovulationByTemperature(temperatures(13, (day) => (day === 12 || day === 13 ? 0.04 : day < 12 ? -0.05 : 0)))).toBe(addDays(START, 13));
  });

  it('when any noise of ±0.05 °C is added, then the shift is found on the model\'s ovulation day', () => {
    fc.assert(fc.property(fc.integer({ min: 8, max: 20 }), fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 28, maxLength: 28 }), (ovulationDay, noise) => {
      expect(ovulationByTemperature(temperatures(ovulationDay, (day) => noise[day]! / 100))).toBe(addDays(START, ovulationDay));
    }));
  });

  it('when readings are out of order or a day is missing, then they are read by date', () => {
    const readings = temperatures(13).filter((r) => r.date !== addDays(START, 3)).reverse();
    expect(ovulationByTemperature(readings)).toBe(addDays(START, 13));
  });

  it('when there is no shift, or too few readings, then null', () => {
    expect(ovulationByTemperature(temperatures(40))).toBeNull();
    expect(ovulationByTemperature(temperatures(13).slice(10, 16))).toBeNull();
    expect(ovulationByTemperature([])).toBeNull();
  });
});

describe('ovulationByLhTest', () => {
  it('when an LH test shows the surge, then its day; otherwise null', () => {
    expect(ovulationByLhTest([{ date: '2026-10-19', test_result: 'negative' }, { date: '2026-10-20', test_result: 'luteinizing_hormone_surge' }])).toBe('2026-10-20');
    expect(ovulationByLhTest([{ date: '2026-10-19', test_result: 'negative' }])).toBeNull();
  });
});

describe('cyclePhases', () => {
  it('when the ovulation day is known, then menstrual, follicular, ovulation and luteal cover the cycle', () => {
    expect(cyclePhases(cycle, '2026-10-20')).toEqual([
      { name: 'menstrual', start: '2026-10-07', end: '2026-10-11' },
      { name: 'follicular', start: '2026-10-12', end: '2026-10-19' },
      { name: 'ovulation', start: '2026-10-20', end: '2026-10-20' },
      { name: 'luteal', start: '2026-10-21', end: '2026-11-03' },
    ]);
  });

  it('when ovulation is unknown, or outside the cycle after the period, then only the period', () => {
    expect(cyclePhases(cycle, null)).toEqual([{ name: 'menstrual', start: '2026-10-07', end: '2026-10-11' }]);
    expect(cyclePhases(cycle, '2026-10-09')).toHaveLength(1);
    expect(cyclePhases(cycle, '2026-11-04')).toHaveLength(1);
  });

  it('when ovulation is the day after the period or the cycle\'s last day, then the empty phase is left out', () => {
    expect(cyclePhases(cycle, '2026-10-12').map((p) => p.name)).toEqual(['menstrual', 'ovulation', 'luteal']);
    expect(cyclePhases(cycle, '2026-11-03').map((p) => p.name)).toEqual(['menstrual', 'follicular', 'ovulation']);
  });
});

describe('cycleRows', () => {
  it('when a cycle has temperatures, then ovulation comes from the shift, before any LH test', () => {
    const [row] = cycleRows([{ ...cycle, basal_body_temperature: temperatures(13), ovulation_test: [{ date: '2026-10-22', test_result: 'luteinizing_hormone_surge' }] }]);
    expect(row).toMatchObject({ periodStart: START, periodEnd: '2026-10-11', cycleEnd: '2026-11-03', cycleLength: 28, periodLength: 5, ovulation: '2026-10-20', ovulationBasis: 'temperature shift', provider: 'oura', predicted: false });
    expect(row!.phases.map(phaseText)).toEqual(['Menstrual 10-07 to 10-11 (5 d)', 'Follicular 10-12 to 10-19 (8 d)', 'Ovulation 10-20', 'Luteal 10-21 to 11-03 (14 d)']);
  });

  it('when a cycle has no temperature, then a positive LH test gives ovulation; with neither it is unknown', () => {
    expect(cycleRows([{ ...cycle, ovulation_test: [{ date: '2026-10-20', test_result: 'luteinizing_hormone_surge' }] }])[0]).toMatchObject({ ovulation: '2026-10-20', ovulationBasis: 'LH test' });
    expect(cycleRows([cycle])[0]).toMatchObject({ ovulation: null, ovulationBasis: null, phases: [{ name: 'menstrual', start: START, end: '2026-10-11' }] });
  });

  it('when a cycle has no end or no period end, then its lengths are unknown', () => {
    expect(cycleRows([{ ...cycle, cycle_end: null, period_end: null }])[0]).toMatchObject({ cycleLength: null, periodLength: null, phases: [] });
  });
});
