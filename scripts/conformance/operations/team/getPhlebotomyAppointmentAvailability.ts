/** POST /v3/order/phlebotomy/appointment/availability: Get phlebotomy appointment availability. */
import { check } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { teamKeyChecks } from '../../shared-checks.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';
import { APPOINTMENT_ADDRESS } from '../../appointments.js';
const { missingKey, unknownKey } = teamKeyChecks;

const call = (client: TeamClient, zip_code = '94110') => client.POST('/v3/order/phlebotomy/appointment/availability', { body: { ...APPOINTMENT_ADDRESS, zip_code } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getPhlebotomyAppointmentAvailability',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'POST', path: '/v3/order/phlebotomy/appointment/availability', body: APPOINTMENT_ADDRESS }),
  checks: [
    always('answers slots with booking keys around 94110: on a mock the first example', async (t) => {
      const answer = t.expect.successOrFirstExample<TeamSchemas['AppointmentAvailabilitySlots']>('team', 'getPhlebotomyAppointmentAvailability', await call(t.team));
      check(answer.slots.length > 0 && answer.slots.every((day) => day.slots.every((slot) => typeof slot.booking_key === 'string')), 'days of slots, each with a booking key');
    }),
    notOnMock('domain-rules', '422 naming zip_code for a zip code that is no US zip code', async (t) => {
      t.expect.validation('team', 'getPhlebotomyAppointmentAvailability', await call(t.team, '00000'), [{ loc: ['body', 'zip_code'] }]);
    }),
    missingKey('getPhlebotomyAppointmentAvailability', (t) => call(t.teamWithoutKey)),
    unknownKey('getPhlebotomyAppointmentAvailability', (_t, client) => call(client)),
  ],
};
