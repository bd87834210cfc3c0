/** GET /v2/user/{user_id}: Get a user. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { getUser, type User } from '../../requests.js';
import { firstUser } from '../../world.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey, otherTeamsUser, linkTokenAlone } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getUser',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v2/user/${firstUser(a).user_id}` }),
  checks: [
    always('reads a created user: on a mock the first example, on a server the user of that user_id', async (t) => {
      const { user_id } = await t.fixtures.user();
      const read = t.expect.successOrFirstExample<User>('team', 'getUser', await getUser(t.team, user_id));
      if (!t.isMock) checkEqual(read.user_id, user_id, 'user_id');
    }),
    notOnMock('state', 'reads back what createUser answered', async (t) => {
      const created = await t.fixtures.user();
      const read = t.expect.success<User>('team', 'getUser', await getUser(t.team, created.user_id));
      const { sentClientUserId: _sent, ...stored } = created;
      checkEqual(read, stored, 'the user read back');
    }),
    pathNotAUuid('getUser', 'user_id', (t) => getUser(t.team, NOT_A_UUID)),
    missingKey('getUser', (t) => getUser(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('getUser', (_t, client) => getUser(client, UNKNOWN_ID)),
    linkTokenAlone('getUser', async (t, client) => getUser(client, (await t.fixtures.user()).user_id)),
    notFound('getUser', '404 for an unknown user_id', (t) => getUser(t.team, UNKNOWN_ID)),
    otherTeamsUser('getUser', "404 for a user of another team (with that team's key)", (other, { user_id }) => getUser(other, user_id)),
  ],
};
