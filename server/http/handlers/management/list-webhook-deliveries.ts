import type { operations } from '../../../../generated/management/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';

/** GET /v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery: List webhook deliveries. */
export const listWebhookDeliveries =
  (_deps: Deps): Handler<operations['listWebhookDeliveries'], ManagementContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'listWebhookDeliveries (GET /v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery) is not implemented yet.');
  };
