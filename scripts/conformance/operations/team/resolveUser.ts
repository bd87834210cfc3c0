/** GET /v2/user/resolve/{client_user_id}: Resolve a user by client user id. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { resolveUser, type User } from '../../requests.js';
import { firstUser } from '../../world.js';

const { notFound } = errorChecks('team');
const { missingKey, otherTeamsUser } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'resolveUser',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v2/user/resolve/${encodeURIComponent(firstUser(a).client_user_id)}` }),
  checks: [
    always('resolves a created user by its client_user_id: on a mock the first example, on a server that user', async (t) => {
      const created = await t.fixtures.user();
      const resolved = t.expect.successOrFirstExample<User>('team', 'resolveUser', await resolveUser(t.team, created.sentClientUserId));
      if (!t.isMock) checkEqual(resolved.user_id, created.user_id, 'user_id');
    }),
    notOnMock('state', 'resolves to the created user_id, also for a client_user_id with spaces and slashes', async (t) => {
      const created = await t.fixtures.user();
      const resolved = t.expect.success<User>('team', 'resolveUser', await resolveUser(t.team, created.sentClientUserId));
      checkEqual(resolved.user_id, created.user_id, 'user_id');
      const odd = await t.fixtures.createUser(t.team, `conformance-${t.runId} a/b?c#d%`);
      const oddResolved = t.expect.success<User>('team', 'resolveUser', await resolveUser(t.team, odd.sentClientUserId));
      checkEqual(oddResolved.user_id, odd.user_id, 'user_id of a client_user_id with reserved characters');
    }),
    missingKey('resolveUser', (t) => resolveUser(t.teamWithoutKey, 'patient-000123')),
    notFound('resolveUser', '404 for an unknown client_user_id', (t) => resolveUser(t.team, `conformance-${t.runId}-unknown`)),
    otherTeamsUser('resolveUser', "404 for a client_user_id of another team (with that team's key)", (other, { sentClientUserId }) => resolveUser(other, sentClientUserId)),
  ],
};
