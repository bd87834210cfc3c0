/** PATCH /v3/order/{order_id}/psc/appointment/cancel: Cancel a psc appointment. */
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

const call = (client: TeamClient, order_id: string, body: TeamSchemas['PscAppointmentCancelRequest']) => client.PATCH('/v3/order/{order_id}/psc/appointment/cancel', { params: { path: { order_id } }, body });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'cancelPscAppointment',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => {
    const user = await newUser(a);
    const order = await bookedOrder(a.team, user.user_id, 'walk_in_test');
    return { method: 'PATCH', path: `/v3/order/${order.id}/psc/appointment/cancel`, body: { cancellationReasonId: 'd08e9dac-5b1f-4ce6-8d87-9eafb0c1d2e8' } };
  },
  checks: [
    always('cancels the appointment: the order is appointment_cancelled; on a mock the first example', async (t) => {
      const order = await bookedOrder(t.team, (await t.fixtures.createUser()).user_id, 'walk_in_test');
      const cancelled = t.expect.successOrFirstExample<TeamSchemas['ClientFacingAppointment']>('team', 'cancelPscAppointment', await call(t.team, order.id, { cancellationReasonId: 'd08e9dac-5b1f-4ce6-8d87-9eafb0c1d2e8' }));
      if (!t.isMock) checkEqual(cancelled.status, 'cancelled', 'the appointment status');
    }),
    notOnMock('domain-rules', '422 naming cancellationReasonId for an id that is no cancellation reason', async (t) => {
      const order = await bookedOrder(t.team, (await t.fixtures.createUser()).user_id, 'walk_in_test');
      t.expect.validation('team', 'cancelPscAppointment', await call(t.team, order.id, { cancellationReasonId: UNKNOWN_ID }), [{ loc: ['body', 'cancellationReasonId'] }]);
    }),
    notOnMock('state', '409 for an appointment cancelled before', async (t) => {
      const order = await bookedOrder(t.team, (await t.fixtures.createUser()).user_id, 'walk_in_test');
      t.expect.success('team', 'cancelPscAppointment', await call(t.team, order.id, { cancellationReasonId: 'd08e9dac-5b1f-4ce6-8d87-9eafb0c1d2e8' }));
      t.expect.error('team', 'cancelPscAppointment', await call(t.team, order.id, { cancellationReasonId: 'd08e9dac-5b1f-4ce6-8d87-9eafb0c1d2e8' }), 409);
    }),
    pathNotAUuid('cancelPscAppointment', 'order_id', (t) => call(t.team, NOT_A_UUID, { cancellationReasonId: 'd08e9dac-5b1f-4ce6-8d87-9eafb0c1d2e8' })),
    notFound('cancelPscAppointment', '404 for an unknown order_id', (t) => call(t.team, UNKNOWN_ID, { cancellationReasonId: 'd08e9dac-5b1f-4ce6-8d87-9eafb0c1d2e8' })),
    otherTeamsOrder('cancelPscAppointment', (client, id) => call(client, id, { cancellationReasonId: 'd08e9dac-5b1f-4ce6-8d87-9eafb0c1d2e8' })),
    missingKey('cancelPscAppointment', (t) => call(t.teamWithoutKey, UNKNOWN_ID, { cancellationReasonId: 'd08e9dac-5b1f-4ce6-8d87-9eafb0c1d2e8' })),
    unknownKey('cancelPscAppointment', (_t, client) => call(client, UNKNOWN_ID, { cancellationReasonId: 'd08e9dac-5b1f-4ce6-8d87-9eafb0c1d2e8' })),
  ],
};
