/** DELETE /v2/user/{user_id}: Delete a user. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks, MANAGEMENT } from '../../shared-checks.js';
import { otherTeamClient, getUser, deleteUser, resolveUser } from '../../requests.js';
import { newUser } from '../../world.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'deleteUser',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'DELETE', path: `/v2/user/${(await newUser(a)).user_id}` }),
  // A's disposable users, and B's (which must stay).
  fuzzPools: (a, b) => ({ user_id: [...a.disposableUsers, ...b.users, ...b.disposableUsers].map((user) => user.user_id) }),
  checks: [
    always('deletes a user created for the purpose: on a mock the first examples, on a server success true and the user is then a 404', async (t) => {
      const { user_id } = await t.fixtures.createUser(t.team, undefined, 'firstExample');
      const deleted = t.expect.successOrFirstExample<TeamSchemas['SuccessResponse']>('team', 'deleteUser', await deleteUser(t.team, user_id));
      if (!t.isMock) {
        checkEqual(deleted.success, true, 'success');
        t.expect.error('team', 'getUser', await getUser(t.team, user_id), 404);
      }
    }),
    notOnMock('state', 'a deleted user is a 404 for getUser, resolveUser and a second delete', async (t) => {
      const { user_id, sentClientUserId } = await t.fixtures.createUser();
      t.expect.success('team', 'deleteUser', await deleteUser(t.team, user_id));
      t.expect.error('team', 'getUser', await getUser(t.team, user_id), 404);
      t.expect.error('team', 'resolveUser', await resolveUser(t.team, sentClientUserId), 404);
      t.expect.error('team', 'deleteUser', await deleteUser(t.team, user_id), 404);
    }),
    pathNotAUuid('deleteUser', 'user_id', (t) => deleteUser(t.team, NOT_A_UUID)),
    missingKey('deleteUser', (t) => deleteUser(t.teamWithoutKey, UNKNOWN_ID)),
    notFound('deleteUser', '404 for an unknown user_id', (t) => deleteUser(t.team, UNKNOWN_ID)),
    notOnMock(
      'credentials',
      "404 for a user of another team, which stays (with that team's key)",
      async (t) => {
        const { user_id } = await t.fixtures.user();
        const other = await otherTeamClient(t);
        t.expect.error('team', 'deleteUser', await deleteUser(other, user_id), 404);
        t.expect.success('team', 'getUser', await getUser(t.team, user_id));
      },
      MANAGEMENT,
    ),
  ],
};
