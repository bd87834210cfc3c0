/** GET /v3/order/{order_id}/result/metadata: Get the metadata of a lab order's results. */
import { checkEqual } from '../../assertions.js';
import { completedOrder, newOrder, placeOrder, runCompletedOrder } from '../../lab-results.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { otherTeamClient } from '../../requests.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const getMetadata = (client: TeamClient, order_id: string) => client.GET('/v3/order/{order_id}/result/metadata', { params: { path: { order_id } } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getOrderResultMetadata',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v3/order/${(await completedOrder(a.team, a.users[0]!.user_id)).id}/result/metadata` }),
  checks: [
    always('reads the metadata of the results of a completed order: on a mock the first example', async (t) => {
      const order = await runCompletedOrder(t);
      const metadata = t.expect.successOrFirstExample<TeamSchemas['LabResultsMetadata']>('team', 'getOrderResultMetadata', await getMetadata(t.team, order.id));
      if (!t.isMock) checkEqual({ patient: metadata.patient, status: metadata.status }, { patient: 'Maria Lopez', status: 'final' }, 'patient and status');
    }),
    notOnMock('state', 'the metadata is the results\' metadata', async (t) => {
      const order = await runCompletedOrder(t);
      const results = t.expect.success<TeamSchemas['LabResultsRaw']>('team', 'getOrderResult', await t.team.GET('/v3/order/{order_id}/result', { params: { path: { order_id: order.id } } }));
      checkEqual(t.expect.success('team', 'getOrderResultMetadata', await getMetadata(t.team, order.id)), results.metadata, 'the metadata');
    }),
    notOnMock('state', '400 for an order that has not reached its results', async (t) => {
      t.expect.error('team', 'getOrderResultMetadata', await getMetadata(t.team, (await newOrder(t)).id), 400);
    }),
    pathNotAUuid('getOrderResultMetadata', 'order_id', (t) => getMetadata(t.team, NOT_A_UUID)),
    missingKey('getOrderResultMetadata', (t) => getMetadata(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('getOrderResultMetadata', (_t, client) => getMetadata(client, UNKNOWN_ID)),
    notFound('getOrderResultMetadata', '404 for an unknown order_id', (t) => getMetadata(t.team, UNKNOWN_ID)),
    notOnMock('credentials', "404 for an order of another team (with that team's key)", async (t) => {
      const other = await otherTeamClient(t);
      const order = await placeOrder(t.team, (await t.fixtures.user()).user_id);
      t.expect.error('team', 'getOrderResultMetadata', await getMetadata(other, order.id), 404);
    }),
  ],
};
