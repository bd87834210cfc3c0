/** POST /v2/user/undo_delete: Restore a deleted user. */
import { checkEqual } from '../../assertions.js';
import { always, must, notOnMock, type OperationDefinition } from '../../operation.js';
import { UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { deleteUser, getUser, otherTeamClient, type User } from '../../requests.js';
import { newUser } from '../../world.js';
import type { TeamClient } from '../../../../server/client/index.js';

const { notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;

const cancelUserDeletion = (client: TeamClient, query: { user_id?: string; client_user_id?: string }) => client.POST('/v2/user/undo_delete', { params: { query } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'cancelUserDeletion',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => {
    const user = await newUser(a);
    must('deleteUser', await a.team.DELETE('/v2/user/{user_id}', { params: { path: { user_id: user.user_id } } }));
    return { method: 'POST', path: '/v2/user/undo_delete', query: { user_id: user.user_id } };
  },
  checks: [
    always('restores a deleted user: on a mock the first example, on a server the user is readable again as it was', async (t) => {
      const created = await t.fixtures.createUser(t.team, undefined, 'firstExample');
      await deleteUser(t.team, created.user_id);
      const restored = t.expect.successOrFirstExample<{ success: boolean }>('team', 'cancelUserDeletion', await cancelUserDeletion(t.team, { user_id: created.user_id }));
      if (!t.isMock) {
        checkEqual(restored.success, true, 'success');
        const { sentClientUserId: _sent, ...stored } = created;
        checkEqual(t.expect.success<User>('team', 'getUser', await getUser(t.team, created.user_id)), stored, 'the restored user');
      }
    }),
    notOnMock('state', 'restores by client_user_id, once', async (t) => {
      const created = await t.fixtures.createUser();
      t.expect.success('team', 'deleteUser', await deleteUser(t.team, created.user_id));
      t.expect.success('team', 'cancelUserDeletion', await cancelUserDeletion(t.team, { client_user_id: created.client_user_id }));
      t.expect.error('team', 'cancelUserDeletion', await cancelUserDeletion(t.team, { client_user_id: created.client_user_id }), 404);
    }),
    notOnMock('domain-rules', '422 naming ["query", "user_id"] when neither user_id nor client_user_id is given', async (t) => {
      t.expect.validation('team', 'cancelUserDeletion', await cancelUserDeletion(t.team, {}), [{ loc: ['query', 'user_id'] }]);
    }),
    always('422 naming ["query", "user_id"] when it is not a UUID', async (t) => {
      t.expect.validation('team', 'cancelUserDeletion', await cancelUserDeletion(t.team, { user_id: 'not-a-uuid' }), [{ loc: ['query', 'user_id'], type: 'format' }]);
    }),
    missingKey('cancelUserDeletion', (t) => cancelUserDeletion(t.teamWithoutKey, { user_id: UNKNOWN_ID })),
    unknownKey('cancelUserDeletion', (_t, client) => cancelUserDeletion(client, { user_id: UNKNOWN_ID })),
    notFound('cancelUserDeletion', '404 for a user_id no deleted user has', (t) => cancelUserDeletion(t.team, { user_id: UNKNOWN_ID })),
    notOnMock(
      'credentials',
      "404 for a deleted user of another team (with that team's key), which stays deleted",
      async (t) => {
        const created = await t.fixtures.createUser();
        t.expect.success('team', 'deleteUser', await deleteUser(t.team, created.user_id));
        t.expect.error('team', 'cancelUserDeletion', await cancelUserDeletion(await otherTeamClient(t), { user_id: created.user_id }), 404);
        t.expect.error('team', 'getUser', await getUser(t.team, created.user_id), 404);
      },
      ['management', 'org-id'],
    ),
  ],
};
