/** POST /v1/org/{org_id}/team/{team_id}/api_key: Create a team API key. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, must, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID } from '../../values.js';
import { errorChecks, OVERSIZED, managementKeyChecks, NEEDS } from '../../shared-checks.js';
import { ownTeamPath, unknownTeamPath, createTeamApiKey } from '../../requests.js';
import { requestExample } from '../../examples.js';
import { managementPath } from '../../world.js';

const { notFound, tooLarge } = errorChecks('management');
const { keyChecks } = managementKeyChecks;

export const definition: OperationDefinition = {
  api: 'management',
  operationId: 'createTeamApiKey',
  needs: NEEDS,
  auth: { scope: 'management' },
  validRequest: async (w) => ({ method: 'POST', path: managementPath(w, '/api_key'), body: requestExample('management', 'createTeamApiKey', 'labelled') }),
  seed: {
    order: 140,
    /** A key a suite may try to revoke. */
    async run(seeding) {
      seeding.spareKeyIds.push(must('createTeamApiKey', await seeding.management.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path: seeding.path }, body: { label: 'spare' } })).id);
    },
  },
  checks: [
    always('creates a key of a team: on a mock the first example, on a server a key of that team', async (t) => {
      const { team_id } = await ownTeamPath(t);
      const key = await t.fixtures.createOwnTeamKey('contract tests', 'firstExample');
      if (!t.isMock) checkEqual(key.team_id, team_id, 'team_id');
    }),
    notOnMock('credentials', "the new key works on the team API, for the team's own users", async (t) => {
      const own = await t.fixtures.ownTeam();
      const key = await t.fixtures.ownTeamKey();
      checkEqual(key.team_id, own.id, 'team_id');
      const user = await t.fixtures.ownTeamUser();
      checkEqual(user.team_id, own.id, "team_id of a user created with the team's key");
    }),
    always('422 listing a team_id that is not a UUID and a label over 80 characters', async (t) => {
      const outcome = await createTeamApiKey(t.management, { org_id: t.orgId, team_id: NOT_A_UUID }, { label: 'x'.repeat(81) });
      t.expect.validation('management', 'createTeamApiKey', outcome, [
        { loc: ['path', 'team_id'], type: 'format' },
        { loc: ['body', 'label'], type: 'too_long' },
      ]);
    }),
    tooLarge('createTeamApiKey', async (t) => t.management.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path: await ownTeamPath(t) }, ...OVERSIZED })),
    ...keyChecks('createTeamApiKey', (t, client) => createTeamApiKey(client, unknownTeamPath(t))),
    notFound('createTeamApiKey', '404 for an unknown team', (t) => createTeamApiKey(t.management, unknownTeamPath(t))),
  ],
};
