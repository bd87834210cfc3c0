import type { Queryable } from '../database.js';
import { isUuid, pageLimit, toPage, type Page } from './support.js';
import { eventBodySql } from './events.js';

// Webhook endpoints of teams, and the deliveries of their events (the outbox rows written
// by emitEvent). The delivery worker claims due deliveries here and records their outcome.

export interface WebhookEndpointRecord {
  id: string;
  team_id: string;
  url: string;
  /** Event types or `prefix.*` entries; null for every event. */
  event_types: string[] | null;
  description: string | null;
  created_on: string;
}

export interface WebhookEndpointWithSecretRecord extends WebhookEndpointRecord {
  /** The Standard Webhooks signing secret (`whsec_...`). */
  secret: string;
}

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookDeliveryRecord {
  id: string;
  endpoint_id: string;
  /** The event's id (uuid); its `webhook-id` is webhookMessageId(event_id). */
  event_id: string;
  event_type: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  created_on: string;
  last_attempt_at: string | null;
  /** When the next attempt is due; while an attempt runs, when its lease expires. Null once settled. */
  next_attempt_at: string | null;
  last_status_code: number | null;
  /** The start of the last attempt's response body (null: no answer, or no attempt yet). */
  last_response_body: string | null;
  /** Whether the body was longer than what last_response_body keeps. */
  last_response_body_truncated: boolean;
  last_error: string | null;
}

/** Keyset position in an endpoint's delivery list (newest first). */
export interface WebhookDeliveryCursor {
  created_on: string;
  id: string;
}

const ENDPOINT_COLUMNS = 'id, team_id, url, event_types, description, created_on';

export async function createWebhookEndpoint(
  db: Queryable,
  input: { team_id: string; url: string; event_types: readonly string[] | null; description: string | null; secret: string },
): Promise<WebhookEndpointWithSecretRecord> {
  const row = await db.one<WebhookEndpointWithSecretRecord>(
    `INSERT INTO webhook_endpoints (team_id, url, event_types, description, secret)
     VALUES ($1, $2, $3::text[], $4, $5)
     RETURNING ${ENDPOINT_COLUMNS}, secret`,
    [input.team_id, input.url, input.event_types ? [...input.event_types] : null, input.description, input.secret],
  );
  return row!;
}

/** The team's endpoints, oldest first, without their secrets. */
export async function listWebhookEndpoints(db: Queryable, teamId: string): Promise<WebhookEndpointRecord[]> {
  if (!isUuid(teamId)) return [];
  return db.query<WebhookEndpointRecord>(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE team_id = $1 ORDER BY created_on, id`, [teamId]);
}

/** The endpoint when it belongs to the team, else null. */
export async function findWebhookEndpoint(db: Queryable, input: { team_id: string; endpoint_id: string }): Promise<WebhookEndpointRecord | null> {
  if (!isUuid(input.team_id) || !isUuid(input.endpoint_id)) return null;
  return db.one<WebhookEndpointRecord>(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = $1 AND team_id = $2`, [input.endpoint_id, input.team_id]);
}

/** The team's oldest endpoint with exactly this URL, with its secret (bootstrap's WEBHOOK_URL). */
export async function findWebhookEndpointByUrl(db: Queryable, input: { team_id: string; url: string }): Promise<WebhookEndpointWithSecretRecord | null> {
  if (!isUuid(input.team_id)) return null;
  return db.one<WebhookEndpointWithSecretRecord>(
    `SELECT ${ENDPOINT_COLUMNS}, secret FROM webhook_endpoints WHERE team_id = $1 AND url = $2 ORDER BY created_on, id LIMIT 1`,
    [input.team_id, input.url],
  );
}

export async function setWebhookEndpointSecret(db: Queryable, input: { endpoint_id: string; secret: string }): Promise<void> {
  await db.query(`UPDATE webhook_endpoints SET secret = $2 WHERE id = $1`, [input.endpoint_id, input.secret]);
}

/** Deletes the endpoint with its deliveries; false when the team has no such endpoint. */
export async function deleteWebhookEndpoint(db: Queryable, input: { team_id: string; endpoint_id: string }): Promise<boolean> {
  if (!isUuid(input.team_id) || !isUuid(input.endpoint_id)) return false;
  const rows = await db.query(`DELETE FROM webhook_endpoints WHERE id = $1 AND team_id = $2 RETURNING id`, [input.endpoint_id, input.team_id]);
  return rows.length > 0;
}

const DELIVERY_COLUMNS = `d.id, d.endpoint_id, d.event_id, ev.event_type, d.status, d.attempts, d.created_on,
  d.last_attempt_at, d.next_attempt_at, d.last_status_code, d.last_response_body, d.last_response_body_truncated, d.last_error`;

/**
 * One page of an endpoint's deliveries, newest first, keyset-paged on (created_on, id)
 * descending, optionally only those of one status.
 */
export async function listWebhookDeliveries(
  db: Queryable,
  input: { endpoint_id: string; status?: string | null; after?: WebhookDeliveryCursor | null; limit?: number },
): Promise<Page<WebhookDeliveryRecord, WebhookDeliveryCursor>> {
  const limit = pageLimit(input.limit);
  if (!isUuid(input.endpoint_id) || (input.after && !isUuid(input.after.id))) return { rows: [], has_more: false, next: null };
  const rows = await db.query<WebhookDeliveryRecord>(
    `SELECT ${DELIVERY_COLUMNS}
     FROM webhook_deliveries d JOIN events ev ON ev.id = d.event_id
     WHERE d.endpoint_id = $1
       AND ($2::text IS NULL OR d.status = $2::text)
       AND ($3::timestamptz IS NULL OR (d.created_on, d.id) < ($3::timestamptz, $4::uuid))
     ORDER BY d.created_on DESC, d.id DESC
     LIMIT $5`,
    [input.endpoint_id, input.status ?? null, input.after?.created_on ?? null, input.after?.id ?? null, limit + 1],
  );
  return toPage(rows, limit, (row): WebhookDeliveryCursor => ({ created_on: row.created_on, id: row.id }));
}

/**
 * Queues deliveries of the endpoint again from a first attempt (pending, attempts 0, due
 * now; the event and so its webhook-id stay the same): the given ones, or every failed
 * one when `delivery_ids` is null. Ids of other endpoints are left alone. Returns how
 * many were queued.
 */
export async function replayWebhookDeliveries(db: Queryable, input: { endpoint_id: string; delivery_ids: readonly string[] | null }): Promise<number> {
  if (!isUuid(input.endpoint_id)) return 0;
  const ids = input.delivery_ids ? input.delivery_ids.filter(isUuid) : null;
  if (ids && ids.length === 0) return 0;
  const rows = await db.query(
    `UPDATE webhook_deliveries
     SET status = 'pending', attempts = 0, next_attempt_at = now(), last_attempt_at = NULL,
         last_status_code = NULL, last_response_body = NULL, last_response_body_truncated = false, last_error = NULL, claimed_by = NULL, claimed_at = NULL
     WHERE endpoint_id = $1
       AND (CASE WHEN $2::uuid[] IS NULL THEN status = 'failed' ELSE id = ANY ($2::uuid[]) END)
     RETURNING id`,
    [input.endpoint_id, ids],
  );
  return rows.length;
}

// ---- the delivery worker's queue -----------------------------------------------------------

/** A delivery a worker claimed: what it needs to send one attempt. */
export interface ClaimedDelivery {
  id: string;
  /** The claim's token (claimed_by): the outcome is recorded only while it still holds. */
  claim: string;
  /** This attempt's number, 1 for the first. */
  attempts: number;
  event_id: string;
  event_type: string;
  url: string;
  secret: string;
  /** The event's envelope as stored (the request body). */
  body: string;
}

/** The result of one attempt, as the worker decided it. */
export interface DeliveryOutcome {
  id: string;
  claim: string;
  status: WebhookDeliveryStatus;
  status_code: number | null;
  /** The start of the response body (keptResponseBody); null when the attempt got no answer. */
  response_body: string | null;
  response_body_truncated: boolean;
  error: string | null;
  /** For `pending`: the retry delay. */
  retry_in_ms: number | null;
}

/**
 * One turn of a delivery worker, in one statement (one commit):
 *
 * - records the `outcomes` of finished attempts; an outcome whose claim no longer holds
 *   (the lease expired and another worker took the row, or the delivery was replayed or
 *   deleted meanwhile) is ignored;
 * - claims up to `limit` due pending deliveries, oldest due first, for one attempt each:
 *   counts the attempt and leases the row to `claimedBy` for `leaseMs` by moving its
 *   next_attempt_at to the lease's end. Rows other workers hold are skipped
 *   (FOR UPDATE SKIP LOCKED), so several processes share the queue; when a worker dies
 *   mid-attempt, its rows become due again once the lease expires.
 */
export async function claimDueDeliveries(
  db: Queryable,
  input: { limit: number; claimedBy: string; leaseMs: number; outcomes?: readonly DeliveryOutcome[] },
): Promise<ClaimedDelivery[]> {
  const outcomes = input.outcomes ?? [];
  // An idle worker polls a few times a second: with nothing to record, a look at the due index
  // (a fraction of a millisecond) spares the full statement (a few ms of planning on PGlite,
  // during which the server answers nothing).
  if (outcomes.length === 0 && (input.limit < 1 || !(await db.one(`SELECT 1 FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= now() LIMIT 1`)))) {
    return [];
  }
  return db.query<ClaimedDelivery>(
    `WITH settled AS (
       UPDATE webhook_deliveries d
       SET status = r.status,
           last_attempt_at = d.claimed_at,
           last_status_code = r.status_code,
           last_response_body = r.response_body,
           last_response_body_truncated = r.response_body_truncated,
           last_error = r.error,
           next_attempt_at = CASE WHEN r.status = 'pending' THEN now() + make_interval(secs => r.retry_ms / 1000) END,
           claimed_by = NULL,
           claimed_at = NULL
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::integer[], $5::text[], $6::double precision[], $10::text[], $11::boolean[])
            AS r(id, claim, status, status_code, error, retry_ms, response_body, response_body_truncated)
       WHERE d.id = r.id AND d.claimed_by = r.claim
       RETURNING d.id
     ),
     due AS (
       SELECT id FROM webhook_deliveries
       WHERE status = 'pending' AND next_attempt_at <= now() AND id <> ALL ($1::uuid[])
       ORDER BY next_attempt_at
       LIMIT $7
       FOR UPDATE SKIP LOCKED
     )
     UPDATE webhook_deliveries d
     SET attempts = d.attempts + 1, claimed_by = $8, claimed_at = now(),
         next_attempt_at = now() + make_interval(secs => $9::double precision / 1000)
     FROM due, webhook_endpoints e, events ev
     WHERE d.id = due.id AND e.id = d.endpoint_id AND ev.id = d.event_id
     RETURNING d.id, d.claimed_by AS claim, d.attempts, d.event_id, ev.event_type, e.url, e.secret, ${eventBodySql('ev')} AS body`,
    [
      outcomes.map((o) => o.id),
      outcomes.map((o) => o.claim),
      outcomes.map((o) => o.status),
      outcomes.map((o) => o.status_code),
      outcomes.map((o) => o.error),
      outcomes.map((o) => o.retry_in_ms),
      Math.max(0, input.limit),
      input.claimedBy,
      input.leaseMs,
      outcomes.map((o) => o.response_body),
      outcomes.map((o) => o.response_body_truncated),
    ],
  );
}

/** Records attempt outcomes without claiming anything (see claimDueDeliveries). */
export async function completeDeliveries(db: Queryable, outcomes: readonly DeliveryOutcome[]): Promise<void> {
  if (outcomes.length > 0) await claimDueDeliveries(db, { limit: 0, claimedBy: '', leaseMs: 0, outcomes });
}

/**
 * Gives claimed deliveries back without counting their attempt (a worker stopping with
 * attempts it interrupted): due again now, for any worker.
 */
export async function releaseDeliveries(db: Queryable, claims: readonly { id: string; claim: string }[]): Promise<number> {
  if (claims.length === 0) return 0;
  const rows = await db.query(
    `UPDATE webhook_deliveries d
     SET attempts = greatest(d.attempts - 1, 0), next_attempt_at = now(), claimed_by = NULL, claimed_at = NULL
     FROM unnest($1::uuid[], $2::text[]) AS r(id, claim)
     WHERE d.id = r.id AND d.claimed_by = r.claim AND d.status = 'pending'
     RETURNING d.id`,
    [claims.map((c) => c.id), claims.map((c) => c.claim)],
  );
  return rows.length;
}

/** Counts of deliveries by status (optionally of one endpoint), for tests, benchmarks and the CLI. */
export async function countWebhookDeliveries(db: Queryable, endpointId?: string): Promise<Record<WebhookDeliveryStatus, number>> {
  const rows = await db.query<{ status: WebhookDeliveryStatus; count: number }>(
    `SELECT status, count(*)::integer AS count FROM webhook_deliveries WHERE ($1::uuid IS NULL OR endpoint_id = $1::uuid) GROUP BY status`,
    [endpointId ?? null],
  );
  const counts: Record<WebhookDeliveryStatus, number> = { pending: 0, succeeded: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}
