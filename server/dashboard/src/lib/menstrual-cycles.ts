/**
 * The Data section's menstrual cycles table: each cycle's period, length and phases. The API
 * reports the period (`period_start`, `period_end`) and the cycle's end (`cycle_end`); the
 * ovulation day, which splits the rest of the cycle into its follicular and luteal phases, is
 * read from what was logged: the basal body temperature shift (the "three over six" rule, in
 * its strict form: the first of three readings each at least 0.2 °C above every one of the six
 * before is the first luteal day), else a positive LH test (`luteinizing_hormone_surge`). Pure: unit-tested in
 * test/dashboard/unit/menstrual-cycles.test.ts.
 */
import { addDays, daysInclusive } from './format.js';

/** What the table reads of a cycle (the API's `ClientFacingMenstrualCycle`). */
export interface CycleLike {
  id: string;
  period_start: string;
  period_end?: string | null;
  cycle_end?: string | null;
  is_predicted?: boolean;
  ovulation_test?: { date: string; test_result?: string | null }[];
  basal_body_temperature?: { date: string; value: number }[];
  source_provider: string;
}

export interface Phase {
  name: 'menstrual' | 'follicular' | 'ovulation' | 'luteal';
  start: string;
  end: string;
}

export interface CycleRow {
  id: string;
  periodStart: string;
  periodEnd: string | null;
  cycleEnd: string | null;
  /** Days from the period's first day to the cycle's last, both included; null for a cycle without an end. */
  cycleLength: number | null;
  periodLength: number | null;
  ovulation: string | null;
  /** How the ovulation day was read. */
  ovulationBasis: 'temperature shift' | 'LH test' | null;
  phases: Phase[];
  provider: string;
  predicted: boolean;
}

/** Readings before a candidate that it must rise above, and readings that must stay above. */
const BASELINE_DAYS = 6;
const HIGH_DAYS = 3;
/**
 * How far (°C) each high reading must rise above the baseline: day-to-day noise stays below it.
 * Each one, not only the last: two noisy high mornings before the shift would otherwise start
 * the run days early.
 */
const SHIFT_C = 0.2;
/** Readings have two decimals: a rise of exactly SHIFT_C must count despite binary fractions. */
const EPSILON = 1e-9;

/**
 * The ovulation day by the temperature shift: the day before the first of HIGH_DAYS
 * consecutive readings each at least SHIFT_C above the highest of the BASELINE_DAYS readings
 * before them; or null.
 * Readings are taken by date order; a missing day breaks neither run (charts skip it too).
 */
export function ovulationByTemperature(readings: readonly { date: string; value: number }[]): string | null {
  const sorted = [...readings].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (let i = BASELINE_DAYS; i + HIGH_DAYS <= sorted.length; i++) {
    const baseline = Math.max(...sorted.slice(i - BASELINE_DAYS, i).map((r) => r.value));
    const high = sorted.slice(i, i + HIGH_DAYS);
    if (high.every((r) => r.value >= baseline + SHIFT_C - EPSILON)) return addDays(sorted[i]!.date, -1);
  }
  return null;
}

/** The ovulation day by a positive LH test (the first surge), or null. */
export function ovulationByLhTest(tests: readonly { date: string; test_result?: string | null }[]): string | null {
  const surges = tests.filter((t) => t.test_result === 'luteinizing_hormone_surge').map((t) => t.date).sort();
  return surges[0] ?? null;
}

const within = (date: string, from: string, to: string) => date >= from && date <= to;

/** The cycle's phases, in order, clipped to the cycle; without an ovulation day, the period alone. */
export function cyclePhases(cycle: CycleLike, ovulation: string | null): Phase[] {
  const phases: Phase[] = [];
  const periodEnd = cycle.period_end ?? null;
  if (periodEnd) phases.push({ name: 'menstrual', start: cycle.period_start, end: periodEnd });
  const end = cycle.cycle_end ?? null;
  if (!periodEnd || !end || !ovulation || !within(ovulation, addDays(periodEnd, 1), end)) return phases;
  if (ovulation > addDays(periodEnd, 1)) phases.push({ name: 'follicular', start: addDays(periodEnd, 1), end: addDays(ovulation, -1) });
  phases.push({ name: 'ovulation', start: ovulation, end: ovulation });
  if (ovulation < end) phases.push({ name: 'luteal', start: addDays(ovulation, 1), end });
  return phases;
}

/** One row per cycle, in the API's order. */
export function cycleRows(list: readonly CycleLike[]): CycleRow[] {
  return list.map((cycle) => {
    const byTemperature = ovulationByTemperature(cycle.basal_body_temperature ?? []);
    const byTest = byTemperature ? null : ovulationByLhTest(cycle.ovulation_test ?? []);
    const ovulation = byTemperature ?? byTest;
    return {
      id: cycle.id,
      periodStart: cycle.period_start,
      periodEnd: cycle.period_end ?? null,
      cycleEnd: cycle.cycle_end ?? null,
      cycleLength: cycle.cycle_end ? daysInclusive(cycle.period_start, cycle.cycle_end) : null,
      periodLength: cycle.period_end ? daysInclusive(cycle.period_start, cycle.period_end) : null,
      ovulation,
      ovulationBasis: byTemperature ? 'temperature shift' : byTest ? 'LH test' : null,
      phases: cyclePhases(cycle, ovulation),
      provider: cycle.source_provider,
      predicted: cycle.is_predicted ?? false,
    };
  });
}

const PHASE_TEXT: Readonly<Record<Phase['name'], string>> = { menstrual: 'Menstrual', follicular: 'Follicular', ovulation: 'Ovulation', luteal: 'Luteal' };

/** A phase as text: `Menstrual 10-07 to 10-11 (5 d)`, `Ovulation 10-20`. */
export function phaseText(phase: Phase): string {
  const short = (date: string) => date.slice(5);
  if (phase.start === phase.end) return `${PHASE_TEXT[phase.name]} ${short(phase.start)}`;
  return `${PHASE_TEXT[phase.name]} ${short(phase.start)} to ${short(phase.end)} (${daysInclusive(phase.start, phase.end)} d)`;
}
