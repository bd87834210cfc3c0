/** GET /v3/order/{order_id}/communication_settings: Get an order's communication settings. */
import { checkEqual } from '../../assertions.js';
import { always, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { newOrder } from '../../world.js';
import { fixtureOrder, otherTeamsOrder } from '../../lab-results.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const read = (client: TeamClient, id: string) => client.GET('/v3/order/{order_id}/communication_settings', { params: { path: { order_id: id } } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getOrderCommunicationSettings',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v3/order/${(await newOrder(a)).order_id}/communication_settings` }),
  fuzzPools: (a, b) => ({ order_id: [...a.orderIds, ...a.orderIds, ...b.orderIds] }),
  checks: [
    always('reads the settings: on a mock the first example, on a server text messages on for a new order', async (t) => {
      const created = await fixtureOrder(t, 'example');
      const answer = t.expect.successOrFirstExample<TeamSchemas['OrderCommunicationSettings']>('team', 'getOrderCommunicationSettings', await read(t.team, created.order.id));
      if (!t.isMock) checkEqual(answer, { order_id: created.order.id, sms_enabled: true }, 'the settings of a new order');
    }),
    pathNotAUuid('getOrderCommunicationSettings', 'order_id', (t) => read(t.team, NOT_A_UUID)),
    notFound('getOrderCommunicationSettings', '404 for an unknown order_id', (t) => read(t.team, UNKNOWN_ID)),
    otherTeamsOrder('getOrderCommunicationSettings', read),
    missingKey('getOrderCommunicationSettings', (t) => read(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('getOrderCommunicationSettings', (_t, client) => read(client, UNKNOWN_ID)),
  ],
};
