/** Ported from test/contract/suite.ts (team deleteUser): what its conformance checks assert less of. */
import type { TeamSchemas } from '../../../../server/client/index.js';
import { checkEqual } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { UNKNOWN_ID } from '../../../../scripts/lib/conformance/values.js';
import { createUserAsDocumented, missingTeamKey } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('deletes a user created for the purpose: on a mock the first examples, on a server success true and the user is then a 404', async (t) => {
    const { user_id } = (await createUserAsDocumented(t)).user;
    const deleted = t.expect.successOrFirstExample<TeamSchemas['SuccessResponse']>('team', 'deleteUser', await t.team.DELETE('/v2/user/{user_id}', { params: { path: { user_id } } }));
    if (!t.isMock) {
      checkEqual(deleted.success, true, 'success');
      t.expect.error('team', 'getUser', await t.team.GET('/v2/user/{user_id}', { params: { path: { user_id } } }), 404);
    }
  }),
  missingTeamKey('deleteUser', (_t, client) => client.DELETE('/v2/user/{user_id}', { params: { path: { user_id: UNKNOWN_ID } } })),
];
