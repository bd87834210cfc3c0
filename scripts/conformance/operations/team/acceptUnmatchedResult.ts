/** POST /v3/unmatched_result/{raw_result_id}/accept: Accept an unmatched result. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { errorChecks, OVERSIZED, teamKeyChecks } from '../../shared-checks.js';
import { makeUnmatchedResult, newUnmatchedResult } from '../../unmatched-results.js';
import { newOrder } from '../../lab-results.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound, tooLarge } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const accept = (client: TeamClient, id: string, body: TeamSchemas['AcceptUnmatchedResultBody']) =>
  client.POST('/v3/unmatched_result/{raw_result_id}/accept', { params: { path: { raw_result_id: id } }, body });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'acceptUnmatchedResult',
  auth: { scope: 'team', otherTeam: { status: 404 } },
  validRequest: async ({ a }) => {
    const made = await newUnmatchedResult(a, true);
    return { method: 'POST', path: `/v3/unmatched_result/${made.id}/accept`, body: { order_id: made.order_id, note: 'Sample relabelled at the draw site.' } };
  },
  checks: [
    always('attaches a result to an open order, which completes: on a mock the first example', async (t) => {
      const order = await newOrder(t);
      const made = t.expect.successOrFirstExample<TeamSchemas['UnmatchedResult']>('team', 'createSandboxUnmatchedResult', await makeUnmatchedResult(t.team, { user_id: order.user_id, order_id: order.id }));
      const completed = t.expect.successOrFirstExample<TeamSchemas['Order']>('team', 'acceptUnmatchedResult', await accept(t.team, made.id, { order_id: order.id }));
      if (!t.isMock) checkEqual({ id: completed.id, status: completed.status }, { id: order.id, status: 'completed' }, 'the order');
    }),
    notOnMock('domain-rules', '422 naming ["body"] without order_id or user_id', async (t) => {
      const { user_id } = await t.fixtures.user();
      const made = t.expect.success<TeamSchemas['UnmatchedResult']>('team', 'createSandboxUnmatchedResult', await makeUnmatchedResult(t.team, { user_id }));
      t.expect.validation('team', 'acceptUnmatchedResult', await accept(t.team, made.id, {}), [{ loc: ['body'] }]);
    }),
    always('422 naming ["body", "order_id"] when it is not a UUID', async (t) => {
      t.expect.validation('team', 'acceptUnmatchedResult', await accept(t.team, UNKNOWN_ID, { order_id: NOT_A_UUID }), [{ loc: ['body', 'order_id'], type: 'format' }]);
    }),
    pathNotAUuid('acceptUnmatchedResult', 'raw_result_id', (t) => accept(t.team, NOT_A_UUID, { order_id: UNKNOWN_ID })),
    notFound('acceptUnmatchedResult', '404 for an unknown raw_result_id', (t) => accept(t.team, UNKNOWN_ID, { order_id: UNKNOWN_ID })),
    tooLarge('acceptUnmatchedResult', (t) => t.team.POST('/v3/unmatched_result/{raw_result_id}/accept', { params: { path: { raw_result_id: UNKNOWN_ID } }, ...OVERSIZED })),
    missingKey('acceptUnmatchedResult', (t) => accept(t.teamWithoutKey, UNKNOWN_ID, { order_id: UNKNOWN_ID })),
    unknownKey('acceptUnmatchedResult', (_t, client) => accept(client, UNKNOWN_ID, { order_id: UNKNOWN_ID })),
  ],
};
