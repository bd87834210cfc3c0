/**
 * "Today" in a place's time zone, as availability answers and the simulation take it from the
 * kept local days (todayAt), against the zone's formatter asked for now's offset (todayIn): the
 * same date for any instant in zones whose offsets reach a day either side, skip a date, or
 * change at midnight; with the days kept and with the cache switched off.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { todayIn } from '../../server/domain/lab-appointments/slots.js';
import { createLabAppointmentCaches } from '../../server/jobs/lab-appointments/caches.js';
import { todayAt } from '../../server/jobs/lab-appointments/context.js';
import { CacheRegistry } from '../../server/shared/cache.js';

const ZONES = ['America/Los_Angeles', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Apia', 'Pacific/Pago_Pago', 'America/Santiago', 'America/Havana', 'Asia/Tehran', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC', 'Etc/GMT+12'];
// Around Samoa's skipped 2011-12-30 and the DST changes of the 2020s and 2030s.
const instantArb = fc.oneof(fc.integer({ min: Date.UTC(2011, 11, 25), max: Date.UTC(2012, 0, 5) }), fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }));

describe('today in a time zone', () => {
  it('when the local days are kept or not, then today is the date the zone reads now', () => {
    const kept = { caches: createLabAppointmentCaches(new CacheRegistry()) };
    const off = { caches: createLabAppointmentCaches(new CacheRegistry({ off: 'all' })) };
    fc.assert(fc.property(fc.constantFrom(...ZONES), instantArb, (zone, ms) => {
      const now = new Date(ms);
      const expected = todayIn(zone, now);
      expect(todayAt(kept, zone, now)).toBe(expected);
      expect(todayAt(off, zone, now)).toBe(expected);
    }), { numRuns: 2_000 });
  });

  it('when now is the first or the last second of a local day, then today is that day', () => {
    const deps = { caches: createLabAppointmentCaches(new CacheRegistry()) };
    // 2026-03-08 in Los Angeles: 08:00Z to 07:00Z the next day (23 hours, the clock springs forward).
    expect(todayAt(deps, 'America/Los_Angeles', new Date('2026-03-08T08:00:00.000Z'))).toBe('2026-03-08');
    expect(todayAt(deps, 'America/Los_Angeles', new Date('2026-03-09T06:59:59.999Z'))).toBe('2026-03-08');
    expect(todayAt(deps, 'America/Los_Angeles', new Date('2026-03-09T07:00:00.000Z'))).toBe('2026-03-09');
    expect(todayAt(deps, 'Pacific/Kiritimati', new Date('2026-03-08T10:00:00.000Z'))).toBe('2026-03-09');
  });
});
