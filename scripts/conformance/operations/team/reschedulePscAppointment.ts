/** PATCH /v3/order/{order_id}/psc/appointment/reschedule: Reschedule a psc appointment. */
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

const call = (client: TeamClient, order_id: string, body: TeamSchemas['AppointmentRescheduleRequest']) => client.PATCH('/v3/order/{order_id}/psc/appointment/reschedule', { params: { path: { order_id } }, body });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'reschedulePscAppointment',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => {
    const user = await newUser(a);
    const order = await bookedOrder(a.team, user.user_id, 'walk_in_test');
    return { method: 'PATCH', path: `/v3/order/${order.id}/psc/appointment/reschedule`, body: { booking_key: await bookingKey(a.team, 'walk_in_test', 3) } };
  },
  checks: [
    always('moves the appointment to another slot: on a mock the first example', async (t) => {
      const order = await bookedOrder(t.team, (await t.fixtures.createUser()).user_id, 'walk_in_test');
      const key = await bookingKey(t.team, 'walk_in_test', 3);
      const moved = t.expect.successOrFirstExample<TeamSchemas['ClientFacingAppointment']>('team', 'reschedulePscAppointment', await call(t.team, order.id, { booking_key: key }));
      if (!t.isMock) checkEqual(moved.events.length, 2, 'the events of a rescheduled appointment');
    }),
    notOnMock('state', '404 for an order without an appointment', async (t) => {
      const order = await appointmentOrder(t.team, (await t.fixtures.createUser()).user_id, 'walk_in_test');
      t.expect.error('team', 'reschedulePscAppointment', await call(t.team, order.id, { booking_key: await bookingKey(t.team, 'walk_in_test', 3) }), 404);
    }),
    pathNotAUuid('reschedulePscAppointment', 'order_id', (t) => call(t.team, NOT_A_UUID, { booking_key: 'forged.key' })),
    notFound('reschedulePscAppointment', '404 for an unknown order_id', (t) => call(t.team, UNKNOWN_ID, { booking_key: 'forged.key' })),
    otherTeamsOrder('reschedulePscAppointment', (client, id) => call(client, id, { booking_key: 'forged.key' })),
    missingKey('reschedulePscAppointment', (t) => call(t.teamWithoutKey, UNKNOWN_ID, { booking_key: 'forged.key' })),
    unknownKey('reschedulePscAppointment', (_t, client) => call(client, UNKNOWN_ID, { booking_key: 'forged.key' })),
  ],
};
