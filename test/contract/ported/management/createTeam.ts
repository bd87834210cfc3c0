/** Ported from test/contract/suite.ts (management createTeam): what its conformance checks assert less of. */
import type { ManagementSchemas } from '../../../../server/client/index.js';
import { checkEqual } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { missingManagementKey } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  // Teams cannot be deleted through the API: this leaves a second team of the run behind. Its name
  // does not contain the run's own team name, which checks of listTeams and updateTeam search for.
  always('creates a team in the EU region: on a mock the first example, on a server the team with the name and region sent', async (t) => {
    const name = `Conformance EU ${t.runId}`;
    const outcome = await t.management.POST('/v1/org/{org_id}/team', { params: { path: { org_id: t.orgId } }, body: { name, region: 'eu' } });
    const created = t.expect.successOrFirstExample<ManagementSchemas['TeamListItem']>('management', 'createTeam', outcome);
    if (!t.isMock) checkEqual({ name: created.name, region: created.region }, { name, region: 'eu' }, 'team');
  }),
  missingManagementKey('createTeam', (t, client) => client.POST('/v1/org/{org_id}/team', { params: { path: { org_id: t.orgId } }, body: { name: 'No key' } })),
];
