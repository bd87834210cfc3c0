/** PATCH /v3/order/{order_id}/phlebotomy/appointment/cancel: Cancel a phlebotomy appointment. */
import { checkEqual } from '../../assertions.js';
import { bookedOrder } from '../../appointments.js';
import { otherTeamsOrder } from '../../lab-results.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { newUser } from '../../world.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;

const call = (client: TeamClient, order_id: string, body: TeamSchemas['AppointmentCancelRequest']) => client.PATCH('/v3/order/{order_id}/phlebotomy/appointment/cancel', { params: { path: { order_id } }, body });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'cancelPhlebotomyAppointment',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => {
    const user = await newUser(a);
    const order = await bookedOrder(a.team, user.user_id, 'at_home_phlebotomy');
    return { method: 'PATCH', path: `/v3/order/${order.id}/phlebotomy/appointment/cancel`, body: { cancellation_reason_id: '8b3f4e5d-0c6a-4d91-9e32-4f5a6b7c8d93' } };
  },
  checks: [
    always('cancels the appointment: the order is appointment_cancelled; on a mock the first example', async (t) => {
      const order = await bookedOrder(t.team, (await t.fixtures.createUser()).user_id, 'at_home_phlebotomy');
      const cancelled = t.expect.successOrFirstExample<TeamSchemas['ClientFacingAppointment']>('team', 'cancelPhlebotomyAppointment', await call(t.team, order.id, { cancellation_reason_id: '8b3f4e5d-0c6a-4d91-9e32-4f5a6b7c8d93' }));
      if (!t.isMock) checkEqual(cancelled.status, 'cancelled', 'the appointment status');
    }),
    notOnMock('domain-rules', '422 naming cancellation_reason_id for an id that is no cancellation reason', async (t) => {
      const order = await bookedOrder(t.team, (await t.fixtures.createUser()).user_id, 'at_home_phlebotomy');
      t.expect.validation('team', 'cancelPhlebotomyAppointment', await call(t.team, order.id, { cancellation_reason_id: UNKNOWN_ID }), [{ loc: ['body', 'cancellation_reason_id'] }]);
    }),
    notOnMock('state', '409 for an appointment cancelled before', async (t) => {
      const order = await bookedOrder(t.team, (await t.fixtures.createUser()).user_id, 'at_home_phlebotomy');
      t.expect.success('team', 'cancelPhlebotomyAppointment', await call(t.team, order.id, { cancellation_reason_id: '8b3f4e5d-0c6a-4d91-9e32-4f5a6b7c8d93' }));
      t.expect.error('team', 'cancelPhlebotomyAppointment', await call(t.team, order.id, { cancellation_reason_id: '8b3f4e5d-0c6a-4d91-9e32-4f5a6b7c8d93' }), 409);
    }),
    pathNotAUuid('cancelPhlebotomyAppointment', 'order_id', (t) => call(t.team, NOT_A_UUID, { cancellation_reason_id: '8b3f4e5d-0c6a-4d91-9e32-4f5a6b7c8d93' })),
    notFound('cancelPhlebotomyAppointment', '404 for an unknown order_id', (t) => call(t.team, UNKNOWN_ID, { cancellation_reason_id: '8b3f4e5d-0c6a-4d91-9e32-4f5a6b7c8d93' })),
    otherTeamsOrder('cancelPhlebotomyAppointment', (client, id) => call(client, id, { cancellation_reason_id: '8b3f4e5d-0c6a-4d91-9e32-4f5a6b7c8d93' })),
    missingKey('cancelPhlebotomyAppointment', (t) => call(t.teamWithoutKey, UNKNOWN_ID, { cancellation_reason_id: '8b3f4e5d-0c6a-4d91-9e32-4f5a6b7c8d93' })),
    unknownKey('cancelPhlebotomyAppointment', (_t, client) => call(client, UNKNOWN_ID, { cancellation_reason_id: '8b3f4e5d-0c6a-4d91-9e32-4f5a6b7c8d93' })),
  ],
};
