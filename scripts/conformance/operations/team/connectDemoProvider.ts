/** POST /v2/link/connect/demo: Connect a demo provider. */
import { check, show } from '../../assertions.js';
import { always, notOnMock, must, type OperationDefinition } from '../../operation.js';
import { invalid, NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, OVERSIZED, teamKeyChecks } from '../../shared-checks.js';
import { getUser, type User } from '../../requests.js';
import { requestExample } from '../../examples.js';

const { notFound, tooLarge } = errorChecks('team');
const { missingKey } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'connectDemoProvider',
  auth: { scope: 'user' },
  // The third seeded user: the first is connected to Oura already.
  validRequest: async ({ a }) => ({ method: 'POST', path: '/v2/link/connect/demo', body: { ...requestExample('team', 'connectDemoProvider', 'oura'), user_id: a.users[2]!.user_id } }),
  seed: {
    order: 50,
    async run(seeding) {
      const [first, second] = [seeding.users[0]!, seeding.users[1]!];
      for (const [user, provider] of [
        [first, 'oura'],
        [first, 'fitbit'],
        [second, 'strava'],
        [seeding.disposableUsers[0]!, 'withings'],
      ] as const) {
        must('connectDemoProvider', await seeding.team.POST('/v2/link/connect/demo', { body: { user_id: user.user_id, provider } }));
      }
    },
  },
  checks: [
    always('connects a user to a demo provider', async (t) => {
      await t.fixtures.connectedUser('withings');
    }),
    always('connects a user to the Fitbit demo: on a mock the first example', async (t) => {
      const { user_id } = await t.fixtures.createUser();
      t.expect.successOrFirstExample('team', 'connectDemoProvider', await t.team.POST('/v2/link/connect/demo', { body: { user_id, provider: 'fitbit' } }));
    }),
    notOnMock('state', 'the user record lists the new connection', async (t) => {
      const { user_id } = await t.fixtures.connectedUser('withings');
      const user = t.expect.success<User>('team', 'getUser', await getUser(t.team, user_id));
      check(user.connected_sources.some((source) => source.source.slug === 'withings'), `withings is not in ${show(user.connected_sources)}`);
    }),
    always('422 listing a user_id that is not a UUID and a missing provider', async (t) => {
      const outcome = await t.team.POST('/v2/link/connect/demo', { body: invalid({ user_id: NOT_A_UUID }) });
      t.expect.validation('team', 'connectDemoProvider', outcome, [
        { loc: ['body', 'user_id'], type: 'format' },
        { loc: ['body', 'provider'], type: 'missing' },
      ]);
    }),
    tooLarge('connectDemoProvider', (t) => t.team.POST('/v2/link/connect/demo', OVERSIZED)),
    missingKey('connectDemoProvider', (t) => t.teamWithoutKey.POST('/v2/link/connect/demo', { body: { user_id: UNKNOWN_ID, provider: 'oura' } })),
    notFound('connectDemoProvider', '404 for an unknown user_id', (t) => t.team.POST('/v2/link/connect/demo', { body: { user_id: UNKNOWN_ID, provider: 'oura' } })),
  ],
};
