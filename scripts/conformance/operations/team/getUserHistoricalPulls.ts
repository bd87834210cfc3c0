/** GET /v2/introspect/historical_pull: Introspect historical pulls. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { unissuedCursor, notFound } = errorChecks('team');
const { missingKey, unknownKey, otherTeamsUser } = teamKeyChecks;

type Query = { user_id?: string; provider?: TeamSchemas['ProviderSlug'] | TeamSchemas['Labs']; user_limit?: number; next_cursor?: string };
export const introspectHistoricalPulls = (client: TeamClient, query: Query = {}) => client.GET('/v2/introspect/historical_pull', { params: { query } });
type Page = TeamSchemas['UserHistoricalPullsResponse'];

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getUserHistoricalPulls',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: '/v2/introspect/historical_pull', query: { user_limit: '10' } }),
  checks: [
    always('answers a page of users: on a mock the first example', async (t) => {
      t.expect.successOrFirstExample('team', 'getUserHistoricalPulls', await introspectHistoricalPulls(t.team, { user_limit: 5 }));
    }),
    notOnMock('state', 'a connection never pulled has every resource in not_pulled; a lab slug lists no user', async (t) => {
      const { user_id } = await t.fixtures.createUser();
      await t.team.POST('/v2/link/connect/demo', { body: { user_id, provider: 'oura' } });
      const page = t.expect.success<Page>('team', 'getUserHistoricalPulls', await introspectHistoricalPulls(t.team, { user_id }));
      checkEqual(page.data.map((entry) => [entry.user_id, Object.keys(entry.provider)]), [[user_id, ['oura']]], 'the users and their providers');
      checkEqual(page.data[0]!.provider.oura?.pulled, {}, 'nothing pulled');
      checkEqual(page.data[0]!.provider.oura?.not_pulled.includes('sleep'), true, 'sleep not pulled');
      checkEqual(t.expect.success<Page>('team', 'getUserHistoricalPulls', await introspectHistoricalPulls(t.team, { provider: 'labcorp' })).data, [], 'users of a lab');
    }),
    always('422 naming ["query", "provider"] for a slug that is neither a provider nor a lab', async (t) => {
      const outcome = await introspectHistoricalPulls(t.team, { provider: 'not_a_provider' as TeamSchemas['Labs'] });
      t.expect.validation('team', 'getUserHistoricalPulls', outcome, [{ loc: ['query', 'provider'] }]);
    }),
    unissuedCursor('getUserHistoricalPulls', (t) => introspectHistoricalPulls(t.team, { next_cursor: 'not-a-cursor' })),
    notFound('getUserHistoricalPulls', '404 for a user_id that is no user', (t) => introspectHistoricalPulls(t.team, { user_id: UNKNOWN_ID })),
    otherTeamsUser('getUserHistoricalPulls', "404 for a user of another team (with that team's key)", (other, { user_id }) => introspectHistoricalPulls(other, { user_id })),
    missingKey('getUserHistoricalPulls', (t) => introspectHistoricalPulls(t.teamWithoutKey)),
    unknownKey('getUserHistoricalPulls', (_t, client) => introspectHistoricalPulls(client)),
  ],
};
