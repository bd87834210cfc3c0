/** GET /v2/user/providers/{user_id}: List a user's connected providers. */
import { check, checkEqual, show } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { listUserProviders } from '../../requests.js';
import { firstUser } from '../../world.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey, otherTeamsUser } = teamKeyChecks;

type UserProviders = TeamSchemas['UserProviders'];

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'listUserProviders',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v2/user/providers/${firstUser(a).user_id}` }),
  checks: [
    always('lists the providers of a connected user: on a mock the first example', async (t) => {
      const { user_id } = await t.fixtures.connectedUser('withings');
      const read = t.expect.successOrFirstExample<UserProviders>('team', 'listUserProviders', await listUserProviders(t.team, user_id));
      if (!t.isMock) checkEqual(read.providers.map((provider) => provider.slug), ['withings'], 'provider slugs');
    }),
    notOnMock('state', 'a connected provider is connected, with its resources available', async (t) => {
      const { user_id } = await t.fixtures.connectedUser('withings');
      const [provider] = t.expect.success<UserProviders>('team', 'listUserProviders', await listUserProviders(t.team, user_id)).providers;
      checkEqual(provider?.status, 'connected', 'status');
      check(provider?.resource_availability.body?.status === 'available', `body is not available in ${show(provider?.resource_availability)}`);
    }),
    notOnMock('state', 'a user without connections has an empty list', async (t) => {
      const { user_id } = await t.fixtures.createUser();
      checkEqual(t.expect.success<UserProviders>('team', 'listUserProviders', await listUserProviders(t.team, user_id)).providers, [], 'providers');
    }),
    pathNotAUuid('listUserProviders', 'user_id', (t) => listUserProviders(t.team, NOT_A_UUID)),
    missingKey('listUserProviders', (t) => listUserProviders(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('listUserProviders', (_t, client) => listUserProviders(client, UNKNOWN_ID)),
    notFound('listUserProviders', '404 for an unknown user_id', (t) => listUserProviders(t.team, UNKNOWN_ID)),
    otherTeamsUser('listUserProviders', "404 for a user of another team (with that team's key)", (other, { user_id }) => listUserProviders(other, user_id)),
  ],
};
