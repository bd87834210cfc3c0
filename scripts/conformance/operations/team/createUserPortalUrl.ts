/** POST /v2/user/{user_id}/create_portal_url: Create a user portal URL. */
import { check, checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { invalid, NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { requestExample } from '../../examples.js';
import { firstUser } from '../../world.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey, otherTeamsUser } = teamKeyChecks;

const createUserPortalUrl = (client: TeamClient, user_id: string, body: TeamSchemas['CreateUserPortalUrlRequest'] = { context: 'launch' }) =>
  client.POST('/v2/user/{user_id}/create_portal_url', { params: { path: { user_id } }, body });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'createUserPortalUrl',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'POST', path: `/v2/user/${firstUser(a).user_id}/create_portal_url`, body: requestExample('team', 'createUserPortalUrl', 'launch') }),
  checks: [
    always('makes a portal URL: on a mock the first example, on a server a URL of the user valid one hour', async (t) => {
      const { user_id } = await t.fixtures.user();
      const made = t.expect.successOrFirstExample<TeamSchemas['UserPortalUrl']>('team', 'createUserPortalUrl', await createUserPortalUrl(t.team, user_id));
      if (!t.isMock) {
        checkEqual(made.expires_in, 3600, 'expires_in');
        check(made.url.includes(`/portal/${user_id}?`), `the URL names the user: ${made.url}`);
      }
    }),
    always('422 naming ["body", "context"] for a context that is not one', async (t) => {
      const { user_id } = await t.fixtures.user();
      t.expect.validation('team', 'createUserPortalUrl', await createUserPortalUrl(t.team, user_id, invalid({ context: 'email' })), [{ loc: ['body', 'context'], type: 'enum' }]);
    }),
    notOnMock('state', '404 for an order_id no order of the user has', async (t) => {
      const { user_id } = await t.fixtures.user();
      t.expect.error('team', 'createUserPortalUrl', await createUserPortalUrl(t.team, user_id, { context: 'communications', order_id: UNKNOWN_ID }), 404);
    }),
    pathNotAUuid('createUserPortalUrl', 'user_id', (t) => createUserPortalUrl(t.team, NOT_A_UUID)),
    missingKey('createUserPortalUrl', (t) => createUserPortalUrl(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('createUserPortalUrl', (_t, client) => createUserPortalUrl(client, UNKNOWN_ID)),
    notFound('createUserPortalUrl', '404 for an unknown user_id', (t) => createUserPortalUrl(t.team, UNKNOWN_ID)),
    otherTeamsUser('createUserPortalUrl', "404 for a user of another team (with that team's key)", (other, { user_id }) => createUserPortalUrl(other, user_id)),
  ],
};
