import type { operations } from '../../../../generated/management/schema.js';
import { listWebhookEndpoints as listTeamWebhookEndpoints } from '../../../storage/repositories/webhooks.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';
import { requireTeam } from './views.js';
import { toWebhookEndpoint } from './webhook-views.js';

/** GET /v1/org/{org_id}/team/{team_id}/webhook_endpoint: the team's endpoints, oldest first, without secrets. */
export const listWebhookEndpoints =
  (deps: Deps): Handler<operations['listWebhookEndpoints'], ManagementContext> =>
  async ({ path }, { orgId }) => {
    const team = await requireTeam(deps.db, orgId, path);
    const endpoints = await listTeamWebhookEndpoints(deps.db, team.id);
    return { status: 200, body: { data: endpoints.map(toWebhookEndpoint) } };
  };
