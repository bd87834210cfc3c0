/** GET /v2/user/metrics: Get the team's metrics. */
import { check, checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { teamKeyChecks } from '../../shared-checks.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { missingKey, unknownKey } = teamKeyChecks;

const getTeamMetrics = (client: TeamClient) => client.GET('/v2/user/metrics');
type Metrics = TeamSchemas['TeamMetrics'];

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getTeamMetrics',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: '/v2/user/metrics' }),
  checks: [
    always("reads the team's metrics: on a mock the first example, on a server twelve weeks", async (t) => {
      const metrics = t.expect.successOrFirstExample<Metrics>('team', 'getTeamMetrics', await getTeamMetrics(t.team));
      if (!t.isMock) checkEqual(metrics.number_of_connected_sources_by_week.length, 12, 'weeks');
    }),
    notOnMock('state', 'a new user counts one more user', async (t) => {
      const before = t.expect.success<Metrics>('team', 'getTeamMetrics', await getTeamMetrics(t.team));
      await t.fixtures.createUser();
      const after = t.expect.success<Metrics>('team', 'getTeamMetrics', await getTeamMetrics(t.team));
      check(after.number_of_users >= before.number_of_users + 1, `number_of_users went from ${before.number_of_users} to ${after.number_of_users}`);
    }),
    missingKey('getTeamMetrics', (t) => getTeamMetrics(t.teamWithoutKey)),
    unknownKey('getTeamMetrics', (_t, client) => getTeamMetrics(client)),
  ],
};
