import type { components } from '../../../../generated/management/schema.js';
import { webhookMessageId } from '../../../domain/webhooks/rules.js';
import type { Queryable } from '../../../storage/database.js';
import { findWebhookEndpoint, type WebhookDeliveryRecord, type WebhookEndpointRecord } from '../../../storage/repositories/webhooks.js';
import { notFound } from '../../api-error.js';
import { requireTeam } from './views.js';

type Schemas = components['schemas'];

export const toWebhookEndpoint = (endpoint: WebhookEndpointRecord): Schemas['WebhookEndpoint'] => ({
  id: endpoint.id,
  url: endpoint.url,
  event_types: endpoint.event_types,
  description: endpoint.description,
  created_on: endpoint.created_on,
});

export const toWebhookDelivery = (delivery: WebhookDeliveryRecord): Schemas['WebhookDelivery'] => ({
  id: delivery.id,
  event_id: webhookMessageId(delivery.event_id),
  event_type: delivery.event_type,
  status: delivery.status,
  attempts: delivery.attempts,
  created_on: delivery.created_on,
  last_attempt_at: delivery.last_attempt_at,
  next_attempt_at: delivery.next_attempt_at,
  last_status_code: delivery.last_status_code,
  last_response_body: delivery.last_response_body,
  last_response_body_truncated: delivery.last_response_body_truncated,
  last_error: delivery.last_error,
});

/** The endpoint when it belongs to the team (of the key's org), else a 404. */
export async function requireWebhookEndpoint(
  db: Queryable,
  keyOrgId: string,
  path: { org_id: string; team_id: string; endpoint_id: string },
): Promise<WebhookEndpointRecord> {
  const team = await requireTeam(db, keyOrgId, path);
  const endpoint = await findWebhookEndpoint(db, { team_id: team.id, endpoint_id: path.endpoint_id });
  if (!endpoint) throw notFound(`Webhook endpoint ${path.endpoint_id} not found in team ${path.team_id}.`);
  return endpoint;
}
