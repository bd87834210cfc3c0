/**
 * Menstrual cycles of the people who have them (women up to 52 in the model), regular 28-day
 * cycles at a phase of their own: day 0 is the first day of the period, ovulation falls on day
 * 13, and the basal body temperature (a morning reading on waking) is about 0.3 °C higher from
 * day 14 to the end of the cycle. A provider reports a cycle whole once its last day (day 27,
 * the day before the next period) has ended: its period and flow, the fertile signs the person
 * logged, and the basal temperatures the same provider delivered as samples.
 */
import { recordId } from './ids.js';
import { sourceOf } from './person.js';
import { seededRandom } from './random.js';
import { round } from './round.js';
import { hashUnit, type Timeline } from './timeline.js';
import { DAY, addDays, iso, utcMidnight } from './time-zone.js';
import type { MenstrualCycle } from './types.js';

export const CYCLE_DAYS = 28;
/** The cycle day of ovulation: the luteal phase (a higher basal temperature) starts the day after. */
export const OVULATION_DAY = 13;
/** The oldest age of a person with cycles in the model. */
const MAX_CYCLING_AGE = 52;

/** True when the person behind this timeline has menstrual cycles. */
export const hasCycles = (tl: Timeline): boolean => tl.person.sex === 'female' && tl.person.age <= MAX_CYCLING_AGE;

/** Day of the cycle (0 = first day of the period) on the timeline's local day. */
export const cycleDayOf = (tl: Timeline): number => Math.floor(utcMidnight(tl.key.date) / DAY + (tl.person.seed % CYCLE_DAYS)) % CYCLE_DAYS;

/** The morning basal body temperature reading of the day (at waking), or null when the person has no cycles or woke on another day. */
export function basalBodyTemperatureOf(tl: Timeline): { t: number; value: number } | null {
  if (!hasCycles(tl)) return null;
  const t = tl.plan.sleep.end;
  if (t < tl.day.start || t >= tl.day.end) return null;
  const cycleDay = cycleDayOf(tl);
  return { t, value: round(36.3 + (cycleDay > OVULATION_DAY ? 0.3 : 0) + 0.1 * (hashUnit(tl.seed, cycleDay) - 0.5), 2) };
}

type Flow = MenstrualCycle['menstrual_flow'][number]['flow'];
type Mucus = MenstrualCycle['cervical_mucus'][number]['quality'];

/** Cervical mucus through the fertile window, by cycle day: wetter towards ovulation, dry after. */
const MUCUS: Readonly<Record<number, Mucus>> = { 8: 'sticky', 9: 'sticky', 10: 'creamy', 11: 'creamy', 12: 'watery', 13: 'egg_white', 14: 'egg_white', 15: 'sticky', 16: 'dry' };

/**
 * The cycle that ends on the timeline's local day (its day 27), once that day has ended
 * (`asOf`), or null. `claimsTemperature`: the provider delivers basal body temperature samples,
 * which the cycle then lists too.
 */
export function menstrualCycleOf(tl: Timeline, asOf: number, claimsTemperature: boolean): MenstrualCycle | null {
  if (!hasCycles(tl) || cycleDayOf(tl) !== CYCLE_DAYS - 1 || tl.day.end > asOf) return null;
  const periodStart = addDays(tl.key.date, -(CYCLE_DAYS - 1));
  // Seeded by the person and the cycle, not the provider: every provider sees the same cycle.
  const r = seededRandom(`${tl.key.userId}:${periodStart}:menstrual_cycle`);
  const periodDays = 4 + Math.floor(r.next() * 3);
  const flows: Flow[] = ['medium', 'heavy', r.next() < 0.5 ? 'heavy' : 'medium', 'light', 'light', 'light'];
  const logsMucus = r.next() < 0.6;
  const testsOvulation = r.next() < 0.4;
  const activity = [0, 1, 2].map(() => ({ day: 6 + Math.floor(r.next() * 20), protected: r.next() < 0.5 }));
  const dateOf = (cycleDay: number) => addDays(periodStart, cycleDay);
  const cycle: MenstrualCycle['basal_body_temperature'] = [];
  if (claimsTemperature) {
    for (let day = 0; day < CYCLE_DAYS; day += 1) {
      const reading = basalBodyTemperatureOf(tl.neighbour(day - (CYCLE_DAYS - 1)));
      if (reading) cycle.push({ date: dateOf(day), value: reading.value });
    }
  }
  const source = sourceOf(tl.traits);
  const closed = iso(tl.day.end);
  return {
    id: recordId(tl.key.userId, tl.key.provider, 'menstrual_cycle', tl.key.date, 0),
    period_start: periodStart,
    period_end: dateOf(periodDays - 1),
    cycle_end: tl.key.date,
    is_predicted: false,
    menstrual_flow: flows.slice(0, periodDays).map((flow, day) => ({ date: dateOf(day), flow })),
    cervical_mucus: logsMucus ? Object.entries(MUCUS).map(([day, quality]) => ({ date: dateOf(Number(day)), quality })) : [],
    intermenstrual_bleeding: [],
    contraceptive: [],
    detected_deviations: [],
    ovulation_test: testsOvulation
      ? [OVULATION_DAY - 2, OVULATION_DAY - 1, OVULATION_DAY].map((day) => ({ date: dateOf(day), test_result: day === OVULATION_DAY ? 'luteinizing_hormone_surge' as const : 'negative' as const }))
      : [],
    home_pregnancy_test: [],
    home_progesterone_test: [],
    sexual_activity: [...new Map(activity.map((a) => [a.day, a])).values()]
      .sort((a, b) => a.day - b.day)
      .map((a) => ({ date: dateOf(a.day), protection_used: a.protected })),
    basal_body_temperature: cycle,
    source_provider: tl.key.provider,
    source_type: tl.traits.sourceType,
    source_app_id: tl.traits.appId,
    source_device_id: null,
    created_at: closed,
    updated_at: closed,
    user_id: tl.key.userId,
    source,
  };
}
