/**
 * The slots of an availability answer and their booking keys, as the server now computes them
 * (each local day resolved once, every key of a place signed together by signPlaceKeys), against a
 * straightforward reference written here: every slot's instant, date and offsets asked of a
 * fresh Zone and every wall time of Intl, every key written out alone with createHmac, createHash and JSON.stringify. Same slots, same order,
 * same wall times, same key payloads and signatures, for random US zip codes and centers, random
 * start dates and clocks, and for zones whose clock changes at midnight or by half an hour.
 */
import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { keyFieldsOf, signBookingKey, signPlaceKeys, verifyBookingKey, type BookingKeyPayload, type KeyAddress } from '../../server/domain/lab-appointments/booking-key.js';
import { buildZipGrid, resolveUsZip } from '../../server/domain/lab-appointments/places.js';
import { centersNear, hash32, WEEKDAYS, type OpeningHours, type ServiceCenter } from '../../server/domain/lab-appointments/service-centers.js';
import { AVAILABILITY_DAYS, BOOKING_LEAD_MS, centerSlots, phlebotomySlots, type DaySlots } from '../../server/domain/lab-appointments/slots.js';
import { toDaySlots } from '../../server/domain/lab-appointments/views.js';
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

const localFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant as the patient reads it, from Intl alone: the wall time and the offset (`GMT-08:00`) the zone's formatter gives. */
function referenceLocal(timeZone: string, ms: number): string {
  let format = localFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZoneName: 'longOffset',
    });
    localFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, part.value]));
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName!.slice(3);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/** The reference: each window's start asked of the zone (wallToInstant), its date, both offsets and wall times too. */
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
      slots.push({
        start, end, start_local: referenceLocal(timeZone, start), end_local: referenceLocal(timeZone, end),
        price: w.price, is_priority: w.is_priority, capacity: w.capacity,
        key_fields: [start / 1000, end / 1000, w.capacity, Math.round(w.price * 100), w.is_priority ? 1 : 0].join('.'),
      });
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

  /** A key as the format in booking-key.ts describes it, written out here with createHmac, createHash and JSON.stringify. */
  function referenceKey(payload: BookingKeyPayload, secret: string, teamId: string): string {
    const a = payload.address;
    const place = [payload.kind === 'at_home_phlebotomy' ? 'h' : 'w', payload.provider, payload.location_code, payload.time_zone, payload.expires, a && [a.first_line, a.second_line, a.city, a.state, a.zip_code, a.access_notes]];
    const head = ['v3', Buffer.from(JSON.stringify(place)).toString('base64url'), payload.nonce].join('.');
    const fields = [payload.start, payload.end, payload.capacity, Math.round(payload.price * 100), payload.is_priority ? 1 : 0].join('.');
    const placeKey = createHmac('sha256', secret).update(`booking:${teamId.toLowerCase()}:${head}.`).digest('base64url');
    return `${head}.${fields}.${createHash('sha256').update(placeKey + fields).digest('base64url').slice(0, 22)}`;
  }

  const slotsArb = fc.array(fc.record({ start: fc.integer({ min: 0, max: 4e9 }), minutes: fc.constantFrom(30, 60), capacity: fc.integer({ min: 1, max: 4 }), is_priority: fc.boolean() }), { maxLength: 8 });

  it('when many keys are signed at once, then each is the reference key of its payload, shares the nonce of its place, and verifies to its payload', () => {
    fc.assert(fc.property(secretArb, teamArb, fc.constantFrom(ADDRESS, null), slotsArb, (secret, team_id, address, slots) => {
      const place = { kind: address ? 'at_home_phlebotomy' as const : 'walk_in_test' as const, provider: 'getlabs', location_code: '94110', time_zone: 'America/Los_Angeles', expires: 4_100_000_000, address };
      const keySlots = slots.map((s) => ({ start: s.start, end: s.start + s.minutes * 60, capacity: s.capacity, price: s.is_priority ? 25 : 0, is_priority: s.is_priority }));
      const keys = signPlaceKeys({ secret, team_id }, place, keySlots.map(keyFieldsOf));
      expect(keys).toHaveLength(slots.length);
      const nonces = new Set(keys.map((key) => key.split('.')[2]));
      expect(nonces.size).toBeLessThanOrEqual(1);
      keys.forEach((key, i) => {
        expect(key).toMatch(/^[A-Za-z0-9_.-]+$/);
        const nonce = key.split('.')[2]!;
        expect(nonce).toMatch(/^[A-Za-z0-9_-]{12}$/);
        const reference: BookingKeyPayload = { kind: place.kind, provider: place.provider, location_code: place.location_code, ...keySlots[i]!, time_zone: place.time_zone, expires: place.expires, address, nonce };
        expect(key).toBe(referenceKey(reference, secret, team_id));
        expect(key).toBe(signBookingKey(reference, { secret, team_id }));
        expect(verifyBookingKey(key, { secret, team_id, kind: place.kind, now: new Date(0) })).toEqual({ ok: true, payload: reference });
      });
    }), { numRuns: 200 });
  });

  it('when the same slots are signed again, then the nonce is new each time (a thousand answers, no nonce twice)', () => {
    const place = { kind: 'walk_in_test' as const, provider: 'quest', location_code: 'QD94139', time_zone: 'America/Los_Angeles', expires: 4_100_000_000, address: null };
    const signing = { secret: 's', team_id: '3f1c2b4a-1111-4222-8333-444455556666' };
    const nonces = Array.from({ length: 1_000 }, () => signPlaceKeys(signing, place, [keyFieldsOf({ start: 1_900_000_000, end: 1_900_001_800, capacity: 2, price: 0, is_priority: false })])[0]!.split('.')[2]!);
    expect(new Set(nonces).size).toBe(nonces.length);
    nonces.forEach((nonce) => expect(nonce).toMatch(/^[A-Za-z0-9_-]{12}$/));
  });

  it('when any character of a key is changed, or it is verified for another team or with another secret, then it is refused as forged', () => {
    const team_id = '3f1c2b4a-1111-4222-8333-444455556666';
    const payload: BookingKeyPayload = { kind: 'at_home_phlebotomy', provider: 'getlabs', location_code: '94110', start: 1_900_000_000, end: 1_900_003_600, capacity: 2, price: 25, is_priority: true, time_zone: 'America/Los_Angeles', expires: 4_100_000_000, address: ADDRESS };
    const key = signBookingKey(payload, { secret: 's', team_id });
    const verify = (text: string, input = { secret: 's', team_id }) => verifyBookingKey(text, { ...input, kind: 'at_home_phlebotomy', now: new Date(0) });
    expect(verify(key).ok).toBe(true);
    expect(verify(key, { secret: 's', team_id: team_id.toUpperCase() }).ok).toBe(true);
    expect(verify(key, { secret: 'other', team_id })).toMatchObject({ ok: false, reason: 'forged' });
    expect(verify(key, { secret: 's', team_id: '3f1c2b4a-1111-4222-8333-444455556667' })).toMatchObject({ ok: false, reason: 'forged' });
    fc.assert(fc.property(fc.nat({ max: key.length - 1 }), fc.constantFrom(...'AZaz09-_.x=+/ \u00e9'), (at, character) => {
      fc.pre(key[at] !== character);
      expect(verify(`${key.slice(0, at)}${character}${key.slice(at + 1)}`)).toMatchObject({ ok: false, reason: 'forged' });
    }), { numRuns: 300 });
    // The first format: the payload's JSON in base64url and a whole signature.
    const first = `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${createHmac('sha256', 's').update('x').digest('base64url')}`;
    expect(verify(first)).toMatchObject({ ok: false, reason: 'forged' });
    // The second format (v2): the same fields, one HMAC over all of them.
    const body = key.split('.').slice(0, 8).join('.').replace(/^v3\./, 'v2.');
    const second = `${body}.${createHmac('sha256', 's').update(`booking:${team_id}:${body}`).digest('base64url').slice(0, 22)}`;
    expect(verify(second)).toMatchObject({ ok: false, reason: 'forged' });
    // A v3 key whose slot is signed with the secret itself rather than with its place's key.
    const unkeyed = `${key.slice(0, key.lastIndexOf('.'))}.${createHash('sha256').update(`s${key.split('.').slice(3, 8).join('.')}`).digest('base64url').slice(0, 22)}`;
    expect(verify(unkeyed)).toMatchObject({ ok: false, reason: 'forged' });
    // A nonce this server would not read back is refused when signing, not when booking.
    expect(() => signBookingKey({ ...payload, nonce: 'a.b' }, { secret: 's', team_id })).toThrow(RangeError);
  });

  it("when an answer's slots are shaped, then each has its wall times in the zone, what is left of it, and a key of its own slot", () => {
    const signing = { secret: 'a-secret', team_id: '3f1c2b4a-1111-4222-8333-444455556666', now: new Date('2030-03-04T17:00:00.000Z') };
    fc.assert(fc.property(zipArb, dateArb, (zip, first) => {
      const place = resolveUsZip(zip)!;
      const days = phlebotomySlots({ provider: 'getlabs', zip, timeZone: place.time_zone, first, now: new Date(0) });
      // Every other slot has one appointment booked already; a slot of capacity 1 so booked is full and left out.
      const booked = new Map(days.flatMap((day) => day.slots.filter((_, i) => i % 2 === 0).map((slot) => [`${zip} ${slot.start}`, 1] as const)));
      const answer = toDaySlots({ days, kind: 'at_home_phlebotomy', provider: 'getlabs', location_code: zip, time_zone: place.time_zone, address: ADDRESS, location: null, booked, signing });
      const expected = days.map((day) => ({
        date: day.date,
        slots: day.slots.map((slot) => ({ slot, left: slot.capacity - (booked.get(`${zip} ${slot.start}`) ?? 0) })).filter(({ left }) => left > 0),
      })).filter((day) => day.slots.length > 0);
      expect(answer.map((day) => day.date)).toEqual(expected.map((day) => day.date));
      answer.forEach((day, d) => {
        expect(day.slots.map(({ booking_key: _, ...rest }) => rest)).toEqual(expected[d]!.slots.map(({ slot, left }) => ({
          start: referenceLocal(place.time_zone, slot.start), end: referenceLocal(place.time_zone, slot.end), expires_at: '2030-03-04T17:15:00.000Z', price: slot.price, is_priority: slot.is_priority, num_appointments_available: left,
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
