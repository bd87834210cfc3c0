/** Ported from test/contract/suite.ts (team updateUserInfo): what its conformance checks assert less of. */
import type { TeamSchemas } from '../../../../server/client/index.js';
import { checkEqual } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { UNKNOWN_ID, userInfoBody } from '../../../../scripts/lib/conformance/values.js';
import { missingTeamKey } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('stores the demographics of a user: on a mock the first example, on a server the names and e-mail sent', async (t) => {
    const { user_id } = await t.fixtures.user();
    const outcome = await t.team.PATCH('/v2/user/{user_id}/info', { params: { path: { user_id } }, body: userInfoBody() });
    const stored = t.expect.successOrFirstExample<TeamSchemas['UserInfo']>('team', 'updateUserInfo', outcome);
    if (!t.isMock) {
      checkEqual(
        { first_name: stored.first_name, last_name: stored.last_name, email: stored.email },
        { first_name: 'Anne-Marie', last_name: "O'Connor", email: 'anne.oconnor@example.com' },
        'stored info',
      );
    }
  }),
  missingTeamKey('updateUserInfo', (_t, client) => client.PATCH('/v2/user/{user_id}/info', { params: { path: { user_id: UNKNOWN_ID } }, body: userInfoBody() })),
];
