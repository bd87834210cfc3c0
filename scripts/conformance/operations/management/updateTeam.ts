/** PATCH /v1/org/{org_id}/team/{team_id}: Update a team. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, must, type OperationDefinition } from '../../operation.js';
import { invalid, NOT_A_UUID } from '../../values.js';
import { errorChecks, OVERSIZED, managementKeyChecks, NEEDS } from '../../shared-checks.js';
import { ownTeamPath, unknownTeamPath, listTeams, updateTeam, type Schemas } from '../../requests.js';
import { requestExample } from '../../examples.js';
import { managementPath } from '../../world.js';

const { notFound, tooLarge } = errorChecks('management');
const { keyChecks } = managementKeyChecks;

export const definition: OperationDefinition = {
  api: 'management',
  operationId: 'updateTeam',
  needs: NEEDS,
  auth: { scope: 'management' },
  validRequest: async (w) => ({ method: 'PATCH', path: managementPath(w, ''), body: requestExample('management', 'updateTeam', 'enable_link_migration') }),
  seed: {
    order: 30,
    /** Link migration on: the bulk pull needs it. */
    async run(seeding) {
      must('updateTeam', await seeding.management.PATCH('/v1/org/{org_id}/team/{team_id}', { params: { path: seeding.path }, body: { link_migration_enabled: true } }));
    },
  },
  checks: [
    always('enables link migration: on a mock the first example, on a server the team with the setting on', async (t) => {
      const path = await ownTeamPath(t);
      const updated = t.expect.successOrFirstExample<Schemas['TeamDetail']>('management', 'updateTeam', await updateTeam(t.management, path, { link_migration_enabled: true }));
      if (!t.isMock) checkEqual({ id: updated.id, link_migration_enabled: updated.link_migration_enabled }, { id: path.team_id, link_migration_enabled: true }, 'team');
    }),
    notOnMock('state', 'a new name is answered and listed', async (t) => {
      const path = await ownTeamPath(t);
      const name = `Conformance ${t.runId} renamed`;
      const updated = t.expect.success<Schemas['TeamDetail']>('management', 'updateTeam', await updateTeam(t.management, path, { name }));
      checkEqual({ id: updated.id, name: updated.name }, { id: path.team_id, name }, 'team');
      const listed = t.expect.success<Schemas['TeamList']>('management', 'listTeams', await listTeams(t.management, t.orgId, { search_query: name }));
      checkEqual(listed.teams.map((team) => team.name), [name], 'teams found by the new name');
    }),
    always('422 listing a name over 80 characters and a link_migration_enabled that is not a boolean', async (t) => {
      const outcome = await updateTeam(t.management, await ownTeamPath(t), invalid({ name: 'x'.repeat(81), link_migration_enabled: 'yes' }));
      t.expect.validation('management', 'updateTeam', outcome, [
        { loc: ['body', 'name'], type: 'too_long' },
        { loc: ['body', 'link_migration_enabled'], type: 'type_error' },
      ]);
    }),
    always('422 listing a team_id that is not a UUID and a link_migration_enabled that is not a boolean', async (t) => {
      const outcome = await updateTeam(t.management, { org_id: t.orgId, team_id: NOT_A_UUID }, invalid({ link_migration_enabled: 'yes' }));
      t.expect.validation('management', 'updateTeam', outcome, [
        { loc: ['path', 'team_id'], type: 'format' },
        { loc: ['body', 'link_migration_enabled'], type: 'type_error' },
      ]);
    }),
    tooLarge('updateTeam', async (t) => t.management.PATCH('/v1/org/{org_id}/team/{team_id}', { params: { path: await ownTeamPath(t) }, ...OVERSIZED })),
    ...keyChecks('updateTeam', (t, client) => updateTeam(client, unknownTeamPath(t), {})),
    notFound('updateTeam', '404 for an unknown team', (t) => updateTeam(t.management, unknownTeamPath(t), { link_migration_enabled: true })),
  ],
};
