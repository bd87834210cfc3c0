/** PATCH /v3/order/{order_id}/draw_completed: Record an on-site draw. */
import { checkEqual } from '../../assertions.js';
import { always, must, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, orderBody, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { newUser } from '../../world.js';
import { fixtureOrder, otherTeamsOrder } from '../../lab-results.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
/** The standard on-site collection lab test of every team. */
const ON_SITE_LAB_TEST = '2d3fac50-5e79-4f21-9d70-5b9caf4e3023';
const draw = (client: TeamClient, id: string) => client.PATCH('/v3/order/{order_id}/draw_completed', { params: { path: { order_id: id } } });
const onSiteOrder = async (client: TeamClient, userId: string) =>
  must('createOrder', await client.POST('/v3/order', { body: { ...orderBody(userId), order_set: { lab_test_ids: [ON_SITE_LAB_TEST] } } })).order;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'updateOrderDrawCompleted',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'PATCH', path: `/v3/order/${(await onSiteOrder(a.team, (await newUser(a)).user_id)).id}/draw_completed` }),
  checks: [
    always('records the draw: on a mock the first example, on a server draw_completed', async (t) => {
      const { user_id } = await t.fixtures.user();
      const order = t.isMock ? { id: UNKNOWN_ID } : await onSiteOrder(t.team, user_id);
      const answer = t.expect.successOrFirstExample<TeamSchemas['OrderResponse']>('team', 'updateOrderDrawCompleted', await draw(t.team, order.id));
      if (!t.isMock) checkEqual(answer.order.last_event.status, 'sample_with_lab.on_site_collection.draw_completed', 'the status after the draw');
    }),
    notOnMock('domain-rules', '400 for an order of another collection method', async (t) => {
      const created = await fixtureOrder(t);
      t.expect.error('team', 'updateOrderDrawCompleted', await draw(t.team, created.order.id), 400);
    }),
    pathNotAUuid('updateOrderDrawCompleted', 'order_id', (t) => draw(t.team, NOT_A_UUID)),
    notFound('updateOrderDrawCompleted', '404 for an unknown order_id', (t) => draw(t.team, UNKNOWN_ID)),
    otherTeamsOrder('updateOrderDrawCompleted', draw),
    missingKey('updateOrderDrawCompleted', (t) => draw(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('updateOrderDrawCompleted', (_t, client) => draw(client, UNKNOWN_ID)),
  ],
};
