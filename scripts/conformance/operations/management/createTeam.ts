/** POST /v1/org/{org_id}/team: Create a team. */
import { checkEqual } from '../../assertions.js';
import { always, uniqueValue, type OperationDefinition } from '../../operation.js';
import { invalid, UNKNOWN_ID } from '../../values.js';
import { errorChecks, OVERSIZED, managementKeyChecks, NEEDS } from '../../shared-checks.js';
import { createTeam, type Schemas } from '../../requests.js';
import { requestExample } from '../../examples.js';

const { notFound, tooLarge } = errorChecks('management');
const { missingKey, teamKey } = managementKeyChecks;

export const definition: OperationDefinition = {
  api: 'management',
  operationId: 'createTeam',
  needs: NEEDS,
  auth: { scope: 'management' },
  validRequest: async ({ a }) => ({ method: 'POST', path: `/v1/org/${a.orgId}/team`, body: { ...requestExample('management', 'createTeam', 'eu_team'), name: uniqueValue('Sleep Lab') } }),
  checks: [
    // The run's own team (fixtures.ownTeam): teams cannot be deleted, so a run makes no other.
    always("creates the run's team in the EU region: on a mock the first example, on a server the team with the name and region sent", async (t) => {
      const { outcome } = await t.fixtures.ownTeamCreation();
      const created = t.expect.successOrFirstExample<Schemas['TeamListItem']>('management', 'createTeam', outcome);
      if (!t.isMock) checkEqual({ name: created.name, region: created.region }, { name: `Conformance ${t.runId}`, region: 'eu' }, 'team');
    }),
    always('422 naming ["body", "name"] when it is missing, then when it has a character a name cannot have', async (t) => {
      t.expect.validation('management', 'createTeam', await createTeam(t.management, t.orgId, invalid({ region: 'us' })), [{ loc: ['body', 'name'], type: 'missing' }]);
      t.expect.validation('management', 'createTeam', await createTeam(t.management, t.orgId, { name: '<script>' }), [{ loc: ['body', 'name'], type: 'pattern' }]);
    }),
    always('422 naming ["body", "region"] for an unknown region', async (t) => {
      const outcome = await createTeam(t.management, t.orgId, { name: 'Mars', region: invalid('mars') });
      t.expect.validation('management', 'createTeam', outcome, [{ loc: ['body', 'region'], type: 'enum' }]);
    }),
    tooLarge('createTeam', (t) => t.management.POST('/v1/org/{org_id}/team', { params: { path: { org_id: t.orgId } }, ...OVERSIZED })),
    missingKey('createTeam', (t, client) => createTeam(client, t.orgId, { name: 'No key' })),
    teamKey('createTeam', (t, client) => createTeam(client, t.orgId, { name: 'Team key' })),
    notFound('createTeam', '404 for an organization that is not the key’s', (t) => createTeam(t.management, UNKNOWN_ID, { name: 'Nowhere' })),
  ],
};
