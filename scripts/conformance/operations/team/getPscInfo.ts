/** GET /v3/order/psc/info: Get PSC info. */
import { check, checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { teamKeyChecks } from '../../shared-checks.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { missingKey, unknownKey } = teamKeyChecks;

const call = (client: TeamClient, lab_id = 2, zip_code = '94110') => client.GET('/v3/order/psc/info', { params: { query: { zip_code, lab_id } } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getPscInfo',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: '/v3/order/psc/info?zip_code=94110&lab_id=2' }),
  checks: [
    always('lists the Quest centers around 94110: on a mock the first example', async (t) => {
      const info = t.expect.successOrFirstExample<TeamSchemas['PscInfo']>('team', 'getPscInfo', await call(t.team));
      checkEqual(info.slug, 'quest', 'the lab');
      check(info.patient_service_centers.length > 0, 'centers around 94110');
    }),
    notOnMock('domain-rules', '422 naming lab_id for a lab without centers', async (t) => {
      t.expect.validation('team', 'getPscInfo', await call(t.team, 99), [{ loc: ['query', 'lab_id'] }]);
    }),
    missingKey('getPscInfo', (t) => call(t.teamWithoutKey)),
    unknownKey('getPscInfo', (_t, client) => call(client)),
  ],
};
