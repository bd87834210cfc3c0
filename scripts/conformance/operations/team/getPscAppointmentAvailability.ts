/** POST /v3/order/psc/appointment/availability: Get PSC appointment availability. */
import { check } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { teamKeyChecks } from '../../shared-checks.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { missingKey, unknownKey } = teamKeyChecks;

const call = (client: TeamClient, query: { zip_code?: string; site_codes?: string[] } = { zip_code: '94110' }) => client.POST('/v3/order/psc/appointment/availability', { params: { query: { lab: 'quest', ...query } } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getPscAppointmentAvailability',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'POST', path: '/v3/order/psc/appointment/availability?lab=quest&zip_code=94110' }),
  checks: [
    always('answers the slots of the nearest Quest centers: on a mock the first example', async (t) => {
      const answer = t.expect.successOrFirstExample<TeamSchemas['AppointmentAvailabilitySlots']>('team', 'getPscAppointmentAvailability', await call(t.team));
      check(answer.slots.length > 0 && answer.slots.every((day) => day.location?.code?.startsWith('QD')), 'days of slots at Quest centers');
    }),
    notOnMock('state', '404 for a site code of no center', async (t) => {
      t.expect.error('team', 'getPscAppointmentAvailability', await call(t.team, { site_codes: ['QD00000'] }), 404);
    }),
    notOnMock('domain-rules', '422 naming zip_code when neither site codes nor a zip code are given', async (t) => {
      t.expect.validation('team', 'getPscAppointmentAvailability', await call(t.team, {}), [{ loc: ['query', 'zip_code'] }]);
    }),
    missingKey('getPscAppointmentAvailability', (t) => call(t.teamWithoutKey)),
    unknownKey('getPscAppointmentAvailability', (_t, client) => call(client)),
  ],
};
