import type { operations } from '../../../../generated/management/schema.js';
import { deleteWebhookEndpoint as removeWebhookEndpoint } from '../../../storage/repositories/webhooks.js';
import { notFound } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';
import { requireTeam } from './views.js';

/**
 * DELETE /v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}: the endpoint and its
 * deliveries are deleted; an attempt in flight finishes but its outcome is not recorded.
 */
export const deleteWebhookEndpoint =
  (deps: Deps): Handler<operations['deleteWebhookEndpoint'], ManagementContext> =>
  async ({ path }, { orgId }) => {
    const team = await requireTeam(deps.db, orgId, path);
    if (!(await removeWebhookEndpoint(deps.db, { team_id: team.id, endpoint_id: path.endpoint_id }))) {
      throw notFound(`Webhook endpoint ${path.endpoint_id} not found in team ${path.team_id}.`);
    }
    return { status: 200, body: { success: true } };
  };
