/** Ported from test/contract/suite.ts (team getUser): what its conformance checks assert less of. */
import type { TeamSchemas } from '../../../../server/client/index.js';
import { checkEqual } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { UNKNOWN_ID } from '../../../../scripts/lib/conformance/values.js';
import { missingTeamKey } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('reads a created user: on a mock the first example, on a server the user of that user_id', async (t) => {
    const { user_id } = await t.fixtures.user();
    const read = t.expect.successOrFirstExample<TeamSchemas['ClientFacingUser']>('team', 'getUser', await t.team.GET('/v2/user/{user_id}', { params: { path: { user_id } } }));
    if (!t.isMock) checkEqual(read.user_id, user_id, 'user_id');
  }),
  missingTeamKey('getUser', (_t, client) => client.GET('/v2/user/{user_id}', { params: { path: { user_id: UNKNOWN_ID } } })),
];
