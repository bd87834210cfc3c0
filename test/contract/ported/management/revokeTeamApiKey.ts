/** Ported from test/contract/suite.ts (management revokeTeamApiKey): what its conformance checks assert less of. */
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../../../scripts/lib/conformance/values.js';
import { createOwnTeamKeyAsDocumented, missingManagementKey, ownTeamPath, unknownTeamPath } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('revokes a key of a team: on a mock the first examples (create and revoke), on a server the key then gets a 401', async (t) => {
    const path = await ownTeamPath(t);
    const key = await createOwnTeamKeyAsDocumented(t, 'to revoke');
    t.expect.successOrFirstExample('management', 'revokeTeamApiKey', await t.management.DELETE('/v1/org/{org_id}/team/{team_id}/api_key/{key_id}', { params: { path: { ...path, key_id: key.id } } }));
    if (!t.isMock) t.expect.error('team', 'listProviders', await t.teamWith(key.key).GET('/v2/providers'), 401);
  }),
  always('422 naming ["path", "key_id"] when it is not a UUID, on a team that does not exist', async (t) => {
    const outcome = await t.management.DELETE('/v1/org/{org_id}/team/{team_id}/api_key/{key_id}', { params: { path: { ...unknownTeamPath(t), key_id: NOT_A_UUID } } });
    t.expect.validation('management', 'revokeTeamApiKey', outcome, [{ loc: ['path', 'key_id'], type: 'format' }]);
  }),
  missingManagementKey('revokeTeamApiKey', (t, client) => client.DELETE('/v1/org/{org_id}/team/{team_id}/api_key/{key_id}', { params: { path: { ...unknownTeamPath(t), key_id: UNKNOWN_ID } } })),
];
