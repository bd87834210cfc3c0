/**
 * The slots of an availability answer and their booking keys, as the server now computes them
 * (each local day resolved once, every key of a place signed by one BookingKeySigner), against a
 * straightforward reference written here: every slot's instant, date and offsets asked of a
 * fresh Zone, every key signed alone with createHmac and JSON.stringify. Same slots, same order,
 * same wall times, same key payloads and signatures, for random US zip codes and centers, random
 * start dates and clocks, and for zones whose clock changes at midnight or by half an hour.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { BookingKeySigner, signBookingKey, verifyBookingKey, type BookingKeyPayload, type KeyAddress } from '../../server/domain/lab-appointments/booking-key.js';
import { buildZipGrid, resolveUsZip } from '../../server/domain/lab-appointments/places.js';
import { centersNear, hash32, WEEKDAYS, type OpeningHours, type ServiceCenter } from '../../server/domain/lab-appointments/service-centers.js';
import { AVAILABILITY_DAYS, BOOKING_LEAD_MS, centerSlots, phlebotomySlots, type DaySlots } from '../../server/domain/lab-appointments/slots.js';
import { localIso, toDaySlots } from '../../server/domain/lab-appointments/views.js';
import { addDays, utcMidnight, Zone } from '../../server/domain/synthetic/time-zone.js';

interface ReferenceWindow {
  startMinute: number;
  minutes: number;
  price: number;
  is_priority: boolean;
  capacity: number;
}

const weekday = (date: string) => WEEKDAYS[(new Date(utcMidnight(date)).getUTCDay() + 6) % 7]!;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The reference: each window's start asked of the zone (wallToInstant), its date and both offsets too. */
function referenceDays(timeZone: string, first: string, now: Date, windowsOf: (date: string) => ReferenceWindow[]): DaySlots[] {
  const zone = new Zone(timeZone);
  const days: DaySlots[] = [];
  for (let i = 0; i < AVAILABILITY_DAYS; i++) {
    const date = addDays(first, i);
    const slots = [];
    for (const w of windowsOf(date)) {
      const start = zone.wallToInstant(utcMidnight(date) + w.startMinute * 60_000);
      if (zone.localDateOf(start) !== date || start < now.getTime() + BOOKING_LEAD_MS) continue;
      const end = start + w.minutes * 60_000;
      slots.push({ start, end, start_offset: zone.offsetSecondsAt(start), end_offset: zone.offsetSecondsAt(end), price: w.price, is_priority: w.is_priority, capacity: w.capacity });
    }
    if (slots.length > 0) days.push({ date, slots });
  }
  return days;
}

function referencePhlebotomy(provider: string, zip: string, timeZone: string, first: string, now: Date): DaySlots[] {
  return referenceDays(timeZone, first, now, (date) => {
    const hours = weekday(date) === 'sunday' ? [] : weekday(date) === 'saturday' ? [7, 8, 9, 10] : [6, 7, 8, 9, 10, 11];
    return hours.map((hour) => ({ startMinute: hour * 60, minutes: 60, price: hour < 8 ? 25 : 0, is_priority: hour < 8, capacity: 1 + (hash32(`phlebotomy:${provider}:${zip}:${date}:${hour}`) % 2) }));
  });
}

function referenceCenter(center: ServiceCenter, first: string, now: Date): DaySlots[] {
  return referenceDays(center.time_zone, first, now, (date) => center.hours[weekday(date)].flatMap((period) => {
    const windows: ReferenceWindow[] = [];
    for (let minute = Math.ceil(minutesOf(period.start) / 30) * 30; minute + 30 <= minutesOf(period.end); minute += 60) {
      windows.push({ startMinute: minute, minutes: 30, price: 0, is_priority: false, capacity: 2 + (hash32(`center:${center.site_code}:${date}:${minute}`) % 3) });
    }
    return windows;
  }));
}

const US_ZIPS = Object.values(zipcodes.codes).filter((code) => code.country === 'US' && code.zip.length === 5).map((code) => code.zip).sort();
const zipArb = fc.integer({ min: 0, max: US_ZIPS.length - 1 }).map((i) => US_ZIPS[i]!);
/** A start date from 2020 to 2035 (every DST change of those years is in some answer's 14 days). */
const dateArb = fc.integer({ min: 0, max: 16 * 366 }).map((days) => addDays('2020-01-01', days));
/** The clock: from two days before the start date to two days into it (slots before now + lead are left out). */
const nowArb = (first: string) => fc.integer({ min: -2 * 86_400, max: 2 * 86_400 }).map((seconds) => new Date(utcMidnight(first) + seconds * 1000));

/** A center in any zone, open around the clock every day (clocks change on weekends), so that every clock change falls in its hours. */
function centerIn(timeZone: string): ServiceCenter {
  const day = [{ start: '00:00', end: '11:00' }, { start: '11:15', end: '23:59' }];
  const hours: OpeningHours = { timezone: timeZone, monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: day };
  return {
    lab: 'quest', lab_id: 2, site_code: 'QD99999', name: 'Test center', first_line: '1 Main St', second_line: null, city: 'Test', state: 'CA', zip_code: '99999',
    phone_number: '+12015550100', fax_number: null, website: 'https://example.com', lat: 0, lng: 0, time_zone: timeZone, hours, capabilities: ['appointment_scheduling_via_junction'], supported_bill_types: ['client_bill'],
  };
}

describe('availability slots', () => {
  it('when at-home slots are asked for any US zip code, start date and clock, then they are the reference slots, in order, with their offsets', () => {
    fc.assert(fc.property(zipArb, dateArb.chain((first) => fc.tuple(fc.constant(first), nowArb(first))), fc.constantFrom('getlabs', 'phlebfinders'), (zip, [first, now], provider) => {
      const place = resolveUsZip(zip)!;
      expect(phlebotomySlots({ provider, zip, timeZone: place.time_zone, first, now })).toEqual(referencePhlebotomy(provider, zip, place.time_zone, first, now));
    }), { numRuns: 300 });
  }, 120_000);

  it("when a center's slots are asked for, then they are the reference slots of its hours in its zone", () => {
    const grid = buildZipGrid();
    fc.assert(fc.property(zipArb, dateArb.chain((first) => fc.tuple(fc.constant(first), nowArb(first))), (zip, [first, now]) => {
      const place = resolveUsZip(zip)!;
      for (const { center } of centersNear(grid, place, 25, ['quest', 'labcorp', 'sonora_quest', 'bioreference']).slice(0, 3)) {
        expect(centerSlots({ center, first, now })).toEqual(referenceCenter(center, first, now));
      }
    }), { numRuns: 150 });
  }, 120_000);

  it('when the clock changes in a window (at midnight, by half an hour, backwards), then the slots are still the reference ones', () => {
    const zones = ['America/New_York', 'America/Santiago', 'America/Havana', 'Asia/Beirut', 'Australia/Lord_Howe', 'Europe/London', 'Pacific/Chatham', 'America/Sao_Paulo', 'Africa/Cairo', 'Asia/Tehran', 'UTC'];
    fc.assert(fc.property(fc.constantFrom(...zones), dateArb, (timeZone, first) => {
      const now = new Date(utcMidnight(first) - 3 * 86_400_000);
      expect(centerSlots({ center: centerIn(timeZone), first, now })).toEqual(referenceCenter(centerIn(timeZone), first, now));
    }), { numRuns: 400 });
  }, 120_000);
});

describe('booking keys of an answer', () => {
  const ADDRESS: KeyAddress = { first_line: '2417 Mission St.', second_line: 'Apt. "3"', city: 'San Francisco', state: 'CA', zip_code: '94110', access_notes: 'Side gate \u00e9\u2028.' };
  const secretArb = fc.string({ minLength: 1, maxLength: 100 });
  const teamArb = fc.uuid().map((id) => id.toUpperCase());

  it('when many keys are signed at once, then each is the key signBookingKey makes of the same payload and nonce, and verifies', () => {
    fc.assert(fc.property(secretArb, teamArb, fc.constantFrom(ADDRESS, null), fc.array(fc.record({ start: fc.integer({ min: 0, max: 4e9 }), minutes: fc.constantFrom(30, 60), capacity: fc.integer({ min: 1, max: 4 }), is_priority: fc.boolean() }), { maxLength: 8 }), (secret, team_id, address, slots) => {
      const place = { kind: address ? 'at_home_phlebotomy' as const : 'walk_in_test' as const, provider: 'getlabs', location_code: '94110', time_zone: 'America/Los_Angeles', expires: 4_100_000_000, address };
      const keySlots = slots.map((s) => ({ start: s.start, end: s.start + s.minutes * 60, capacity: s.capacity, price: s.is_priority ? 25 : 0, is_priority: s.is_priority }));
      const keys = new BookingKeySigner({ secret, team_id }).signAll(place, keySlots);
      expect(keys).toHaveLength(slots.length);
      expect(new Set(keys).size).toBe(keys.length);
      keys.forEach((key, i) => {
        const payload = JSON.parse(Buffer.from(key.split('.')[0]!, 'base64url').toString('utf8')) as BookingKeyPayload;
        expect(payload.nonce).toMatch(/^[A-Za-z0-9_-]{8}$/);
        const reference: BookingKeyPayload = { kind: place.kind, provider: place.provider, location_code: place.location_code, ...keySlots[i]!, time_zone: place.time_zone, expires: place.expires, address, nonce: payload.nonce! };
        // The same text as JSON.stringify writes (field order included), signed the same way.
        expect(key).toBe(signBookingKey(reference, { secret, team_id }));
        expect(verifyBookingKey(key, { secret, team_id, kind: place.kind, now: new Date(0) })).toEqual({ ok: true, payload: reference });
      });
    }), { numRuns: 200 });
  });

  it("when an answer's slots are shaped, then each has its wall times in the zone, what is left of it, and a key of its own slot", () => {
    const signing = { secret: 'a-secret', team_id: '3f1c2b4a-1111-4222-8333-444455556666', now: new Date('2030-03-04T17:00:00.000Z') };
    fc.assert(fc.property(zipArb, dateArb, (zip, first) => {
      const place = resolveUsZip(zip)!;
      const days = phlebotomySlots({ provider: 'getlabs', zip, timeZone: place.time_zone, first, now: new Date(0) });
      // Every other slot has one appointment booked already; a slot of capacity 1 so booked is full and left out.
      const booked = new Map(days.flatMap((day) => day.slots.filter((_, i) => i % 2 === 0).map((slot) => [`${zip} ${slot.start}`, 1] as const)));
      const answer = toDaySlots({ days, kind: 'at_home_phlebotomy', provider: 'getlabs', location_code: zip, time_zone: place.time_zone, address: ADDRESS, location: null, booked, signing });
      const zone = new Zone(place.time_zone);
      const expected = days.map((day) => ({
        date: day.date,
        slots: day.slots.map((slot) => ({ slot, left: slot.capacity - (booked.get(`${zip} ${slot.start}`) ?? 0) })).filter(({ left }) => left > 0),
      })).filter((day) => day.slots.length > 0);
      expect(answer.map((day) => day.date)).toEqual(expected.map((day) => day.date));
      answer.forEach((day, d) => {
        expect(day.slots.map(({ booking_key: _, ...rest }) => rest)).toEqual(expected[d]!.slots.map(({ slot, left }) => ({
          start: localIso(zone, slot.start), end: localIso(zone, slot.end), expires_at: '2030-03-04T17:15:00.000Z', price: slot.price, is_priority: slot.is_priority, num_appointments_available: left,
        })));
        day.slots.forEach((s, i) => {
          const verdict = verifyBookingKey(s.booking_key, { ...signing, kind: 'at_home_phlebotomy' });
          const slot = expected[d]!.slots[i]!.slot;
          expect(verdict.ok && verdict.payload).toMatchObject({ start: slot.start / 1000, end: slot.end / 1000, capacity: slot.capacity, address: ADDRESS, location_code: zip });
        });
      });
    }), { numRuns: 100 });
  }, 60_000);
});
