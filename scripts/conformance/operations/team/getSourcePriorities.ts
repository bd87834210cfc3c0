/** GET /v2/team/source/priorities: Get the team's source priorities. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { invalid } from '../../values.js';
import { teamKeyChecks } from '../../shared-checks.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { missingKey, unknownKey } = teamKeyChecks;

type DataType = TeamSchemas['PriorityResource'];
const getSourcePriorities = (client: TeamClient, data_type?: DataType) =>
  client.GET('/v2/team/source/priorities', { params: { query: data_type === undefined ? {} : { data_type } } });
type Priorities = TeamSchemas['SourcePriorityList'];

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getSourcePriorities',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: '/v2/team/source/priorities', query: { data_type: 'sleep' } }),
  checks: [
    always('reads the sleep order: on a mock the first example, on a server the sleep order alone', async (t) => {
      const read = t.expect.successOrFirstExample<Priorities>('team', 'getSourcePriorities', await getSourcePriorities(t.team, 'sleep'));
      if (!t.isMock) checkEqual(read.map((p) => p.data_type), ['sleep'], 'data types');
    }),
    notOnMock('state', 'without data_type, every data type in order', async (t) => {
      const read = t.expect.success<Priorities>('team', 'getSourcePriorities', await getSourcePriorities(t.team));
      checkEqual(read.map((p) => p.data_type), ['workouts', 'activity', 'sleep', 'body', 'timeseries'], 'data types');
    }),
    always('422 naming ["query", "data_type"] for a data type that is not one', async (t) => {
      t.expect.validation('team', 'getSourcePriorities', await getSourcePriorities(t.team, invalid('meal')), [{ loc: ['query', 'data_type'] }]);
    }),
    missingKey('getSourcePriorities', (t) => getSourcePriorities(t.teamWithoutKey)),
    unknownKey('getSourcePriorities', (_t, client) => getSourcePriorities(client)),
  ],
};
