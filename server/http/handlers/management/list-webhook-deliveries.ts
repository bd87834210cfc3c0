import type { operations } from '../../../../generated/management/schema.js';
import { listWebhookDeliveries as listEndpointDeliveries, type WebhookDeliveryCursor } from '../../../storage/repositories/webhooks.js';
import { decodeCursor, encodeCursor } from '../../cursor.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';
import { requireWebhookEndpoint, toWebhookDelivery } from './webhook-views.js';

/**
 * GET /v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery: the endpoint's
 * deliveries, newest first, `page_size` per page (default 50), optionally of one status.
 */
export const listWebhookDeliveries =
  (deps: Deps): Handler<operations['listWebhookDeliveries'], ManagementContext> =>
  async ({ path, query }, { orgId }) => {
    const endpoint = await requireWebhookEndpoint(deps.db, orgId, path);
    const after = decodeCursor<{ created_on: string; id: string }>(query.next_cursor, ['created_on', 'id'], 'next_cursor');
    const page = await listEndpointDeliveries(deps.db, {
      endpoint_id: endpoint.id,
      status: query.status ?? null,
      after: after as WebhookDeliveryCursor | null,
      limit: query.page_size ?? 50,
    });
    return { status: 200, body: { data: page.rows.map(toWebhookDelivery), next_cursor: page.next ? encodeCursor(page.next) : null } };
  };
