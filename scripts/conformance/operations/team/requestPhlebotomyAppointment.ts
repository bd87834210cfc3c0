/** POST /v3/order/{order_id}/phlebotomy/appointment/request: Request a phlebotomy appointment. */
import { checkEqual } from '../../assertions.js';
import { appointmentOrder, APPOINTMENT_ADDRESS } from '../../appointments.js';
import { otherTeamsOrder } from '../../lab-results.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { newUser } from '../../world.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;

const call = (client: TeamClient, order_id: string, body: TeamSchemas['RequestAppointmentRequest']) => client.POST('/v3/order/{order_id}/phlebotomy/appointment/request', { params: { path: { order_id } }, body });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'requestPhlebotomyAppointment',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => {
    const user = await newUser(a);
    const order = await appointmentOrder(a.team, user.user_id, 'at_home_phlebotomy');
    return { method: 'POST', path: `/v3/order/${order.id}/phlebotomy/appointment/request`, body: { address: APPOINTMENT_ADDRESS, provider: 'phlebfinders' } };
  },
  checks: [
    always('requests a visit: a pending appointment; on a mock the first example', async (t) => {
      const order = await appointmentOrder(t.team, (await t.fixtures.createUser()).user_id, 'at_home_phlebotomy');
      const pending = t.expect.successOrFirstExample<TeamSchemas['ClientFacingAppointment']>('team', 'requestPhlebotomyAppointment', await call(t.team, order.id, { address: APPOINTMENT_ADDRESS, provider: 'phlebfinders' }));
      if (!t.isMock) checkEqual(pending.status, 'pending', 'the appointment status');
    }),
    notOnMock('domain-rules', '422 naming provider for a provider that takes no requests there', async (t) => {
      const order = await appointmentOrder(t.team, (await t.fixtures.createUser()).user_id, 'at_home_phlebotomy');
      t.expect.validation('team', 'requestPhlebotomyAppointment', await call(t.team, order.id, { address: APPOINTMENT_ADDRESS, provider: 'getlabs' }), [{ loc: ['body', 'provider'] }]);
    }),
    pathNotAUuid('requestPhlebotomyAppointment', 'order_id', (t) => call(t.team, NOT_A_UUID, { address: APPOINTMENT_ADDRESS, provider: 'phlebfinders' })),
    notFound('requestPhlebotomyAppointment', '404 for an unknown order_id', (t) => call(t.team, UNKNOWN_ID, { address: APPOINTMENT_ADDRESS, provider: 'phlebfinders' })),
    otherTeamsOrder('requestPhlebotomyAppointment', (client, id) => call(client, id, { address: APPOINTMENT_ADDRESS, provider: 'phlebfinders' })),
    missingKey('requestPhlebotomyAppointment', (t) => call(t.teamWithoutKey, UNKNOWN_ID, { address: APPOINTMENT_ADDRESS, provider: 'phlebfinders' })),
    unknownKey('requestPhlebotomyAppointment', (_t, client) => call(client, UNKNOWN_ID, { address: APPOINTMENT_ADDRESS, provider: 'phlebfinders' })),
  ],
};
