/** POST /v2/user/{user_id}/sign_in_token: Create a sign-in token. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { createSignInToken } from '../../requests.js';
import { firstUser, newSignInToken } from '../../world.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'createSignInToken',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'POST', path: `/v2/user/${firstUser(a).user_id}/sign_in_token` }),
  seed: {
    order: 90,
    /** Unused tokens, for the public connectSdkProvider. */
    async run(seeding) {
      for (const user of [seeding.users[1]!, seeding.users[2]!, seeding.disposableUsers[1]!]) seeding.signInTokens.push(await newSignInToken(seeding, user));
    },
  },
  checks: [
    always('issues a sign-in token: on a mock the first example, on a server a token of the user asked for', async (t) => {
      const { user_id } = await t.fixtures.user();
      const token = t.expect.successOrFirstExample<TeamSchemas['SignInToken']>('team', 'createSignInToken', await createSignInToken(t.team, user_id));
      if (!t.isMock) checkEqual(token.user_id, user_id, 'user_id');
    }),
    notOnMock('static-examples', 'the token is for the requested user', async (t) => {
      const { user_id } = await t.fixtures.user();
      const token = t.expect.success<TeamSchemas['SignInToken']>('team', 'createSignInToken', await createSignInToken(t.team, user_id));
      checkEqual(token.user_id, user_id, 'user_id');
    }),
    pathNotAUuid('createSignInToken', 'user_id', (t) => createSignInToken(t.team, NOT_A_UUID)),
    missingKey('createSignInToken', (t) => createSignInToken(t.teamWithoutKey, UNKNOWN_ID)),
    notFound('createSignInToken', '404 for an unknown user_id', (t) => createSignInToken(t.team, UNKNOWN_ID)),
  ],
};
