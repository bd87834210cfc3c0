/** GET /v1/org/{org_id}/team/{team_id}: Get a team. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID } from '../../values.js';
import { errorChecks, managementKeyChecks, NEEDS } from '../../shared-checks.js';
import { getTeam, ownTeamPath, unknownTeamPath, updateTeam, type Schemas } from '../../requests.js';
import { managementPath } from '../../world.js';

const { pathNotAUuid, notFound } = errorChecks('management');
const { keyChecks } = managementKeyChecks;

export const definition: OperationDefinition = {
  api: 'management',
  operationId: 'getTeam',
  needs: NEEDS,
  auth: { scope: 'management' },
  validRequest: async (w) => ({ method: 'GET', path: managementPath(w, '') }),
  checks: [
    always('reads the team: on a mock the first example, on a server the run\'s team with its settings, as an update that changes nothing answers it', async (t) => {
      const path = await ownTeamPath(t);
      const team = t.expect.successOrFirstExample<Schemas['TeamDetail']>('management', 'getTeam', await getTeam(t.management, path));
      if (!t.isMock) checkEqual(team, t.expect.success<Schemas['TeamDetail']>('management', 'updateTeam', await updateTeam(t.management, path, {})), 'the team read and as updateTeam answers it');
    }),
    notOnMock('state', 'reads back lab_partial_results_enabled after it is switched on, then off again', async (t) => {
      const path = await ownTeamPath(t);
      for (const lab_partial_results_enabled of [true, false]) {
        const updated = t.expect.success<Schemas['TeamDetail']>('management', 'updateTeam', await updateTeam(t.management, path, { lab_partial_results_enabled }));
        const read = t.expect.success<Schemas['TeamDetail']>('management', 'getTeam', await getTeam(t.management, path));
        checkEqual(read, updated, `the team read after lab_partial_results_enabled: ${lab_partial_results_enabled}`);
        checkEqual(read.lab_partial_results_enabled, lab_partial_results_enabled, 'lab_partial_results_enabled');
      }
    }),
    pathNotAUuid('getTeam', 'team_id', (t) => getTeam(t.management, { org_id: t.orgId, team_id: NOT_A_UUID })),
    ...keyChecks('getTeam', (t, client) => getTeam(client, unknownTeamPath(t))),
    notFound('getTeam', '404 for an unknown team', (t) => getTeam(t.management, unknownTeamPath(t))),
  ],
};
