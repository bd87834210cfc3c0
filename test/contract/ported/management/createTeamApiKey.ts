/** Ported from test/contract/suite.ts (management createTeamApiKey): what its conformance checks assert less of. */
import { checkEqual } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { createOwnTeamKeyAsDocumented, missingManagementKey, ownTeamPath, unknownTeamPath } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('creates a key of a team: on a mock the first example, on a server a key of that team', async (t) => {
    const { team_id } = await ownTeamPath(t);
    const key = await createOwnTeamKeyAsDocumented(t, 'contract tests');
    if (!t.isMock) checkEqual(key.team_id, team_id, 'team_id');
  }),
  missingManagementKey('createTeamApiKey', (t, client) => client.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path: unknownTeamPath(t) }, body: {} })),
];
