/** GET /v2/team/{team_id}/physicians: List the team's physicians. */
import { check } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { otherTeamClient } from '../../requests.js';
import { errorChecks, MANAGEMENT, teamKeyChecks } from '../../shared-checks.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;

const listTeamPhysicians = (client: TeamClient, team_id: string) => client.GET('/v2/team/{team_id}/physicians', { params: { path: { team_id } } });
type Physicians = TeamSchemas['ClientFacingPhysicianList'];

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'listTeamPhysicians',
  auth: { scope: 'team', otherTeam: { status: 404 } },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v2/team/${a.teamId}/physicians` }),
  checks: [
    always("lists the key's team's physicians: on a mock the first example, on a server one per NPI", async (t) => {
      if (t.isMock) {
        t.expect.successOrFirstExample<Physicians>('team', 'listTeamPhysicians', await listTeamPhysicians(t.team, UNKNOWN_ID));
        return;
      }
      const team = await t.fixtures.ownTeam();
      const physicians = t.expect.success<Physicians>('team', 'listTeamPhysicians', await listTeamPhysicians(await otherTeamClient(t), team.id));
      check(new Set(physicians.map((p) => p.npi)).size === physicians.length, `one physician per NPI: ${JSON.stringify(physicians)}`);
    }, MANAGEMENT),
    notOnMock('credentials', "404 for another team's id (the run's own team, with the main key)", async (t) => {
      const team = await t.fixtures.ownTeam();
      t.expect.error('team', 'listTeamPhysicians', await listTeamPhysicians(t.team, team.id), 404);
    }, MANAGEMENT),
    pathNotAUuid('listTeamPhysicians', 'team_id', (t) => listTeamPhysicians(t.team, NOT_A_UUID)),
    missingKey('listTeamPhysicians', (t) => listTeamPhysicians(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('listTeamPhysicians', (_t, client) => listTeamPhysicians(client, UNKNOWN_ID)),
    notFound('listTeamPhysicians', '404 for an unknown team id', (t) => listTeamPhysicians(t.team, UNKNOWN_ID)),
  ],
};
