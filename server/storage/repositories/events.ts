import { randomUUID } from 'node:crypto';
import type { Queryable } from '../database.js';
import { textArrayParameter } from '../binary-arrays.js';
import { labTestSnapshot, type LabTestSnapshots } from './lab-order-lab-tests.js';
import { isUuid, toPage, type Page } from './support.js';

/** The envelope every event shares (see the `webhooks` of the team API). */
export interface EventEnvelope<Data = unknown> {
  event_type: string;
  data: Data;
  team_id: string;
  user_id: string;
  client_user_id: string;
}

export interface EmittedEvent {
  id: string;
  /** False when an event with the same dedup key already existed (nothing was written). */
  created: boolean;
}

/**
 * How an event is stored: its envelope's JSON text, except that an order event's lab test
 * (stored once in lab_order_lab_tests, as the order's own) is written as `null`, with the
 * character position of that `null` (migration 016). eventBodySql puts it back on read.
 */
interface StoredPayload {
  json: string;
  lab_test_view: string | null;
  lab_test_at: number | null;
}

/** What stands for the lab test while the payload is serialised; found once, it becomes `null`. */
const LAB_TEST_PLACEHOLDER = `\u0000lab_test:${randomUUID()}\u0000`;
const LAB_TEST_PLACEHOLDER_JSON = JSON.stringify(LAB_TEST_PLACEHOLDER);

function storedPayload(event: EventEnvelope, labTestView: string | null | undefined, snapshots?: LabTestSnapshots): StoredPayload {
  const data = event.data as Record<string, unknown> | null;
  // Only the lab test stored under that digest is left out (the snapshot of a frozen value is memoised in `snapshots`).
  if (!labTestView || data === null || typeof data !== 'object' || data.lab_test === null || typeof data.lab_test !== 'object'
    || labTestSnapshot(data.lab_test, snapshots).digest !== labTestView) {
    return { json: JSON.stringify(event), lab_test_view: null, lab_test_at: null };
  }
  const json = JSON.stringify({ ...event, data: { ...data, lab_test: LAB_TEST_PLACEHOLDER } });
  const at = json.indexOf(LAB_TEST_PLACEHOLDER_JSON);
  // A string of the caller's equal to the placeholder (it would have to guess a random uuid):
  // the event is stored whole.
  if (at < 0 || json.indexOf(LAB_TEST_PLACEHOLDER_JSON, at + 1) >= 0) return { json: JSON.stringify(event), lab_test_view: null, lab_test_at: null };
  return { json: `${json.slice(0, at)}null${json.slice(at + LAB_TEST_PLACEHOLDER_JSON.length)}`, lab_test_view: labTestView, lab_test_at: characterCount(json, at) };
}

/** PostgreSQL counts text positions in characters (code points), JavaScript in UTF-16 units. */
function characterCount(text: string, end: number): number {
  let surrogatePairs = 0;
  for (let i = 0; i < end; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < end) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        surrogatePairs++;
        i++;
      }
    }
  }
  return end - surrogatePairs;
}

/**
 * An event's envelope as JSON text, as it was emitted: the stored payload with its lab test
 * (if it was stored apart) put back in place of its `null`. `alias` names the events row.
 */
export const eventBodySql = (alias: string) =>
  `CASE WHEN ${alias}.lab_test_view IS NULL THEN ${alias}.payload::text
        ELSE overlay(${alias}.payload::text PLACING (SELECT lt.view::text FROM lab_order_lab_tests lt WHERE lt.digest = ${alias}.lab_test_view) FROM ${alias}.lab_test_at + 1 FOR 4) END`;

/**
 * SQL: whether webhook endpoint `endpoint` (an alias) takes events of type `type` (an SQL
 * expression): it has no filter, or its filter names the type or a `prefix.*` of it.
 */
export const endpointTakes = (endpoint: string, type: string) =>
  `(${endpoint}.event_types IS NULL
    OR ${type} = ANY (${endpoint}.event_types)
    OR EXISTS (SELECT 1 FROM unnest(${endpoint}.event_types) f WHERE f LIKE '%.*' AND starts_with(${type}, left(f, -1))))`;

/**
 * SQL: the webhook endpoints of the teams `teams` (a condition on alias `e`) that deliveries are
 * written for, as a CTE body. On PostgreSQL each is locked FOR KEY SHARE (what the deliveries'
 * foreign key would take anyway) before the deliveries are written: an endpoint another
 * transaction is deleting is waited for and then left out. Read without the lock, it was taken,
 * and its delivery's foreign key then failed once the deletion committed, aborting the change
 * that emitted the event (a 500 for an order, a connection, a refresh). PGlite runs one
 * transaction at a time: no endpoint is ever being deleted beside the statement there.
 */
export const deliveryEndpointsSql = (db: Queryable, teams: string) =>
  `SELECT e.id, e.team_id, e.event_types FROM webhook_endpoints e WHERE ${teams}${db.kind === 'postgres' ? ' FOR KEY SHARE OF e' : ''}`;

export interface EmitOptions {
  /** A second emission with the same key is a no-op (emitEvent returns the first id). */
  dedupKey?: string | undefined;
  /**
   * `data.lab_test` is the lab test stored in lab_order_lab_tests under this digest (an
   * order's `lab_test_view`): the event is stored without it and read with it.
   */
  labTestView?: string | null | undefined;
  /** The app's memo of lab test digests (lab-order-lab-tests.ts), which checks `labTestView` without hashing the lab test again. */
  labTestSnapshots?: LabTestSnapshots | undefined;
}

/**
 * A new event's id, made here rather than by the column's default: on PGlite every
 * gen_random_uuid() opens, reads and closes /dev/urandom in its emulated file system, a path
 * lookup and a file each time; Node's randomUUID is the same kind of value (a version 4 uuid
 * from a cryptographic source) for almost nothing.
 */
export const newEventId = (): string => randomUUID();

/**
 * Writes an event to the outbox, with one pending delivery per endpoint of the
 * team whose filter matches (no filter, the exact type, or a `prefix.*` entry),
 * in the caller's transaction: the event exists if and only if the change that
 * caused it was committed. With a `dedupKey`, a second emission of the same
 * change is a no-op that returns the first id. The delivery worker sends the
 * deliveries afterwards (server/jobs/webhooks/worker.ts).
 */
export async function emitEvent(tx: Queryable, event: EventEnvelope, options: EmitOptions = {}): Promise<EmittedEvent> {
  const stored = storedPayload(event, options.labTestView, options.labTestSnapshots);
  // One round trip: the event and its deliveries (data-modifying CTEs run to completion).
  const inserted = await tx.one<{ id: string }>(
    `WITH inserted AS (
       INSERT INTO events (id, team_id, event_type, payload, dedup_key, lab_test_view, lab_test_at)
       VALUES ($7, $1, $2, $3::json, $4, $5, $6)
       ON CONFLICT ON CONSTRAINT events_dedup_key_key DO NOTHING
       RETURNING id
     ),
     endpoint AS MATERIALIZED (${deliveryEndpointsSql(tx, 'e.team_id = $1')}),
     deliveries AS (
       INSERT INTO webhook_deliveries (endpoint_id, event_id)
       SELECT e.id, i.id FROM inserted i, endpoint e
       WHERE ${endpointTakes('e', '$2')}
     )
     SELECT id FROM inserted`,
    [event.team_id, event.event_type, stored.json, options.dedupKey ?? null, stored.lab_test_view, stored.lab_test_at, newEventId()],
  );
  if (inserted) return { id: inserted.id, created: true };
  const existing = await tx.one<{ id: string }>(`SELECT id FROM events WHERE dedup_key = $1`, [options.dedupKey]);
  return { id: existing!.id, created: false };
}

export interface BatchEvent extends EmitOptions {
  event: EventEnvelope;
  /** Deliver only to endpoints whose filter names this exact event type (no filter, no `prefix.*`); not written at all when none does. */
  explicitOnly?: boolean;
}

/**
 * Writes the events of one team to the outbox in one statement, in order, each with a
 * pending delivery per matching endpoint (as emitEvent), in the caller's transaction.
 * Events marked `explicitOnly` match only endpoints that list their type by name; an event
 * whose `dedupKey` was emitted before is skipped. Returns how many events were written.
 */
export async function emitEvents(tx: Queryable, teamId: string, batch: readonly BatchEvent[]): Promise<number> {
  if (batch.length === 0) return 0;
  const types: string[] = [];
  const payloads: string[] = [];
  const explicit: boolean[] = [];
  const dedupKeys: (string | null)[] = [];
  const labTestViews: (string | null)[] = [];
  const labTestAt: (number | null)[] = [];
  const ids: string[] = [];
  for (const { event, explicitOnly, dedupKey, labTestView, labTestSnapshots } of batch) {
    const stored = storedPayload(event, labTestView, labTestSnapshots);
    types.push(event.event_type);
    payloads.push(stored.json);
    explicit.push(explicitOnly ?? false);
    dedupKeys.push(dedupKey ?? null);
    labTestViews.push(stored.lab_test_view);
    labTestAt.push(stored.lab_test_at);
    ids.push(newEventId());
  }
  const row = await tx.one<{ written: number }>(
    `WITH input AS (
       SELECT * FROM unnest($2::text[], $3::text[], $4::boolean[], $5::text[], $6::text[], $7::integer[], $8::uuid[])
         WITH ORDINALITY AS i(event_type, payload, explicit_only, dedup_key, lab_test_view, lab_test_at, id, ord)
     ),
     inserted AS (
       INSERT INTO events (id, team_id, event_type, payload, dedup_key, lab_test_view, lab_test_at)
       SELECT i.id, $1, i.event_type, i.payload::json, i.dedup_key, i.lab_test_view, i.lab_test_at FROM input i
       WHERE NOT i.explicit_only
          OR EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.team_id = $1 AND i.event_type = ANY (e.event_types))
       ORDER BY i.ord
       ON CONFLICT ON CONSTRAINT events_dedup_key_key DO NOTHING
       RETURNING id, event_type
     ),
     endpoint AS MATERIALIZED (${deliveryEndpointsSql(tx, 'e.team_id = $1')}),
     deliveries AS (
       INSERT INTO webhook_deliveries (endpoint_id, event_id)
       SELECT e.id, ins.id FROM inserted ins, endpoint e
       WHERE (ins.event_type = ANY (e.event_types)
              OR (NOT EXISTS (SELECT 1 FROM input i WHERE i.event_type = ins.event_type AND i.explicit_only)
                  AND ${endpointTakes('e', 'ins.event_type')}))
     )
     SELECT count(*)::int AS written FROM inserted`,
    [teamId, types, textArrayParameter(payloads), explicit, dedupKeys, labTestViews, labTestAt, ids],
  );
  return row?.written ?? 0;
}

/**
 * An event to be written by the statement that writes the change it reports, which knows
 * its user's client_user_id only as it runs (lab-orders.ts, insertOrders): its stored
 * payload up to that value, which comes last in the envelope. The statement appends the
 * value's JSON and the closing brace (`payloadWithClientUserIdSql`).
 */
export interface PayloadBeforeClientUserId {
  head: string;
  lab_test_view: string | null;
  lab_test_at: number | null;
}

const CLIENT_USER_ID_PLACEHOLDER = `\u0000client_user_id:${randomUUID()}\u0000`;
const CLIENT_USER_ID_TAIL = `${JSON.stringify(CLIENT_USER_ID_PLACEHOLDER)}}`;

/** `event` as stored, but for its client_user_id (whatever the envelope holds there is not used). */
export function payloadBeforeClientUserId(event: EventEnvelope, labTestView?: string | null, snapshots?: LabTestSnapshots): PayloadBeforeClientUserId {
  const stored = storedPayload({ ...event, client_user_id: CLIENT_USER_ID_PLACEHOLDER }, labTestView, snapshots);
  if (!stored.json.endsWith(CLIENT_USER_ID_TAIL)) throw new Error(`The envelope of ${event.event_type} does not end with its client_user_id`);
  return { head: stored.json.slice(0, -CLIENT_USER_ID_TAIL.length), lab_test_view: stored.lab_test_view, lab_test_at: stored.lab_test_at };
}

/** SQL: the payload text of a PayloadBeforeClientUserId's `head` with the user's `clientUserId` (SQL expressions). */
export const payloadWithClientUserIdSql = (head: string, clientUserId: string) => `${head} || to_json(${clientUserId}::text)::text || '}'`;

/** An event as the team's event list shows it: its envelope as delivered, with its id and time. */
export interface TeamEventRecord {
  id: string;
  created_on: string;
  payload: EventEnvelope;
}

/** Keyset position in a team's event list (emission time, then id). */
export interface TeamEventCursor {
  created_on: string;
  id: string;
}

/**
 * A page of the team's events (optionally of one type): newest first after `before`, or with
 * `after` the events emitted after that position, oldest first. `limit + 1` rows are read,
 * so the caller knows whether more exist.
 */
export async function listTeamEvents(
  db: Queryable,
  input: { team_id: string; event_type: string | null; before?: TeamEventCursor | null; after?: TeamEventCursor | null; limit: number },
): Promise<Page<TeamEventRecord, TeamEventCursor>> {
  const position = input.after ?? input.before ?? null;
  if (!isUuid(input.team_id) || (position && !isUuid(position.id))) return { rows: [], has_more: false, next: null };
  const [compare, order] = input.after ? ['>', 'ASC'] : ['<', 'DESC'];
  const rows = await db.query<TeamEventRecord>(
    `SELECT id, created_on, (${eventBodySql('events')})::json AS payload FROM events
     WHERE team_id = $1
       AND ($2::text IS NULL OR event_type = $2::text)
       AND ($3::timestamptz IS NULL OR (created_on, id) ${compare} ($3::timestamptz, $4::uuid))
     ORDER BY created_on ${order}, id ${order}
     LIMIT $5`,
    [input.team_id, input.event_type, position?.created_on ?? null, position?.id ?? null, input.limit + 1],
  );
  return toPage(rows, input.limit, (row): TeamEventCursor => ({ created_on: row.created_on, id: row.id }));
}

/** Where the team's event is in its list, or null when the team has no such event. */
export async function findTeamEventPosition(db: Queryable, input: { team_id: string; event_id: string }): Promise<TeamEventCursor | null> {
  if (!isUuid(input.team_id) || !isUuid(input.event_id)) return null;
  return db.one<TeamEventCursor>(`SELECT created_on, id FROM events WHERE id = $1 AND team_id = $2`, [input.event_id, input.team_id]);
}

/**
 * Deletes up to `limit` of the events emitted before `before` of which no delivery is still
 * pending (their deliveries go with them: ON DELETE CASCADE), oldest first; answers how many.
 * Events a worker is still sending or retrying stay until their deliveries end. Rows another
 * process is deleting are skipped (PostgreSQL).
 */
export async function pruneEvents(db: Queryable, input: { before: string; limit: number }): Promise<number> {
  const row = await db.one<{ n: number }>(
    `WITH doomed AS (
       SELECT e.id FROM events e
       WHERE e.created_on < $1::timestamptz
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.status = 'pending')
       ORDER BY e.created_on
       LIMIT $2
       FOR UPDATE SKIP LOCKED
     ), deleted AS (DELETE FROM events WHERE id IN (SELECT id FROM doomed) RETURNING 1)
     SELECT count(*)::int AS n FROM deleted`,
    [input.before, input.limit],
  );
  return row?.n ?? 0;
}

/** PGlite runs no autovacuum: after a prune, the space of the deleted events and deliveries is made reusable. */
export async function vacuumEvents(db: Queryable): Promise<void> {
  await db.exec('VACUUM (ANALYZE) events, webhook_deliveries');
}
