/** POST /v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay: Replay webhook deliveries. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, OVERSIZED, managementKeyChecks, NEEDS } from '../../shared-checks.js';
import { endpointBody, ownEndpointPath, unknownEndpointPath, replayWebhookDeliveries, type Schemas } from '../../requests.js';
import { requestExample } from '../../examples.js';
import { managementPath } from '../../world.js';

const { notFound, tooLarge } = errorChecks('management');
const { keyChecks } = managementKeyChecks;

export const definition: OperationDefinition = {
  api: 'management',
  operationId: 'replayWebhookDeliveries',
  needs: NEEDS,
  auth: { scope: 'management' },
  validRequest: async (w) => ({ method: 'POST', path: managementPath(w, `/webhook_endpoint/${w.a2.endpointIds[0]}/replay`), body: requestExample('management', 'replayWebhookDeliveries', 'all_failed') }),
  checks: [
    always('replays every failed delivery of a new endpoint: on a mock the first example, on a server none replayed', async (t) => {
      const endpoint = await t.fixtures.createWebhookEndpoint(endpointBody(t), 'firstExample');
      const outcome = await replayWebhookDeliveries(t.management, await ownEndpointPath(t, endpoint.id));
      const result = t.expect.successOrFirstExample('management', 'replayWebhookDeliveries', outcome);
      if (!t.isMock) checkEqual(result, { replayed: 0 }, 'result');
    }),
    notOnMock('state', 'replays a delivery by id from a first attempt, and counts only deliveries of the endpoint', async (t) => {
      const delivery = await t.fixtures.delivery();
      const endpoint = await t.fixtures.webhookEndpoint();
      const path = await ownEndpointPath(t, endpoint.id);
      const replay = async (delivery_ids: string[]) =>
        t.expect.success<Schemas['ReplayWebhookDeliveriesResult']>('management', 'replayWebhookDeliveries', await replayWebhookDeliveries(t.management, path, { delivery_ids }));
      checkEqual(await replay([delivery.id]), { replayed: 1 }, 'replaying the delivery');
      checkEqual(await replay([UNKNOWN_ID]), { replayed: 0 }, 'replaying an id of no delivery of the endpoint');
    }),
    always('422 naming ["body", "delivery_ids", 0] when it is not a UUID', async (t) => {
      const outcome = await replayWebhookDeliveries(t.management, unknownEndpointPath(t), { delivery_ids: [NOT_A_UUID] });
      t.expect.validation('management', 'replayWebhookDeliveries', outcome, [{ loc: ['body', 'delivery_ids', 0], type: 'format' }]);
    }),
    tooLarge('replayWebhookDeliveries', (t) => t.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', { params: { path: unknownEndpointPath(t) }, ...OVERSIZED })),
    ...keyChecks('replayWebhookDeliveries', (t, client) => replayWebhookDeliveries(client, unknownEndpointPath(t))),
    notFound('replayWebhookDeliveries', '404 for an unknown endpoint', async (t) => replayWebhookDeliveries(t.management, await ownEndpointPath(t, UNKNOWN_ID))),
  ],
};
