import type { operations } from '../../../../generated/management/schema.js';
import { endpointUrlProblem, eventTypeFilterProblem, newWebhookSecret } from '../../../domain/webhooks/rules.js';
import { createWebhookEndpoint as insertWebhookEndpoint } from '../../../storage/repositories/webhooks.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';
import { requireTeam } from './views.js';
import { toWebhookEndpoint } from './webhook-views.js';

/**
 * POST /v1/org/{org_id}/team/{team_id}/webhook_endpoint: registers a URL (HTTPS, or HTTP to
 * a loopback host) with a new `whsec_` secret, shown only in this answer. Each event-type filter
 * must let some event through (a known type, or a prefix `.*` of one); one 422 names every problem.
 */
export const createWebhookEndpoint =
  (deps: Deps): Handler<operations['createWebhookEndpoint'], ManagementContext> =>
  async ({ path, body }, { orgId }) => {
    const team = await requireTeam(deps.db, orgId, path);
    const urlProblem = endpointUrlProblem(body.url);
    const problems = [
      ...(urlProblem ? [{ loc: ['body', 'url'], msg: urlProblem, type: 'value_error' }] : []),
      ...(body.event_types ?? []).flatMap((entry, i) => {
        const problem = eventTypeFilterProblem(entry);
        return problem ? [{ loc: ['body', 'event_types', i], msg: problem, type: 'value_error' }] : [];
      }),
    ];
    if (problems.length > 0) throw new ValidationFailure(problems);
    const eventTypes = body.event_types ? [...new Set(body.event_types)] : null;
    const endpoint = await insertWebhookEndpoint(deps.db, {
      team_id: team.id,
      url: body.url,
      event_types: eventTypes,
      description: body.description ?? null,
      secret: newWebhookSecret(),
    });
    return { status: 200, body: { ...toWebhookEndpoint(endpoint), secret: endpoint.secret } };
  };
