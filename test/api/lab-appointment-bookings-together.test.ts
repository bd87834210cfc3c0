/**
 * Bookings sent together are made together (bookAppointments, behind the book handlers' group
 * commit), and each answers as if the bookings had been made one after the other, in the order
 * given. Checked against the same bookings made one at a time, on orders and a slot of their own
 * in the same state: the same order or key twice, more bookings than the slot holds, an order of
 * the wrong collection method, another team's order, a forged key.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appointmentDeps } from '../../server/http/handlers/team/appointment-views.js';
import { bookAppointments, type AppointmentOutcome, type BookingInput } from '../../server/jobs/lab-appointments/appointments.js';
import { orderBody } from './lab-order-fixtures.js';
import { apiEngines, expectStatus, useApiApp, type ApiApp, type TeamSchemas } from './helpers.js';

type Slots = TeamSchemas['AppointmentAvailabilitySlots'];

/** Monday 2030-03-04, 09:00 in San Francisco (17:00 UTC). */
const NOW = new Date('2030-03-04T17:00:00.000Z');
const WALK_IN = '0b1f8a3e-3c57-4d0f-9b5e-3f7a8d2c1e01';
const AT_HOME = '1c2e9b4f-4d68-4e10-8c6f-4a8b9e3d2f12';

async function placeOrder(ctx: ApiApp, labTestId: string, key?: string): Promise<string> {
  const user = await ctx.newUser({}, key);
  return expectStatus<TeamSchemas['OrderResponse']>(await ctx.team(key).post('/v3/order').send(orderBody(user.user_id, { order_set: { lab_test_ids: [labTestId] } })), 200).order.id;
}

const pscSlots = async (ctx: ApiApp) => expectStatus<Slots>(await ctx.team().post('/v3/order/psc/appointment/availability?lab=quest&zip_code=94110&radius=25'), 200);
const slotsOf = (answer: Slots) => answer.slots.flatMap((day) => day.slots.map((slot) => ({ name: `${day.location!.code} ${slot.start}`, capacity: slot.num_appointments_available, key: slot.booking_key! })));

/** An answer with what differs between two arms (ids, times) left out. */
function shapeOf(outcome: AppointmentOutcome) {
  if (outcome.ok) return { ok: true, appointment: outcome.appointment.status, order: outcome.order.status };
  const { ok: _ok, ...refused } = outcome;
  return JSON.parse(JSON.stringify(refused).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>').replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>')) as unknown;
}

describe.each(apiEngines)('bookings made together on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  beforeEach(() => ctx.server.setNow(NOW));
  afterEach(() => ctx.server.setNow(null));

  it('when bookings of the same orders, keys and slot come together, then each answers as it would one after the other, in order', async () => {
    const other = await ctx.otherTeam();
    const used = new Set<string>();
    /** Orders (three walk-in, one at-home, one of another team) and keys (three of one free slot of `capacity`, one forged). */
    const arm = async (capacity: number) => {
      const slot = slotsOf(await pscSlots(ctx)).find((s) => s.capacity === capacity && !used.has(s.name))!;
      used.add(slot.name);
      const keys = [slot.key];
      for (let i = 1; i < 3; i++) keys.push(slotsOf(await pscSlots(ctx)).find((s) => s.name === slot.name)!.key);
      keys.push(`${slot.key.slice(0, -4)}AAAA`);
      const orders = [...(await Promise.all([WALK_IN, WALK_IN, WALK_IN, AT_HOME].map((test) => placeOrder(ctx, test)))), await placeOrder(ctx, WALK_IN, other.apiKey)];
      return (pick: { order: number; key: number }): BookingInput => ({ team_id: ctx.server.teamId, order_id: orders[pick.order]!, kind: 'walk_in_test', booking_key: keys[pick.key]!, notes: null });
    };
    const deps = appointmentDeps(ctx.server.deps);
    await fc.assert(fc.asyncProperty(
      fc.array(fc.record({ order: fc.nat(4), key: fc.nat(3) }), { minLength: 1, maxLength: 8 }),
      fc.constantFrom(2, 3),
      async (picks, capacity) => {
        const [together, alone] = [await arm(capacity), await arm(capacity)];
        const answers = await bookAppointments(deps, picks.map(together));
        const oneByOne: AppointmentOutcome[] = [];
        for (const pick of picks) oneByOne.push(...(await bookAppointments(deps, [alone(pick)])));
        expect(answers.map(shapeOf)).toEqual(oneByOne.map(shapeOf));
        // Never more than the slot holds, never an order booked twice.
        expect(answers.filter((a) => a.ok).length).toBeLessThanOrEqual(capacity);
        const booked = answers.flatMap((a) => (a.ok ? [a.order.id] : []));
        expect(new Set(booked).size).toBe(booked.length);
      },
    ), {
      numRuns: 10,
      examples: [
        // More bookings than the slot holds; the same order twice; the same key twice.
        [[{ order: 0, key: 0 }, { order: 1, key: 1 }, { order: 2, key: 2 }], 2],
        [[{ order: 0, key: 0 }, { order: 0, key: 1 }, { order: 1, key: 1 }], 3],
        [[{ order: 0, key: 0 }, { order: 1, key: 0 }, { order: 3, key: 2 }, { order: 4, key: 1 }, { order: 2, key: 3 }], 2],
        // The slot's last place goes to the booking sent first, though a later one's order and key come only once.
        [[{ order: 0, key: 0 }, { order: 1, key: 0 }, { order: 1, key: 2 }, { order: 2, key: 1 }], 2],
      ],
    });
  }, 120_000);
});
