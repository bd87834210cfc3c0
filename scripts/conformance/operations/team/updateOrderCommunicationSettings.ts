/** PATCH /v3/order/{order_id}/communication_settings: Update an order's communication settings. */
import { checkEqual } from '../../assertions.js';
import { always, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { newOrder } from '../../world.js';
import { fixtureOrder, otherTeamsOrder } from '../../lab-results.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const update = (client: TeamClient, id: string, sms_enabled = false) =>
  client.PATCH('/v3/order/{order_id}/communication_settings', { params: { path: { order_id: id } }, body: { sms_enabled } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'updateOrderCommunicationSettings',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'PATCH', path: `/v3/order/${(await newOrder(a)).order_id}/communication_settings`, body: { sms_enabled: false } }),
  fuzzPools: (a, b) => ({ order_id: [...a.orderIds, ...a.orderIds, ...b.orderIds] }),
  checks: [
    always('stores the settings: on a mock the first example, on a server read back as stored', async (t) => {
      const created = await fixtureOrder(t, 'example');
      const answer = t.expect.successOrFirstExample<TeamSchemas['OrderCommunicationSettings']>('team', 'updateOrderCommunicationSettings', await update(t.team, created.order.id));
      if (!t.isMock) checkEqual(answer, { order_id: created.order.id, sms_enabled: false }, 'the stored settings');
    }),
    always('422 naming ["body", "sms_enabled"] when it is missing', async (t) => {
      const outcome = await t.team.PATCH('/v3/order/{order_id}/communication_settings', { params: { path: { order_id: UNKNOWN_ID } }, body: {} as { sms_enabled: boolean } });
      t.expect.validation('team', 'updateOrderCommunicationSettings', outcome, [{ loc: ['body', 'sms_enabled'] }]);
    }),
    pathNotAUuid('updateOrderCommunicationSettings', 'order_id', (t) => update(t.team, NOT_A_UUID)),
    notFound('updateOrderCommunicationSettings', '404 for an unknown order_id', (t) => update(t.team, UNKNOWN_ID)),
    otherTeamsOrder('updateOrderCommunicationSettings', (client, id) => update(client, id)),
    missingKey('updateOrderCommunicationSettings', (t) => update(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('updateOrderCommunicationSettings', (_t, client) => update(client, UNKNOWN_ID)),
  ],
};
