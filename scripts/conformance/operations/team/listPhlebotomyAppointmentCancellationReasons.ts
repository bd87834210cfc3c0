/** GET /v3/order/phlebotomy/appointment/cancellation-reasons: Get phlebotomy appointment cancellation reasons. */
import { check, checkEqual } from '../../assertions.js';
import { always, type OperationDefinition } from '../../operation.js';
import { teamKeyChecks } from '../../shared-checks.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { missingKey, unknownKey } = teamKeyChecks;

const call = (client: TeamClient) => client.GET('/v3/order/phlebotomy/appointment/cancellation-reasons');

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'listPhlebotomyAppointmentCancellationReasons',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: '/v3/order/phlebotomy/appointment/cancellation-reasons' }),
  checks: [
    always('lists the reasons: on a mock the first example', async (t) => {
      const reasons = t.expect.successOrFirstExample<TeamSchemas['AppointmentCancellationReasonList']>('team', 'listPhlebotomyAppointmentCancellationReasons', await call(t.team));
      checkEqual(reasons.length, 5, 'the number of reasons');
      check(reasons.some((reason) => reason.name === 'Other'), 'a reason named Other');
    }),
    missingKey('listPhlebotomyAppointmentCancellationReasons', (t) => call(t.teamWithoutKey)),
    unknownKey('listPhlebotomyAppointmentCancellationReasons', (_t, client) => call(client)),
  ],
};
