/** GET /v3/order/area/info: Get area info. */
import { check, checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { teamKeyChecks } from '../../shared-checks.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { missingKey, unknownKey } = teamKeyChecks;

const call = (client: TeamClient, zip_code = '94110') => client.GET('/v3/order/area/info', { params: { query: { zip_code } } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getAreaInfo',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: '/v3/order/area/info?zip_code=94110' }),
  checks: [
    always('answers the coverage of 94110: on a mock the first example', async (t) => {
      const info = t.expect.successOrFirstExample<TeamSchemas['AreaInfo']>('team', 'getAreaInfo', await call(t.team));
      checkEqual(info.zip_code, '94110', 'the zip code');
      check(info.phlebotomy.is_served, '94110 has at-home phlebotomy');
    }),
    notOnMock('domain-rules', '422 naming zip_code for a zip code that is no US zip code', async (t) => {
      t.expect.validation('team', 'getAreaInfo', await call(t.team, '00000'), [{ loc: ['query', 'zip_code'] }]);
    }),
    missingKey('getAreaInfo', (t) => call(t.teamWithoutKey)),
    unknownKey('getAreaInfo', (_t, client) => call(client)),
  ],
};
