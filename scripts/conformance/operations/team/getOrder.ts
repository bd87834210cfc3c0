/** GET /v3/order/{order_id}: Get an order. */
import { checkEqual } from '../../assertions.js';
import { always, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { newOrder } from '../../world.js';
import { fixtureOrder, otherTeamsOrder } from '../../lab-results.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const get = (client: TeamClient, id: string) => client.GET('/v3/order/{order_id}', { params: { path: { order_id: id } } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getOrder',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v3/order/${(await newOrder(a)).order_id}` }),
  fuzzPools: (a, b) => ({ order_id: [...a.orderIds, ...a.orderIds, ...b.orderIds] }),
  checks: [
    always('reads an order: on a mock the first example, on a server the order createOrder answered', async (t) => {
      const created = await fixtureOrder(t, 'example');
      const read = t.expect.successOrFirstExample<TeamSchemas['Order']>('team', 'getOrder', await get(t.team, created.order.id));
      if (!t.isMock) checkEqual(read, created.order, 'the order read back');
    }),
    pathNotAUuid('getOrder', 'order_id', (t) => get(t.team, NOT_A_UUID)),
    notFound('getOrder', '404 for an unknown order_id', (t) => get(t.team, UNKNOWN_ID)),
    otherTeamsOrder('getOrder', get),
    missingKey('getOrder', (t) => get(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('getOrder', (_t, client) => get(client, UNKNOWN_ID)),
  ],
};
