/** POST /v2/link/code/create: Create a link code. */
import { check, checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { invalid, NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { firstUser } from '../../world.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { notFound } = errorChecks('team');
const { missingKey } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'createLinkCode',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'POST', path: '/v2/link/code/create', query: { user_id: firstUser(a).user_id } }),
  checks: [
    always('creates a link code: on a mock the first example, on a server an exchange URL carrying the code', async (t) => {
      const { user_id } = await t.fixtures.user();
      const code = t.expect.successOrFirstExample<TeamSchemas['LinkCode']>('team', 'createLinkCode', await t.team.POST('/v2/link/code/create', { params: { query: { user_id } } }));
      if (!t.isMock) check(code.exchange_url.includes(`code=${code.code}`), `exchange_url ${code.exchange_url} does not carry code=${code.code}`);
    }),
    notOnMock('static-examples', 'the exchange URL carries the code, and expires_at is the one asked for', async (t) => {
      const { user_id } = await t.fixtures.user();
      const expiresAt = new Date(Date.now() + 30 * 60_000);
      expiresAt.setMilliseconds(0);
      const outcome = await t.team.POST('/v2/link/code/create', { params: { query: { user_id, expires_at: expiresAt.toISOString() } } });
      const code = t.expect.success<TeamSchemas['LinkCode']>('team', 'createLinkCode', outcome);
      check(code.exchange_url.endsWith(`?code=${code.code}`), `exchange_url ${code.exchange_url} does not end with ?code=${code.code}`);
      checkEqual(new Date(code.expires_at).getTime(), expiresAt.getTime(), 'expires_at');
    }),
    always('422 naming ["query", "user_id"] when it is missing', async (t) => {
      const outcome = await t.team.POST('/v2/link/code/create', { params: { query: invalid({}) } });
      t.expect.validation('team', 'createLinkCode', outcome, [{ loc: ['query', 'user_id'], type: 'missing' }]);
    }),
    always('422 naming ["query", "user_id"] and ["query", "expires_at"] when they are malformed', async (t) => {
      const outcome = await t.team.POST('/v2/link/code/create', { params: { query: { user_id: NOT_A_UUID, expires_at: 'tomorrow' } } });
      t.expect.validation('team', 'createLinkCode', outcome, [
        { loc: ['query', 'user_id'], type: 'format' },
        { loc: ['query', 'expires_at'], type: 'format' },
      ]);
    }),
    always('422 naming ["query", "user_id"] when it alone is not a UUID', async (t) => {
      const outcome = await t.team.POST('/v2/link/code/create', { params: { query: { user_id: NOT_A_UUID } } });
      t.expect.validation('team', 'createLinkCode', outcome, [{ loc: ['query', 'user_id'], type: 'format' }]);
    }),
    missingKey('createLinkCode', (t) => t.teamWithoutKey.POST('/v2/link/code/create', { params: { query: { user_id: UNKNOWN_ID } } })),
    notOnMock('domain-rules', '422 naming ["query", "expires_at"] when it is in the past', async (t) => {
      const { user_id } = await t.fixtures.user();
      const outcome = await t.team.POST('/v2/link/code/create', { params: { query: { user_id, expires_at: '2000-01-01T00:00:00Z' } } });
      t.expect.validation('team', 'createLinkCode', outcome, [{ loc: ['query', 'expires_at'] }]);
    }),
    notFound('createLinkCode', '404 for an unknown user_id', (t) => t.team.POST('/v2/link/code/create', { params: { query: { user_id: UNKNOWN_ID } } })),
  ],
};
