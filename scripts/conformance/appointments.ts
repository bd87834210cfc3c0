/**
 * What the checks of the appointment operations share: an at-home or walk-in order of a new
 * user (the team's standard lab tests), a slot's booking key from the availability operations
 * (around the San Francisco zip code 94110, where both kinds have slots), and an order with a
 * booked appointment. On a mock the availability answers its example, whose key books the
 * mock's example too.
 */
import type { TeamClient, TeamSchemas } from '../../server/client/index.js';
import { fail } from './assertions.js';
import { must } from './operation.js';
import { orderBody } from './values.js';

export type AppointmentKind = 'at_home_phlebotomy' | 'walk_in_test';

/** The standard lab tests every team has, by collection method (server/domain/lab-tests/catalog.ts). */
const STANDARD_LAB_TEST: Record<AppointmentKind, string> = {
  walk_in_test: '0b1f8a3e-3c57-4d0f-9b5e-3f7a8d2c1e01',
  at_home_phlebotomy: '1c2e9b4f-4d68-4e10-8c6f-4a8b9e3d2f12',
};

export const APPOINTMENT_ADDRESS: TeamSchemas['USAddress'] = { first_line: '2417 Mission St.', second_line: 'Apt. 3', city: 'San Francisco', state: 'CA', zip_code: '94110', access_notes: null };

/** A new order of `kind` for a user of the client's team. */
export async function appointmentOrder(client: TeamClient, userId: string, kind: AppointmentKind): Promise<TeamSchemas['Order']> {
  const answer = must('createOrder', await client.POST('/v3/order', { body: { ...orderBody(userId), order_set: { lab_test_ids: [STANDARD_LAB_TEST[kind]] } } }));
  return answer.order as TeamSchemas['Order'];
}

/** The free slots of `kind` around 94110, from the availability operation of that kind. */
export async function availability(client: TeamClient, kind: AppointmentKind): Promise<TeamSchemas['AppointmentAvailabilitySlots']> {
  return kind === 'at_home_phlebotomy'
    ? must('getPhlebotomyAppointmentAvailability', await client.POST('/v3/order/phlebotomy/appointment/availability', { body: APPOINTMENT_ADDRESS }))
    : must('getPscAppointmentAvailability', await client.POST('/v3/order/psc/appointment/availability', { params: { query: { lab: 'quest', zip_code: '94110' } } }));
}

/**
 * A booking key of `kind`: the first slot starting at least `daysAhead` days from now (beyond the
 * 24-hour reschedule cut-off when 2 or more), or the first slot at all.
 */
export async function bookingKey(client: TeamClient, kind: AppointmentKind, daysAhead = 0): Promise<string> {
  const slots = (await availability(client, kind)).slots.flatMap((day) => day.slots);
  const after = Date.now() + daysAhead * 86_400_000;
  const slot = slots.find((s) => Date.parse(s.start) >= after) ?? slots[0];
  if (!slot?.booking_key) fail(`no ${kind} slot with a booking key around 94110`);
  return slot.booking_key;
}

const BOOK_PATH = { at_home_phlebotomy: '/v3/order/{order_id}/phlebotomy/appointment/book', walk_in_test: '/v3/order/{order_id}/psc/appointment/book' } as const;

/** A new order of `kind` with an appointment booked at least two days ahead (it can be rescheduled). */
export async function bookedOrder(client: TeamClient, userId: string, kind: AppointmentKind): Promise<TeamSchemas['Order']> {
  const order = await appointmentOrder(client, userId, kind);
  must('book', await client.POST(BOOK_PATH[kind], { params: { path: { order_id: order.id } }, body: { booking_key: await bookingKey(client, kind, 2) } }));
  return order;
}
