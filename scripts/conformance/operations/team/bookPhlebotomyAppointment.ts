/** POST /v3/order/{order_id}/phlebotomy/appointment/book: Book a phlebotomy appointment. */
import { checkEqual } from '../../assertions.js';
import { appointmentOrder, bookedOrder, bookingKey } from '../../appointments.js';
import { otherTeamsOrder } from '../../lab-results.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { newUser } from '../../world.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;

const call = (client: TeamClient, order_id: string, body: TeamSchemas['AppointmentBookingRequest']) => client.POST('/v3/order/{order_id}/phlebotomy/appointment/book', { params: { path: { order_id } }, body });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'bookPhlebotomyAppointment',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => {
    const user = await newUser(a);
    const order = await appointmentOrder(a.team, user.user_id, 'at_home_phlebotomy');
    return { method: 'POST', path: `/v3/order/${order.id}/phlebotomy/appointment/book`, body: { booking_key: await bookingKey(a.team, 'at_home_phlebotomy') } };
  },
  checks: [
    always('books a slot: the order is appointment_scheduled; on a mock the first example', async (t) => {
      const { user_id } = await t.fixtures.createUser();
      const order = await appointmentOrder(t.team, user_id, 'at_home_phlebotomy');
      const booked = t.expect.successOrFirstExample<TeamSchemas['ClientFacingAppointment']>('team', 'bookPhlebotomyAppointment', await call(t.team, order.id, { booking_key: await bookingKey(t.team, 'at_home_phlebotomy') }));
      if (!t.isMock) {
        checkEqual(booked.status, 'confirmed', 'the appointment status');
        const read = await t.team.GET('/v3/order/{order_id}', { params: { path: { order_id: order.id } } });
        checkEqual(read.data?.last_event.status, 'collecting_sample.at_home_phlebotomy.appointment_scheduled', "the order's status");
      }
    }),
    notOnMock('domain-rules', '422 naming booking_key for a key the server did not give', async (t) => {
      const { user_id } = await t.fixtures.createUser();
      const order = await appointmentOrder(t.team, user_id, 'at_home_phlebotomy');
      t.expect.validation('team', 'bookPhlebotomyAppointment', await call(t.team, order.id, { booking_key: 'forged.key' }), [{ loc: ['body', 'booking_key'] }]);
    }),
    notOnMock('domain-rules', '422 naming booking_key for a key of the other kind of appointment', async (t) => {
      const { user_id } = await t.fixtures.createUser();
      const order = await appointmentOrder(t.team, user_id, 'at_home_phlebotomy');
      t.expect.validation('team', 'bookPhlebotomyAppointment', await call(t.team, order.id, { booking_key: await bookingKey(t.team, 'walk_in_test') }), [{ loc: ['body', 'booking_key'] }]);
    }),
    notOnMock('state', '409 for an order that has an appointment already', async (t) => {
      const order = await bookedOrder(t.team, (await t.fixtures.createUser()).user_id, 'at_home_phlebotomy');
      t.expect.error('team', 'bookPhlebotomyAppointment', await call(t.team, order.id, { booking_key: await bookingKey(t.team, 'at_home_phlebotomy') }), 409);
    }),
    notOnMock('state', '400 for an order of another collection method', async (t) => {
      const order = await appointmentOrder(t.team, (await t.fixtures.createUser()).user_id, 'walk_in_test');
      t.expect.error('team', 'bookPhlebotomyAppointment', await call(t.team, order.id, { booking_key: await bookingKey(t.team, 'at_home_phlebotomy') }), 400);
    }),
    pathNotAUuid('bookPhlebotomyAppointment', 'order_id', (t) => call(t.team, NOT_A_UUID, { booking_key: 'forged.key' })),
    notFound('bookPhlebotomyAppointment', '404 for an unknown order_id', (t) => call(t.team, UNKNOWN_ID, { booking_key: 'forged.key' })),
    otherTeamsOrder('bookPhlebotomyAppointment', (client, id) => call(client, id, { booking_key: 'forged.key' })),
    missingKey('bookPhlebotomyAppointment', (t) => call(t.teamWithoutKey, UNKNOWN_ID, { booking_key: 'forged.key' })),
    unknownKey('bookPhlebotomyAppointment', (_t, client) => call(client, UNKNOWN_ID, { booking_key: 'forged.key' })),
  ],
};
