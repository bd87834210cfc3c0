/** Ported from test/contract/suite.ts (team connectDemoProvider): what its conformance checks assert less of. */
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { UNKNOWN_ID } from '../../../../scripts/lib/conformance/values.js';
import { missingTeamKey } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('connects a user to the Fitbit demo: on a mock the first example', async (t) => {
    const { user_id } = await t.fixtures.createUser();
    t.expect.successOrFirstExample('team', 'connectDemoProvider', await t.team.POST('/v2/link/connect/demo', { body: { user_id, provider: 'fitbit' } }));
  }),
  missingTeamKey('connectDemoProvider', (_t, client) => client.POST('/v2/link/connect/demo', { body: { user_id: UNKNOWN_ID, provider: 'oura' } })),
];
