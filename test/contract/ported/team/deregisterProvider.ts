/** Ported from test/contract/suite.ts (team deregisterProvider): what its conformance checks assert less of. */
import type { TeamSchemas } from '../../../../server/client/index.js';
import { checkEqual } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { UNKNOWN_ID } from '../../../../scripts/lib/conformance/values.js';
import { missingTeamKey } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('deregisters a demo connection to Oura: on a mock the first examples (connect and deregister), on a server success true', async (t) => {
    // A user of its own, so that the run's main user keeps no connection history.
    const { user_id } = await t.fixtures.createUser();
    t.expect.successOrFirstExample('team', 'connectDemoProvider', await t.team.POST('/v2/link/connect/demo', { body: { user_id, provider: 'oura' } }));
    const outcome = await t.team.DELETE('/v2/user/{user_id}/{provider}', { params: { path: { user_id, provider: 'oura' } } });
    const result = t.expect.successOrFirstExample<TeamSchemas['SuccessResponse']>('team', 'deregisterProvider', outcome);
    if (!t.isMock) checkEqual(result.success, true, 'success');
  }),
  missingTeamKey('deregisterProvider', (_t, client) => client.DELETE('/v2/user/{user_id}/{provider}', { params: { path: { user_id: UNKNOWN_ID, provider: 'oura' } } })),
];
