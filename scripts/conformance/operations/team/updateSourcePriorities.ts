/** PATCH /v2/team/source/priorities: Update the team's source priorities. */
import { checkEqual } from '../../assertions.js';
import { requestExample } from '../../examples.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { otherTeamClient } from '../../requests.js';
import { errorChecks, MANAGEMENT, OVERSIZED, teamKeyChecks } from '../../shared-checks.js';
import { invalid } from '../../values.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { tooLarge } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;

type Update = TeamSchemas['SourcePrioritiesUpdate'];
type Priorities = TeamSchemas['SourcePriorityList'];
const updateSourcePriorities = (client: TeamClient, body: Update) => client.PATCH('/v2/team/source/priorities', { body });
const orderOf = (list: Priorities, dataType: string) => list.find((p) => p.data_type === dataType)?.providers ?? [];

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'updateSourcePriorities',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'PATCH', path: '/v2/team/source/priorities', body: requestExample('team', 'updateSourcePriorities', 'sleep_and_workouts') }),
  checks: [
    always("puts the listed providers first: on a mock the first example, on a server in the run's own team", async (t) => {
      if (t.isMock) {
        t.expect.successOrFirstExample<Priorities>('team', 'updateSourcePriorities', await updateSourcePriorities(t.team, { sleep: ['oura'] }));
        return;
      }
      const own = await otherTeamClient(t);
      const updated = t.expect.success<Priorities>('team', 'updateSourcePriorities', await updateSourcePriorities(own, { sleep: ['oura'], workouts: ['strava', 'garmin'] }));
      checkEqual([orderOf(updated, 'sleep')[0], orderOf(updated, 'workouts').slice(0, 2)], ['oura', ['strava', 'garmin']], 'first providers');
      const reset = t.expect.success<Priorities>('team', 'updateSourcePriorities', await updateSourcePriorities(own, { sleep: [], workouts: [] }));
      checkEqual(reset.every((p) => p.updated_at === null), true, 'every data type back to the default');
    }, MANAGEMENT),
    always('422 naming ["body", "sleep"] for a provider listed twice', async (t) => {
      t.expect.validation('team', 'updateSourcePriorities', await updateSourcePriorities(t.team, { sleep: ['oura', 'oura'] }), [{ loc: ['body', 'sleep'] }]);
    }),
    always('422 naming ["body", "meal"] for a data type that is not one', async (t) => {
      t.expect.validation('team', 'updateSourcePriorities', await updateSourcePriorities(t.team, invalid({ meal: ['oura'] })), [{ loc: ['body', 'meal'] }]);
    }),
    notOnMock('domain-rules', '422 naming ["body", "body", 0] for a provider that supplies no body data', async (t) => {
      t.expect.validation('team', 'updateSourcePriorities', await updateSourcePriorities(t.team, { body: ['strava'] }), [{ loc: ['body', 'body', 0] }]);
    }),
    tooLarge('updateSourcePriorities', (t) => t.team.PATCH('/v2/team/source/priorities', OVERSIZED)),
    missingKey('updateSourcePriorities', (t) => updateSourcePriorities(t.teamWithoutKey, {})),
    unknownKey('updateSourcePriorities', (_t, client) => updateSourcePriorities(client, {})),
  ],
};
