import { describe, expect, it } from 'vitest';
import { appointmentKindOf, formatLocalSpan } from '../../../server/dashboard/src/lib/appointment-format.js';

describe('appointment times on the order page', () => {
  it("when a slot is shown, then it reads in its place's time zone, across a daylight saving change too", () => {
    expect(formatLocalSpan('2030-03-05T15:00:00.000Z', '2030-03-05T16:00:00.000Z', 'America/Los_Angeles')).toBe('Tue, Mar 5, 07:00–08:00 (America/Los_Angeles)');
    expect(formatLocalSpan('2030-03-11T14:00:00.000Z', '2030-03-11T15:00:00.000Z', 'America/Los_Angeles')).toBe('Mon, Mar 11, 07:00–08:00 (America/Los_Angeles)');
    expect(formatLocalSpan('2030-03-05T07:00:00-08:00', null, 'America/New_York')).toBe('Tue, Mar 5, 10:00 (America/New_York)');
  });

  it('when an order is of a method with appointments, then the page knows its API segment', () => {
    expect([appointmentKindOf('at_home_phlebotomy'), appointmentKindOf('walk_in_test'), appointmentKindOf('testkit')]).toEqual(['phlebotomy', 'psc', null]);
  });
});
