/**
 * When a sample can be drawn: the deterministic appointment slots of an at-home phlebotomy
 * provider at a zip code and of a patient service center, for the days from a start date. The
 * same place and day always give the same slots, in the patient's (at-home) or the center's
 * (walk-in) time zone; none starts in the past or within BOOKING_LEAD_MS of now, none lies
 * outside the hours. Pure: now, the zone and what is already booked are handed in.
 */
import { addDays, DAY, MINUTE, offsetIn, utcMidnight, Zone, type FormatterMemo } from '../synthetic/time-zone.js';
import { keyFieldsOf } from './booking-key.js';
import { hash32, WEEKDAYS, type ServiceCenter } from './service-centers.js';

/** How many days of slots an availability answer covers, from its start date. */
export const AVAILABILITY_DAYS = 14;
/** How far ahead a start date may be, in days from today (in the zone asked for). */
export const MAX_START_DATE_AHEAD_DAYS = 90;
/** No slot starts sooner than this after now: the provider needs time to send someone. */
export const BOOKING_LEAD_MS = 2 * 60 * MINUTE;
/** A walk-in appointment's length, and the time between two starts at a center. */
export const CENTER_SLOT_MINUTES = 30;
export const CENTER_SLOT_EVERY_MINUTES = 60;
/** The at-home arrival windows: one hour, starting on the hour. */
export const PHLEBOTOMY_WINDOW_MINUTES = 60;
/** An at-home visit before 08:00 local time is a priority visit (fasting panels), at this price in USD. */
export const PRIORITY_PRICE = 25;

export interface Slot {
  /** Epoch milliseconds. */
  readonly start: number;
  readonly end: number;
  /** The start and end as the patient reads them: ISO 8601 at the zone's offset then (`2026-12-02T07:00:00-08:00`), kept with the slot as every answer sends them. */
  readonly start_local: string;
  readonly end_local: string;
  readonly price: number;
  readonly is_priority: boolean;
  /** How many appointments the slot takes in all (before those already booked are taken off). */
  readonly capacity: number;
  /** The slot's own fields in its booking keys (keyFieldsOf), made once with the slot: each answer signs them anew. */
  readonly key_fields: string;
}

export interface DaySlots {
  /** The local date, YYYY-MM-DD. */
  readonly date: string;
  readonly slots: readonly Slot[];
}

/** An instant as ISO 8601 at a UTC offset (seconds, east positive): the wall time at that offset. */
function isoAtOffset(epochMs: number, offset: number): string {
  const wall = new Date(epochMs + offset * 1000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${wall}${sign}${String(Math.floor(abs / 3600)).padStart(2, '0')}:${String(Math.floor((abs % 3600) / 60)).padStart(2, '0')}`;
}

/** `HH:MM` -> minutes since midnight. */
const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The weekday of a YYYY-MM-DD date. */
export const weekdayOf = (date: string) => WEEKDAYS[(new Date(utcMidnight(date)).getUTCDay() + 6) % 7]!;

/** The local date of `now` in a zone. */
export const todayIn = (timeZone: string, now: Date, formatters?: FormatterMemo): string => new Zone(timeZone, formatters).localDateOf(now.getTime());

export type StartDateDecision = { ok: true; first: string } | { ok: false; msg: string };

/**
 * The first day of an availability answer: the start date asked for (today in the zone when
 * none), never before today. Refused when it is more than MAX_START_DATE_AHEAD_DAYS ahead.
 */
export function firstAvailabilityDay(startDate: string | null | undefined, today: string): StartDateDecision {
  if (!startDate) return { ok: true, first: today };
  if (startDate > addDays(today, MAX_START_DATE_AHEAD_DAYS)) {
    return { ok: false, msg: `start_date ${startDate} is more than ${MAX_START_DATE_AHEAD_DAYS} days ahead (today is ${today} where the appointment would be)` };
  }
  return { ok: true, first: startDate < today ? today : startDate };
}

interface Window {
  readonly startMinute: number;
  readonly minutes: number;
  readonly price: number;
  readonly is_priority: boolean;
  readonly capacity: number;
}

/**
 * Slots of the days from `first`, from each day's local windows (all of them: slotsAfter drops
 * those too soon). Each day is resolved once (its bounds and offsets: Zone#localDay) and each window's
 * instant and offsets come from it by arithmetic (Zone#localInstant): asking the zone's formatter
 * for every slot's offsets was most of an availability answer's time.
 */
function daysOfSlots(input: { zone: Zone; first: string; windowsOf: (date: string) => readonly Window[] }): DaySlots[] {
  const zone = input.zone;
  const days: DaySlots[] = [];
  for (let i = 0; i < AVAILABILITY_DAYS; i++) {
    const date = addDays(input.first, i);
    const midnight = utcMidnight(date);
    const day = zone.localDay(date);
    const offsetAt = (t: number) => (t >= day.start && t < day.end ? offsetIn(day, t) : zone.offsetSecondsAt(t));
    const slots: Slot[] = [];
    for (const w of input.windowsOf(date)) {
      const wall = midnight + w.startMinute * MINUTE;
      const start = zone.localInstant(day, w.startMinute);
      const startOffset = offsetAt(start);
      // A window that a clock change swallowed (its wall time does not exist, and the first
      // instant after the gap is another day) is not offered. An instant reading the window's
      // wall time is on this day.
      if (start + startOffset * 1000 !== wall && zone.localDateOf(start) !== date) continue;
      const end = start + w.minutes * MINUTE;
      slots.push({
        start, end, start_local: isoAtOffset(start, startOffset), end_local: isoAtOffset(end, offsetAt(end)),
        price: w.price, is_priority: w.is_priority, capacity: w.capacity,
        key_fields: keyFieldsOf({ start: start / 1000, end: end / 1000, capacity: w.capacity, price: w.price, is_priority: w.is_priority }),
      });
    }
    if (slots.length > 0) days.push({ date, slots });
  }
  return days;
}

/**
 * The slots of `days` that start at or after now + BOOKING_LEAD_MS (none before: the provider
 * needs time), days left without a slot left out. The days themselves depend on the place and
 * the first day alone (the app keeps them: jobs/lab-appointments/context.ts); this is the part
 * that depends on the clock.
 */
export function slotsAfter(days: readonly DaySlots[], now: Date): DaySlots[] {
  const earliest = now.getTime() + BOOKING_LEAD_MS;
  const out: DaySlots[] = [];
  for (const day of days) {
    const slots = day.slots.filter((slot) => slot.start >= earliest);
    // A day with every slot still ahead is kept as it is (the kept days are shared, never changed).
    if (slots.length === day.slots.length && slots.length > 0) out.push(day);
    else if (slots.length > 0) out.push({ date: day.date, slots });
  }
  return out;
}

/**
 * The at-home slots of a provider at a zip code: one-hour arrival windows from 06:00 to 12:00
 * on weekdays and 07:00 to 11:00 on Saturdays (the morning, when fasting draws are done),
 * none on Sundays; one or two phlebotomists per window.
 */
export function phlebotomyDays(input: { provider: string; zip: string; timeZone: string; first: string; formatters?: FormatterMemo | undefined }): DaySlots[] {
  const zone = new Zone(input.timeZone, input.formatters);
  return daysOfSlots({
    zone,
    first: input.first,
    windowsOf: (date) => {
      const weekday = weekdayOf(date);
      const [from, to] = weekday === 'sunday' ? [0, 0] : weekday === 'saturday' ? [7, 11] : [6, 12];
      const windows: Window[] = [];
      for (let hour = from; hour < to; hour++) {
        const capacity = 1 + (hash32(`phlebotomy:${input.provider}:${input.zip}:${date}:${hour}`) % 2);
        windows.push({ startMinute: hour * 60, minutes: PHLEBOTOMY_WINDOW_MINUTES, price: hour < 8 ? PRIORITY_PRICE : 0, is_priority: hour < 8, capacity });
      }
      return windows;
    },
  });
}

/** A center's slots: every hour from opening (on the hour or half past), each 30 minutes and ending by closing; two to four visits each. */
export function centerDays(input: { center: ServiceCenter; first: string; formatters?: FormatterMemo | undefined }): DaySlots[] {
  const zone = new Zone(input.center.time_zone, input.formatters);
  return daysOfSlots({
    zone,
    first: input.first,
    windowsOf: (date) => {
      const windows: Window[] = [];
      for (const period of input.center.hours[weekdayOf(date)]) {
        const close = minutesOf(period.end);
        for (let minute = Math.ceil(minutesOf(period.start) / 30) * 30; minute + CENTER_SLOT_MINUTES <= close; minute += CENTER_SLOT_EVERY_MINUTES) {
          const capacity = 2 + (hash32(`center:${input.center.site_code}:${date}:${minute}`) % 3);
          windows.push({ startMinute: minute, minutes: CENTER_SLOT_MINUTES, price: 0, is_priority: false, capacity });
        }
      }
      return windows;
    },
  });
}

/** The at-home slots still bookable at `now` (phlebotomyDays after slotsAfter). */
export const phlebotomySlots = (input: { provider: string; zip: string; timeZone: string; first: string; now: Date; formatters?: FormatterMemo | undefined }): DaySlots[] =>
  slotsAfter(phlebotomyDays(input), input.now);

/** A center's slots still bookable at `now` (centerDays after slotsAfter). */
export const centerSlots = (input: { center: ServiceCenter; first: string; now: Date; formatters?: FormatterMemo | undefined }): DaySlots[] =>
  slotsAfter(centerDays(input), input.now);

/** Whether a slot of a place's slots on its day still exists as given (a key names a slot the server offered). */
export function slotIsOffered(days: readonly DaySlots[], start: number, end: number): Slot | null {
  for (const day of days) for (const slot of day.slots) if (slot.start === start && slot.end === end) return slot;
  return null;
}

export { DAY };
