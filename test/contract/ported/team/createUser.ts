/** Ported from test/contract/suite.ts (team createUser): what its conformance checks assert less of. */
import { checkEqual } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { createUserAsDocumented, missingTeamKey } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('creates a user: on a mock the first example, on a server the user with the client_user_id sent', async (t) => {
    const { user, clientUserId } = await createUserAsDocumented(t);
    if (!t.isMock) checkEqual(user.client_user_id, clientUserId, 'client_user_id');
  }),
  missingTeamKey('createUser', (t, client) => client.POST('/v2/user', { body: { client_user_id: t.fixtures.clientUserId() } })),
];
