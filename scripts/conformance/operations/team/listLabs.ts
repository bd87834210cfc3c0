/** GET /v3/lab_tests/labs: List labs. */
import { check, show } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { teamKeyChecks } from '../../shared-checks.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { missingKey, unknownKey } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'listLabs',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: '/v3/lab_tests/labs' }),
  checks: [
    always('lists the labs: on a mock the first example', async (t) => {
      t.expect.successOrFirstExample('team', 'listLabs', await t.team.GET('/v3/lab_tests/labs'));
    }),
    notOnMock('static-examples', 'every lab collects by at least one method, and one lab by every method', async (t) => {
      const labs = t.expect.success<TeamSchemas['LabList']>('team', 'listLabs', await t.team.GET('/v3/lab_tests/labs'));
      check(labs.every((lab) => lab.collection_methods.length > 0), `a lab without collection methods: ${show(labs)}`);
      check(labs.some((lab) => lab.collection_methods.length === 4), `no lab collects by every method: ${show(labs.map((l) => l.collection_methods))}`);
    }),
    missingKey('listLabs', (t) => t.teamWithoutKey.GET('/v3/lab_tests/labs')),
    unknownKey('listLabs', (_t, client) => client.GET('/v3/lab_tests/labs')),
  ],
};
