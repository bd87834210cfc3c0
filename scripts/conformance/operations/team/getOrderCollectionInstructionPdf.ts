/** GET /v3/order/{order_id}/collection_instruction_pdf: Download the collection instructions of a lab order. */
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { placeOrderOn, placeTestkitOrder } from '../../order-documents.js';
import { otherTeamClient } from '../../requests.js';
import { expectPdf } from '../../pdf.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { NOT_A_UUID, STANDARD_WALK_IN_LAB_TEST, UNKNOWN_ID } from '../../values.js';
import type { TeamClient } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const getInstructionsPdf = (client: TeamClient, order_id: string) =>
  client.GET('/v3/order/{order_id}/collection_instruction_pdf', { params: { path: { order_id } }, parseAs: 'arrayBuffer' });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getOrderCollectionInstructionPdf',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v3/order/${(await placeTestkitOrder(a.team, a.users[0]!.user_id)).id}/collection_instruction_pdf` }),
  checks: [
    always('answers the collection instructions of a testkit order as application/pdf: on a server a PDF document', async (t) => {
      expectPdf(t, await getInstructionsPdf(t.team, (await placeTestkitOrder(t.team, (await t.fixtures.createUser()).user_id)).id));
    }),
    notOnMock('state', '400 for a walk-in order (a phlebotomist collects it)', async (t) => {
      const order = await placeOrderOn(t.team, (await t.fixtures.createUser()).user_id, STANDARD_WALK_IN_LAB_TEST);
      t.expect.error('team', 'getOrderCollectionInstructionPdf', await t.team.GET('/v3/order/{order_id}/collection_instruction_pdf', { params: { path: { order_id: order.id } } }), 400);
    }),
    pathNotAUuid('getOrderCollectionInstructionPdf', 'order_id', (t) => getInstructionsPdf(t.team, NOT_A_UUID)),
    missingKey('getOrderCollectionInstructionPdf', (t) => getInstructionsPdf(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('getOrderCollectionInstructionPdf', (_t, client) => getInstructionsPdf(client, UNKNOWN_ID)),
    notFound('getOrderCollectionInstructionPdf', '404 for an unknown order_id', (t) => getInstructionsPdf(t.team, UNKNOWN_ID)),
    notOnMock('credentials', "404 for an order of another team (with that team's key)", async (t) => {
      const other = await otherTeamClient(t);
      const order = await placeTestkitOrder(t.team, (await t.fixtures.createUser()).user_id);
      t.expect.error('team', 'getOrderCollectionInstructionPdf', await getInstructionsPdf(other, order.id), 404);
    }),
  ],
};
