/** GET /v2/team/{team_id}: Get the team of the key. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { otherTeamClient } from '../../requests.js';
import { errorChecks, MANAGEMENT, teamKeyChecks } from '../../shared-checks.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;

const getOwnTeam = (client: TeamClient, team_id: string) => client.GET('/v2/team/{team_id}', { params: { path: { team_id } } });
type Team = TeamSchemas['ClientFacingTeam'];

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getOwnTeam',
  auth: { scope: 'team', otherTeam: { status: 404 } },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v2/team/${a.teamId}` }),
  checks: [
    always("reads the key's team: on a mock the first example, on a server the run's own team", async (t) => {
      if (t.isMock) {
        t.expect.successOrFirstExample<Team>('team', 'getOwnTeam', await getOwnTeam(t.team, UNKNOWN_ID));
        return;
      }
      const team = await t.fixtures.ownTeam();
      const read = t.expect.success<Team>('team', 'getOwnTeam', await getOwnTeam(await otherTeamClient(t), team.id));
      // Not the name: other checks rename the run's team meanwhile.
      checkEqual([read.id, read.svix_app_id], [team.id, null], 'id, svix_app_id');
    }, MANAGEMENT),
    notOnMock('credentials', "404 for another team's id (the run's own team, with the main key)", async (t) => {
      const team = await t.fixtures.ownTeam();
      t.expect.error('team', 'getOwnTeam', await getOwnTeam(t.team, team.id), 404);
    }, MANAGEMENT),
    pathNotAUuid('getOwnTeam', 'team_id', (t) => getOwnTeam(t.team, NOT_A_UUID)),
    missingKey('getOwnTeam', (t) => getOwnTeam(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('getOwnTeam', (_t, client) => getOwnTeam(client, UNKNOWN_ID)),
    notFound('getOwnTeam', '404 for an unknown team id', (t) => getOwnTeam(t.team, UNKNOWN_ID)),
  ],
};
