/** GET /v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery: List webhook deliveries. */
import { check, checkEqual, show } from '../../assertions.js';
import { always, notOnMock, must, type OperationDefinition } from '../../operation.js';
import { invalid, NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, managementKeyChecks, NEEDS } from '../../shared-checks.js';
import { endpointBody, ownEndpointPath, unknownEndpointPath, listWebhookDeliveries, collectPages, type Schemas, type ListDeliveriesQuery } from '../../requests.js';
import { managementPath } from '../../world.js';

const { unissuedCursor, notFound } = errorChecks('management');
const { keyChecks } = managementKeyChecks;

export const definition: OperationDefinition = {
  api: 'management',
  operationId: 'listWebhookDeliveries',
  needs: NEEDS,
  auth: { scope: 'management' },
  validRequest: async (w) => ({ method: 'GET', path: managementPath(w, `/webhook_endpoint/${w.a2.endpointIds[0]}/delivery`) }),
  seed: {
    order: 130,
    /** The deliveries of the kept endpoint, and a cursor of their list. */
    async run(seeding) {
      const path = { ...seeding.path, endpoint_id: seeding.endpointIds[0]! };
      const url = '/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery' as const;
      seeding.deliveryIds.push(...must('listWebhookDeliveries', await seeding.management.GET(url, { params: { path } })).data.map((delivery) => delivery.id));
      const cursor = must('listWebhookDeliveries', await seeding.management.GET(url, { params: { path, query: { page_size: 1 } } })).next_cursor;
      if (cursor !== null) seeding.cursors.push(cursor);
    },
  },
  checks: [
    always('lists the deliveries of an endpoint', async (t) => {
      await t.fixtures.delivery();
    }),
    always('lists the failed deliveries of a new endpoint: on a mock the first example, on a server an empty last page', async (t) => {
      // A new endpoint: no event happened since it was registered, so it has no delivery at all.
      const endpoint = await t.fixtures.createWebhookEndpoint(endpointBody(t), 'firstExample');
      const outcome = await listWebhookDeliveries(t.management, await ownEndpointPath(t, endpoint.id), { status: 'failed', page_size: 10 });
      const page = t.expect.successOrFirstExample('management', 'listWebhookDeliveries', outcome);
      if (!t.isMock) checkEqual(page, { data: [], next_cursor: null }, 'page');
    }),
    notOnMock('state', 'a new connection of a user of the team makes a provider.connection.created delivery', async (t) => {
      const delivery = await t.fixtures.delivery();
      checkEqual(delivery.event_type, 'provider.connection.created', 'event_type');
    }),
    notOnMock('static-examples', 'status filters the deliveries and page_size pages them', async (t) => {
      const delivery = await t.fixtures.delivery();
      const endpoint = await t.fixtures.webhookEndpoint();
      const path = await ownEndpointPath(t, endpoint.id);
      const list = async (query: ListDeliveriesQuery) =>
        t.expect.success<Schemas['WebhookDeliveryPage']>('management', 'listWebhookDeliveries', await listWebhookDeliveries(t.management, path, query));
      for (const status of ['pending', 'succeeded', 'failed'] as const) {
        const page = await list({ status });
        check(page.data.every((listed) => listed.status === status), `status=${status} lists ${show(page.data.map((listed) => listed.status))}`);
      }
      const all = await collectPages(async (cursor) => {
        const page = await list({ page_size: 1, ...(cursor && { next_cursor: cursor }) });
        check(page.data.length <= 1, `page_size 1 answered ${page.data.length} deliveries`);
        return { items: page.data, next: page.next_cursor };
      });
      check(all.some((listed) => listed.id === delivery.id), 'paging does not list the delivery');
    }),
    always('422 for page_size 0 and 101, and for an unknown status', async (t) => {
      const list = (query: Record<string, unknown>) => listWebhookDeliveries(t.management, unknownEndpointPath(t), invalid(query));
      t.expect.validation('management', 'listWebhookDeliveries', await list({ page_size: 0 }), [{ loc: ['query', 'page_size'], type: 'greater_than_equal' }]);
      t.expect.validation('management', 'listWebhookDeliveries', await list({ page_size: 101 }), [{ loc: ['query', 'page_size'], type: 'less_than_equal' }]);
      t.expect.validation('management', 'listWebhookDeliveries', await list({ status: 'lost' }), [{ loc: ['query', 'status'], type: 'enum' }]);
    }),
    always('422 listing page_size 0 and an endpoint_id that is not a UUID, on a team that does not exist', async (t) => {
      const outcome = await listWebhookDeliveries(t.management, { ...unknownEndpointPath(t), endpoint_id: NOT_A_UUID }, { page_size: 0 });
      t.expect.validation('management', 'listWebhookDeliveries', outcome, [
        { loc: ['path', 'endpoint_id'], type: 'format' },
        { loc: ['query', 'page_size'], type: 'greater_than_equal' },
      ]);
    }),
    unissuedCursor('listWebhookDeliveries', async (t) => {
      const endpoint = await t.fixtures.webhookEndpoint();
      return listWebhookDeliveries(t.management, await ownEndpointPath(t, endpoint.id), { next_cursor: 'not-a-cursor' });
    }),
    ...keyChecks('listWebhookDeliveries', (t, client) => listWebhookDeliveries(client, unknownEndpointPath(t))),
    notFound('listWebhookDeliveries', '404 for an unknown endpoint', async (t) => listWebhookDeliveries(t.management, await ownEndpointPath(t, UNKNOWN_ID))),
  ],
};
