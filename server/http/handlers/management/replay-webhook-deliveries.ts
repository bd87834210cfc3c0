import type { operations } from '../../../../generated/management/schema.js';
import { replayWebhookDeliveries as replayEndpointDeliveries } from '../../../storage/repositories/webhooks.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';
import { requireWebhookEndpoint } from './webhook-views.js';

/**
 * POST /v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay: queues the given
 * deliveries of the endpoint (any status), or all its failed ones, from a first attempt;
 * the event, and so the `webhook-id`, stays the same. Ids of other endpoints are not counted.
 */
export const replayWebhookDeliveries =
  (deps: Deps): Handler<operations['replayWebhookDeliveries'], ManagementContext> =>
  async ({ path, body }, { orgId }) => {
    const endpoint = await requireWebhookEndpoint(deps.db, orgId, path);
    const replayed = await replayEndpointDeliveries(deps.db, { endpoint_id: endpoint.id, delivery_ids: body?.delivery_ids ?? null });
    return { status: 200, body: { replayed } };
  };
