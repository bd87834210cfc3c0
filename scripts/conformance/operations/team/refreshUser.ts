/** POST /v2/user/refresh/{user_id}: Refresh a user's data now. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { refreshUser } from '../../requests.js';
import { firstUser } from '../../world.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey, otherTeamsUser } = teamKeyChecks;

type Refreshed = TeamSchemas['UserRefreshResponse'];

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'refreshUser',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'POST', path: `/v2/user/refresh/${firstUser(a).user_id}` }),
  checks: [
    always('refreshes a connected user: on a mock the first example, on a server its provider is refreshed', async (t) => {
      const { user_id } = await t.fixtures.connectedUser('withings');
      const outcome = t.expect.successOrFirstExample<Refreshed>('team', 'refreshUser', await refreshUser(t.team, user_id));
      if (!t.isMock) checkEqual(outcome, { success: true, user_id, refreshed_sources: ['withings'], in_progress_sources: [], failed_sources: [] }, 'the refresh');
    }),
    notOnMock('state', 'a user without connections refreshes nothing', async (t) => {
      const { user_id } = await t.fixtures.createUser();
      const outcome = t.expect.success<Refreshed>('team', 'refreshUser', await refreshUser(t.team, user_id));
      checkEqual(outcome, { success: true, user_id, refreshed_sources: [], in_progress_sources: [], failed_sources: [] }, 'the refresh');
    }),
    always('422 for a timeout above 60 seconds', async (t) => {
      t.expect.validation('team', 'refreshUser', await refreshUser(t.team, UNKNOWN_ID, 61), [{ loc: ['query', 'timeout'] }]);
    }),
    pathNotAUuid('refreshUser', 'user_id', (t) => refreshUser(t.team, NOT_A_UUID)),
    missingKey('refreshUser', (t) => refreshUser(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('refreshUser', (_t, client) => refreshUser(client, UNKNOWN_ID)),
    notFound('refreshUser', '404 for an unknown user_id', (t) => refreshUser(t.team, UNKNOWN_ID)),
    otherTeamsUser('refreshUser', "404 for a user of another team (with that team's key)", (other, { user_id }) => refreshUser(other, user_id)),
  ],
};
