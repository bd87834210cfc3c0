import type { operations } from '../../../../generated/management/schema.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';

/** GET /v1/org/{org_id}/team/{team_id}/webhook_endpoint: List webhook endpoints. */
export const listWebhookEndpoints =
  (_deps: Deps): Handler<operations['listWebhookEndpoints'], ManagementContext> =>
  async (_request, _context) => {
    // Return one of the { status, body } pairs the operation declares, e.g. { status: 200, body: ... }.
    throw new ApiError(501, 'listWebhookEndpoints (GET /v1/org/{org_id}/team/{team_id}/webhook_endpoint) is not implemented yet.');
  };
