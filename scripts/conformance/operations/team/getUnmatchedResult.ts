/** GET /v3/unmatched_result/{raw_result_id}: Get an unmatched result. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { makeUnmatchedResult, newUnmatchedResult } from '../../unmatched-results.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { otherTeamClient } from '../../requests.js';
import { MANAGEMENT } from '../../shared-checks.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const get = (client: TeamClient, id: string) => client.GET('/v3/unmatched_result/{raw_result_id}', { params: { path: { raw_result_id: id } } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getUnmatchedResult',
  auth: { scope: 'team', otherTeam: { status: 404 } },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v3/unmatched_result/${(await newUnmatchedResult(a)).id}` }),
  checks: [
    always('reads an unmatched result: on a mock the first example, on a server the one made', async (t) => {
      const { user_id } = await t.fixtures.user();
      const made = t.expect.successOrFirstExample<TeamSchemas['UnmatchedResult']>('team', 'createSandboxUnmatchedResult', await makeUnmatchedResult(t.team, { user_id }));
      const read = t.expect.successOrFirstExample<TeamSchemas['UnmatchedResult']>('team', 'getUnmatchedResult', await get(t.team, made.id));
      if (!t.isMock) checkEqual(read, made, 'the result read back');
    }),
    pathNotAUuid('getUnmatchedResult', 'raw_result_id', (t) => get(t.team, NOT_A_UUID)),
    notFound('getUnmatchedResult', '404 for an unknown raw_result_id', (t) => get(t.team, UNKNOWN_ID)),
    notOnMock('credentials', "404 for another team's result", async (t) => {
      const { user_id } = await t.fixtures.user();
      const made = t.expect.success<TeamSchemas['UnmatchedResult']>('team', 'createSandboxUnmatchedResult', await makeUnmatchedResult(t.team, { user_id }));
      t.expect.error('team', 'getUnmatchedResult', await get(await otherTeamClient(t), made.id), 404);
    }, MANAGEMENT),
    missingKey('getUnmatchedResult', (t) => get(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('getUnmatchedResult', (_t, client) => get(client, UNKNOWN_ID)),
  ],
};
