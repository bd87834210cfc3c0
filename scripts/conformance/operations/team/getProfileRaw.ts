/** GET /v2/summary/profile/{user_id}/raw: Get the raw profile record. */
import { check, checkEqual, show } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { firstUser } from '../../world.js';
import { read } from '../data-reads.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const TEMPLATE = '/v2/summary/profile/{user_id}/raw';
const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey, otherTeamsUser, linkTokenAlone } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getProfileRaw',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v2/summary/profile/${firstUser(a).user_id}/raw` }),
  checks: [
    always('reads the profile of a connected user: on a mock the first example, on a server its user and provider', async (t) => {
      const { user_id } = await t.fixtures.connectedUser('fitbit');
      const { profile } = t.expect.successOrFirstExample<TeamSchemas['RawProfile']>('team', 'getProfileRaw', await read(t.team, TEMPLATE, { path: { user_id } }));
      if (!t.isMock) {
        checkEqual(profile.user_id, user_id, 'user_id');
        checkEqual(profile.source.slug, 'fitbit', 'source.slug');
      }
    }),
    notOnMock('state', 'the raw profile of the provider named in `provider`, the same on every read', async (t) => {
      const { user_id } = await t.fixtures.connectedUser('fitbit');
      t.expect.success('team', 'connectDemoProvider', await t.team.POST('/v2/link/connect/demo', { body: { user_id, provider: 'oura' } }));
      const first = t.expect.success<TeamSchemas['RawProfile']>('team', 'getProfileRaw', await read(t.team, TEMPLATE, { path: { user_id }, query: { provider: 'oura' } }));
      const again = t.expect.success<TeamSchemas['RawProfile']>('team', 'getProfileRaw', await read(t.team, TEMPLATE, { path: { user_id }, query: { provider: 'oura' } }));
      checkEqual(first.profile.source.slug, 'oura', 'profile.source.slug');
      check(JSON.stringify(first) === JSON.stringify(again), `two reads differ: ${show(first)} / ${show(again)}`);
    }),
    notFound('getProfileRaw', '404 for a user without a connected provider', async (t) => read(t.team, TEMPLATE, { path: { user_id: (await t.fixtures.user()).user_id } })),
    notOnMock('domain-rules', '422 naming ["query", "provider"] for a slug the catalog does not have', async (t) => {
      t.expect.validation('team', 'getProfileRaw', await read(t.team, TEMPLATE, { path: { user_id: (await t.fixtures.user()).user_id }, query: { provider: 'no_such_provider' } }), [{ loc: ['query', 'provider'] }]);
    }),
    pathNotAUuid('getProfileRaw', 'user_id', (t) => read(t.team, TEMPLATE, { path: { user_id: NOT_A_UUID } })),
    missingKey('getProfileRaw', (t) => read(t.teamWithoutKey, TEMPLATE, { path: { user_id: UNKNOWN_ID } })),
    unknownKey('getProfileRaw', (_t, client) => read(client, TEMPLATE, { path: { user_id: UNKNOWN_ID } })),
    linkTokenAlone('getProfileRaw', async (t, client) => read(client, TEMPLATE, { path: { user_id: (await t.fixtures.user()).user_id } })),
    notFound('getProfileRaw', '404 for an unknown user_id', (t) => read(t.team, TEMPLATE, { path: { user_id: UNKNOWN_ID } })),
    otherTeamsUser('getProfileRaw', "404 for a user of another team (with that team's key)", (other, { user_id }) => read(other, TEMPLATE, { path: { user_id } })),
  ],
};
