/** DELETE /v2/user/{user_id}/{provider}: Deregister a provider connection. */
import { check, checkEqual, show } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { invalid, NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { getUser, deregisterProvider, type User } from '../../requests.js';
import { newUser } from '../../world.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { notFound } = errorChecks('team');
const { missingKey } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'deregisterProvider',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'DELETE', path: `/v2/user/${(await newUser(a, 'oura')).user_id}/oura` }),
  checks: [
    always('deregisters a demo connection to Oura: on a mock the first examples (connect and deregister), on a server success true', async (t) => {
      // A user of its own, so that the run's main user keeps no connection history.
      const { user_id } = await t.fixtures.createUser();
      t.expect.successOrFirstExample('team', 'connectDemoProvider', await t.team.POST('/v2/link/connect/demo', { body: { user_id, provider: 'oura' } }));
      const removed = t.expect.successOrFirstExample<TeamSchemas['SuccessResponse']>('team', 'deregisterProvider', await deregisterProvider(t.team, user_id, 'oura'));
      if (!t.isMock) checkEqual(removed.success, true, 'success');
    }),
    notOnMock('state', 'the deregistered connection is gone from the user and a second deregistration is a 404', async (t) => {
      const { user_id } = await t.fixtures.connectedUser('fitbit');
      t.expect.success('team', 'deregisterProvider', await deregisterProvider(t.team, user_id, 'fitbit'));
      const user = t.expect.success<User>('team', 'getUser', await getUser(t.team, user_id));
      check(!user.connected_sources.some((source) => source.source.slug === 'fitbit'), `fitbit is still connected: ${show(user.connected_sources)}`);
      t.expect.error('team', 'deregisterProvider', await deregisterProvider(t.team, user_id, 'fitbit'), 404);
    }),
    notOnMock('state', 'a mobile SDK provider connected in Auto Connect mode answers success false and stays connected', async (t) => {
      const token = await t.fixtures.signInToken();
      t.expect.success('team', 'connectSdkProvider', await t.teamWithoutKey.POST('/v2/link/sdk/connect', { body: { sign_in_token: token.sign_in_token, provider: 'health_connect' } }));
      const outcome = await deregisterProvider(t.team, token.user_id, 'health_connect');
      checkEqual(t.expect.success<TeamSchemas['SuccessResponse']>('team', 'deregisterProvider', outcome).success, false, 'success');
      const user = t.expect.success<User>('team', 'getUser', await getUser(t.team, token.user_id));
      check(user.connected_sources.some((source) => source.source.slug === 'health_connect'), 'health_connect is no longer connected');
    }),
    always('422 naming both path parameters when user_id is not a UUID and the provider is unknown', async (t) => {
      const outcome = await deregisterProvider(t.team, NOT_A_UUID, invalid('no_such_provider'));
      t.expect.validation('team', 'deregisterProvider', outcome, [
        { loc: ['path', 'user_id'], type: 'format' },
        { loc: ['path', 'provider'], type: 'enum' },
      ]);
    }),
    missingKey('deregisterProvider', (t) => deregisterProvider(t.teamWithoutKey, UNKNOWN_ID, 'oura')),
    notFound('deregisterProvider', '404 when the user has no connection to the provider', async (t) => deregisterProvider(t.team, (await t.fixtures.user()).user_id, 'strava')),
  ],
};
