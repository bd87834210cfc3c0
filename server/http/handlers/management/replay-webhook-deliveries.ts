import type { operations } from '../../../../generated/management/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';

/** POST /v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay: Replay webhook deliveries. */
export const replayWebhookDeliveries =
  (_deps: Deps): Handler<operations['replayWebhookDeliveries'], ManagementContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'replayWebhookDeliveries (POST /v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay) is not implemented yet.');
  };
