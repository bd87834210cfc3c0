/** GET /v3/lab_tests/{lab_id}/markers/{provider_id}: Get a marker by its lab test code. */
import { checkEqual } from '../../assertions.js';
import { always, type OperationDefinition } from '../../operation.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { invalid } from '../../values.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const get = (client: TeamClient, lab_id: number, provider_id: string) =>
  client.GET('/v3/lab_tests/{lab_id}/markers/{provider_id}', { params: { path: { lab_id, provider_id } } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getMarkerByProviderId',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: '/v3/lab_tests/1/markers/004259' }),
  checks: [
    always("reads Labcorp's TSH by its code: on a mock the first example", async (t) => {
      const marker = t.expect.successOrFirstExample<TeamSchemas['ClientFacingMarker']>('team', 'getMarkerByProviderId', await get(t.team, 1, '004259'));
      checkEqual({ lab_id: marker.lab_id, provider_id: marker.provider_id }, { lab_id: 1, provider_id: '004259' }, 'the marker');
    }),
    always('422 naming ["path", "lab_id"] when it is not an integer', async (t) => {
      t.expect.validation('team', 'getMarkerByProviderId', await get(t.team, invalid('labcorp'), '004259'), [{ loc: ['path', 'lab_id'] }]);
    }),
    notFound('getMarkerByProviderId', '404 for a code the lab does not have', (t) => get(t.team, 2, '004259')),
    notFound('getMarkerByProviderId', '404 for an unknown lab', (t) => get(t.team, 99, '004259')),
    missingKey('getMarkerByProviderId', (t) => get(t.teamWithoutKey, 1, '004259')),
    unknownKey('getMarkerByProviderId', (_t, client) => get(client, 1, '004259')),
  ],
};
