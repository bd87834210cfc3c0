/** GET /v2/user/{user_id}/info/latest: Get the latest user info. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { UNKNOWN_ID, userInfoBody } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { updateUserInfo } from '../../requests.js';
import { firstUser } from '../../world.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { notFound } = errorChecks('team');
const { missingKey, otherTeamsUser } = teamKeyChecks;

const getLatestUserInfo = (client: TeamClient, user_id: string) => client.GET('/v2/user/{user_id}/info/latest', { params: { path: { user_id } } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getLatestUserInfo',
  auth: { scope: 'user' },
  // The first seeded user has user info (the seed of updateUserInfo).
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v2/user/${firstUser(a).user_id}/info/latest` }),
  checks: [
    always('answers the stored info: on a mock the first example, on a server what was stored last', async (t) => {
      const { user_id } = await t.fixtures.user();
      await updateUserInfo(t.team, user_id, { ...userInfoBody(), first_name: 'Zoë' });
      const latest = t.expect.successOrFirstExample<TeamSchemas['UserInfo']>('team', 'getLatestUserInfo', await getLatestUserInfo(t.team, user_id));
      if (!t.isMock) checkEqual([latest.first_name, latest.address.zip_code], ['Zoë', '94110'], '[first_name, address.zip_code]');
    }),
    notOnMock('state', '404 saying so for a user without user info', async (t) => {
      const { user_id } = await t.fixtures.createUser();
      const { detail } = t.expect.error('team', 'getLatestUserInfo', await getLatestUserInfo(t.team, user_id), 404);
      checkEqual(detail.includes('no user info'), true, `the detail "${detail}" says the user has no user info`);
    }),
    notFound('getLatestUserInfo', '404 for an unknown user', (t) => getLatestUserInfo(t.team, UNKNOWN_ID)),
    otherTeamsUser('getLatestUserInfo', "404 for a user of another team (with that team's key)", (other, { user_id }) => getLatestUserInfo(other, user_id)),
    missingKey('getLatestUserInfo', (t) => getLatestUserInfo(t.teamWithoutKey, UNKNOWN_ID)),
  ],
};
