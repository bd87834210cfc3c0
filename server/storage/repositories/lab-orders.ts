/**
 * Lab orders: the record, storing new orders (one or a batch, each with its first event and,
 * if asked, its webhook event in the same statement), reading one, and moving one to another
 * status. The list is lab-order-list.ts; idempotency keys, the simulation queue, the team
 * settings and the vacuum are the other lab-order-*.ts files.
 */
import { randomUUID } from 'node:crypto';
import { textArrayParameter } from '../binary-arrays.js';
import type { Queryable } from '../database.js';
import { frozenLabTest, labTestSnapshot, withLabTests, type LabTestSnapshots, type LabTestValues } from './lab-order-lab-tests.js';
import { deliveryEndpointsSql, endpointTakes, newEventId, payloadBeforeClientUserId, payloadWithClientUserIdSql, type EventEnvelope } from './events.js';
import { isUuid } from './support.js';

// Every order query is scoped by team: another team's order is simply not found.

/** One status change of an order (an item of lab_orders.events), as the wire's OrderEvent. */
export interface LabOrderEventRecord {
  id: number;
  created_at: string;
  status: string;
  status_detail: string | null;
}

/**
 * A stored order. `body` holds the wire fields of the Order that do not change with
 * its status (patient_details, patient_address, lab_test, details, physician...), as
 * the caller gave them; the status, interpretation, times and events are columns.
 * `body.lab_test` is stored once per distinct value (lab_order_lab_tests) and put back
 * into the body on every read; `lab_test_view` names it.
 */
export interface LabOrderRecord {
  id: string;
  team_id: string;
  user_id: string;
  client_user_id: string;
  lab_test_id: string;
  method: string;
  /** The full status, `<top>.<method>.<low>` (the last event's). */
  status: string;
  low_status: string;
  patient_name: string;
  sample_id: string;
  interpretation: string | null;
  body: Record<string, unknown>;
  /**
   * The digest under which `body.lab_test` is stored in lab_order_lab_tests (its JSON text
   * as written); null for orders stored before migration 009, whose body carries it.
   */
  lab_test_view: string | null;
  created_at: string;
  updated_at: string;
  /** Oldest first. */
  events: LabOrderEventRecord[];
  /** The order transaction it belongs to (migration 081): its own, or its parent's for a redraw. */
  transaction_id: string;
  /** `initial`, or `redraw` for an order made by redrawing `parent_id`. */
  origin: string;
  parent_id: string | null;
  /** Every order of the transaction, this one included, oldest first. */
  transaction_orders: TransactionOrderRecord[];
}

/** An order of a transaction, as the transaction's views list it. */
export interface TransactionOrderRecord {
  id: string;
  status: string;
  low_status: string;
  /** When the order reached its status (its last event). */
  status_at: string;
  origin: string;
  parent_id: string | null;
  created_at: string;
  updated_at: string;
}

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The SQL of an event as lab_orders.events holds it (migration 019), from SQL expressions of its
 * id, time, status and detail: the time as ISO text.
 */
export const orderEventJsonSql = (id: string, at: string, status: string, detail: string) =>
  `json_build_object('id', ${id}, 'created_at', ${ISO(at)}, 'status', ${status}, 'status_detail', ${detail})`;
/** The SQL of a new event id (lab_order_event_ids). */
export const NEXT_EVENT_ID = `nextval('lab_order_event_ids')`;

/** The columns of a LabOrderRecord, from FROM_ORDERS. */
export const ORDER_COLUMNS = `o.id, o.team_id, o.user_id, u.client_user_id, o.lab_test_id, o.method, o.status, o.low_status,
    o.patient_name, o.sample_id, o.interpretation, o.body, o.lab_test_view, o.created_at, o.updated_at, o.events,
    o.transaction_id, o.origin, o.parent_id,
    (SELECT json_agg(json_build_object('id', t.id, 'status', t.status, 'low_status', t.low_status,
              'status_at', coalesce(t.events -> -1 ->> 'created_at', ${ISO('t.updated_at')}), 'origin', t.origin, 'parent_id', t.parent_id,
              'created_at', ${ISO('t.created_at')}, 'updated_at', ${ISO('t.updated_at')}) ORDER BY t.created_at, t.id)
     FROM lab_orders t WHERE t.team_id = o.team_id AND t.transaction_id = o.transaction_id) AS transaction_orders`;

/**
 * Gives every other order of the transactions of the orders `changed` (an SQL expression of a
 * set of rows with `team_id`, `transaction_id` and `id`) a new row version: an order's view lists
 * its transaction's orders, so a change to one is a change to the views of all (the order list
 * keeps records under their row version, lab-order-list.ts). Only orders redrawn or made by a
 * redraw have others.
 */
export const touchTransactionSql = (changed: string) =>
  `UPDATE lab_orders s SET transaction_id = s.transaction_id FROM ${changed} c
   WHERE s.team_id = c.team_id AND s.transaction_id = c.transaction_id AND s.id <> c.id`;
export const FROM_ORDERS = `FROM lab_orders o JOIN users u ON u.id = o.user_id`;
const SELECT_ORDER = `SELECT ${ORDER_COLUMNS} ${FROM_ORDERS}`;

export interface NewLabOrder {
  id: string;
  team_id: string;
  user_id: string;
  lab_test_id: string;
  method: string;
  status: string;
  low_status: string;
  patient_name: string;
  sample_id: string;
  /**
   * The day the order is held until (`body.activate_by`, YYYY-MM-DD), or null: a column of its
   * own for the list's activation filter (migration 021).
   */
  activate_by: string | null;
  /** The lowercased shipping recipient's name the list filters by (migration 022). */
  receiver_name: string;
  body: Record<string, unknown>;
  /** ISO instant: the order's created_at, updated_at and first event's time. */
  at: string;
  /** A redraw's place: its parent's transaction. Absent: the order starts a transaction of its own (`origin` initial). */
  redraw_of?: { transaction_id: string; parent_id: string };
}

/**
 * Stores a new order with its first event, in one statement. Returns null when the user
 * is not the team's (the foreign key (user_id, team_id) would fail; checked first so a
 * transaction is not aborted).
 */
export async function insertOrder(db: Queryable, input: NewLabOrder, options: Pick<InsertOrdersOptions, 'labTestValues' | 'labTestSnapshots'> = {}): Promise<LabOrderRecord | null> {
  return (await insertOrders(db, [input], options))[0]!;
}

/** An event written with each order (see insertOrders): its envelope, as emitEvent takes it. */
export interface OrderEventToWrite {
  event: EventEnvelope;
  dedupKey: string;
  /** The lab test stored apart under this digest (the order's `lab_test_view`). */
  labTestView: string | null;
}

export interface InsertOrdersOptions {
  /**
   * Lab tests (digests) known to be committed in this database (lab_order_lab_tests rows are
   * never deleted): not sent again.
   */
  storedLabTests?: { get(digest: string): true | undefined };
  /** The app's lab test values (lab-order-lab-tests.ts): the ones stored here are kept. */
  labTestValues?: LabTestValues | undefined;
  /** The app's memo of lab test texts and digests (lab-order-lab-tests.ts). */
  labTestSnapshots?: LabTestSnapshots | undefined;
  /**
   * The webhook event to write with each stored order, in the same statement, with a pending
   * delivery per endpoint of the team that takes its type (as emitEvent). It is given the
   * order as stored, but that its `client_user_id` is not known yet: the statement puts the
   * user's in the envelope (payloadBeforeClientUserId).
   */
  withEvent?: (order: LabOrderRecord) => OrderEventToWrite;
}

/**
 * Stores new orders, each with its first event, in one statement (group commit of POST
 * /v3/order), and with `withEvent` each one's webhook event and deliveries: a statement is
 * its own transaction, so an order and its event are committed together or not at all. One
 * result per input, in order, null where the user is not the team's (nothing is written for
 * it). The records are built from the inputs and the first events' ids, not read back: with
 * `withEvent` the ids are drawn before, from lab_order_event_ids (the event's payload holds
 * them); without, the statement returns them.
 */
export async function insertOrders(
  db: Queryable,
  inputs: readonly NewLabOrder[],
  options: InsertOrdersOptions = {},
): Promise<(LabOrderRecord | null)[]> {
  if (inputs.length === 0) return [];
  // The event written with an order names the order's first event: its id is drawn ahead.
  const eventIds = options.withEvent ? await firstEventIds(db, inputs.length) : null;
  const columns = { id: [] as string[], team_id: [] as string[], user_id: [] as string[], lab_test_id: [] as string[], method: [] as string[], status: [] as string[], low_status: [] as string[],
    patient_name: [] as string[], sample_id: [] as string[], body: [] as string[], lab_test_view: [] as (string | null)[], at: [] as string[], event_id: [] as (number | null)[],
    activate_by: [] as (string | null)[], receiver_name: [] as string[] };
  const placement = { transaction_id: [] as string[], origin: [] as string[], parent_id: [] as (string | null)[] };
  const webhook = { event_type: [] as (string | null)[], head: [] as (string | null)[], dedup_key: [] as (string | null)[], lab_test_view: [] as (string | null)[], lab_test_at: [] as (number | null)[],
    id: [] as (string | null)[] };
  const snapshots = new Map<string, string>();
  const records = inputs.map((input, index): LabOrderRecord => {
    const { lab_test: labTest, ...rest } = input.body;
    const snapshot = labTest !== null && typeof labTest === 'object' ? labTestSnapshot(labTest, options.labTestSnapshots) : null;
    if (snapshot && options.storedLabTests?.get(snapshot.digest) === undefined) snapshots.set(snapshot.digest, snapshot.json);
    const at = new Date(input.at).toISOString();
    const eventId = eventIds?.[index] ?? null;
    columns.id.push(input.id);
    columns.team_id.push(input.team_id);
    columns.user_id.push(input.user_id);
    columns.lab_test_id.push(input.lab_test_id);
    columns.method.push(input.method);
    columns.status.push(input.status);
    columns.low_status.push(input.low_status);
    columns.patient_name.push(input.patient_name);
    columns.sample_id.push(input.sample_id);
    columns.body.push(JSON.stringify(snapshot ? rest : input.body));
    columns.lab_test_view.push(snapshot?.digest ?? null);
    columns.at.push(at);
    columns.event_id.push(eventId);
    columns.activate_by.push(input.activate_by);
    columns.receiver_name.push(input.receiver_name);
    const transactionId = input.redraw_of?.transaction_id ?? randomUUID();
    const origin = input.redraw_of ? 'redraw' : 'initial';
    const parentId = input.redraw_of?.parent_id ?? null;
    placement.transaction_id.push(transactionId);
    placement.origin.push(origin);
    placement.parent_id.push(parentId);
    const record: LabOrderRecord = {
      id: input.id,
      team_id: input.team_id,
      user_id: input.user_id,
      client_user_id: '',
      lab_test_id: input.lab_test_id,
      method: input.method,
      status: input.status,
      low_status: input.low_status,
      patient_name: input.patient_name,
      sample_id: input.sample_id,
      interpretation: null,
      body: input.body,
      lab_test_view: snapshot?.digest ?? null,
      created_at: at,
      updated_at: at,
      events: [{ id: eventId ?? 0, created_at: at, status: input.status, status_detail: null }],
      transaction_id: transactionId,
      origin,
      parent_id: parentId,
      // A redraw's transaction has its parent too: insertRedraw reads it back whole.
      transaction_orders: [{ id: input.id, status: input.status, low_status: input.low_status, status_at: at, origin, parent_id: parentId, created_at: at, updated_at: at }],
    };
    const event = options.withEvent?.(record);
    const payload = event ? payloadBeforeClientUserId(event.event, event.labTestView, options.labTestSnapshots) : null;
    webhook.event_type.push(event?.event.event_type ?? null);
    webhook.head.push(payload?.head ?? null);
    webhook.dedup_key.push(event?.dedupKey ?? null);
    webhook.lab_test_view.push(payload?.lab_test_view ?? null);
    webhook.lab_test_at.push(payload?.lab_test_at ?? null);
    webhook.id.push(event ? newEventId() : null);
    return { ...record, body: snapshot ? rest : input.body };
  });
  const rows = await db.query<{ id: string; client_user_id: string; event_id: string }>(
    `WITH input AS (
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::timestamptz[], $13::bigint[],
                            $14::date[], $15::text[],
                            $18::text[], $19::text[], $20::text[], $21::text[], $22::integer[], $23::uuid[],
                            $24::uuid[], $25::text[], $26::uuid[])
         WITH ORDINALITY AS i(id, team_id, user_id, lab_test_id, method, status, low_status, patient_name, sample_id, body, lab_test_view, at, event_id, activate_by, receiver_name,
                              webhook_type, webhook_head, webhook_dedup_key, webhook_lab_test_view, webhook_lab_test_at, webhook_id, transaction_id, origin, parent_id, ord)
     ),
     snapshot AS (
       INSERT INTO lab_order_lab_tests (digest, view) SELECT d, v::json FROM unnest($16::text[], $17::text[]) AS s(d, v)
       ON CONFLICT (digest) DO NOTHING
     ),
     new_order AS (
       INSERT INTO lab_orders (id, team_id, user_id, lab_test_id, method, status, low_status, patient_name, sample_id, activate_by, receiver_name, body, lab_test_view, created_at, updated_at,
                               transaction_id, origin, parent_id, events)
       SELECT i.id, i.team_id, i.user_id, i.lab_test_id, i.method, i.status, i.low_status, i.patient_name, i.sample_id, i.activate_by, i.receiver_name, i.body::json, i.lab_test_view, i.at, i.at,
              i.transaction_id, i.origin, i.parent_id,
              json_build_array(${orderEventJsonSql(`coalesce(i.event_id, ${NEXT_EVENT_ID})`, 'i.at', 'i.status', 'NULL::text')})
       FROM input i WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = i.user_id AND u.team_id = i.team_id)
       RETURNING id, team_id, patient_name, receiver_name, events -> 0 ->> 'id' AS event_id
     ),
     stored AS (
       SELECT i.id, i.team_id, i.webhook_type, i.webhook_head, i.webhook_dedup_key, i.webhook_lab_test_view, i.webhook_lab_test_at, i.webhook_id, i.ord, u.client_user_id, o.event_id
       FROM new_order o JOIN input i ON i.id = o.id JOIN users u ON u.id = i.user_id
     ),
     patient AS (
       INSERT INTO lab_order_patient_names (team_id, patient_name) SELECT DISTINCT team_id, patient_name FROM new_order
       ON CONFLICT DO NOTHING
     ),
     receiver AS (
       INSERT INTO lab_order_receiver_names (team_id, receiver_name) SELECT DISTINCT team_id, receiver_name FROM new_order
       ON CONFLICT DO NOTHING
     ),
     webhook AS (
       INSERT INTO events (id, team_id, event_type, payload, dedup_key, lab_test_view, lab_test_at)
       SELECT s.webhook_id, s.team_id, s.webhook_type, (${payloadWithClientUserIdSql('s.webhook_head', 's.client_user_id')})::json, s.webhook_dedup_key, s.webhook_lab_test_view, s.webhook_lab_test_at
       FROM stored s WHERE s.webhook_type IS NOT NULL
       ORDER BY s.ord
       ON CONFLICT ON CONSTRAINT events_dedup_key_key DO NOTHING
       RETURNING id, team_id, event_type
     ),
     endpoint AS MATERIALIZED (${deliveryEndpointsSql(db, 'e.team_id IN (SELECT team_id FROM input WHERE webhook_type IS NOT NULL)')}),
     webhook_delivery AS (
       INSERT INTO webhook_deliveries (endpoint_id, event_id)
       SELECT e.id, w.id FROM webhook w JOIN endpoint e ON e.team_id = w.team_id WHERE ${endpointTakes('e', 'w.event_type')}
     )
     SELECT s.id, s.client_user_id, s.event_id FROM stored s`,
    [...Object.values({ ...columns, body: textArrayParameter(columns.body) }), [...snapshots.keys()], [...snapshots.values()], ...Object.values({ ...webhook, head: textArrayParameter(webhook.head) }), ...Object.values(placement)],
  );
  const stored = new Map(rows.map((row) => [row.id, row]));
  const created = records.flatMap((record) => {
    const row = stored.get(record.id);
    return row === undefined ? [] : [{ ...record, client_user_id: row.client_user_id, events: [{ ...record.events[0]!, id: Number(row.event_id) }] }];
  });
  // The values just stored under their digests, for later reads of this app.
  for (const [digest, json] of snapshots) options.labTestValues?.getOrSet(digest, () => frozenLabTest(JSON.parse(json) as Record<string, unknown>));
  // The lab test goes back in as the caller gave it (the value stored under its digest).
  const labTests = new Map(inputs.map((input) => [input.id, input.body.lab_test]));
  const byId = new Map(created.map((record) => [record.id, record.lab_test_view === null ? record : { ...record, body: { ...record.body, lab_test: labTests.get(record.id) } }]));
  return inputs.map((input) => byId.get(input.id) ?? null);
}

/**
 * Ids for the first events of `count` orders, drawn ahead from lab_order_event_ids: the webhook
 * event written with an order carries its first event's id. Ids drawn and not used are gaps, as
 * a rolled-back insert leaves; every later event of an order gets a higher id from the sequence
 * itself, so an order's events keep their order.
 */
async function firstEventIds(db: Queryable, count: number): Promise<number[]> {
  const rows = await db.query<{ id: string }>(`SELECT ${NEXT_EVENT_ID}::text AS id FROM generate_series(1, $1::int)`, [count]);
  return rows.map((row) => Number(row.id));
}

/** The team's order with its events, or null (unknown id, another team's, or not a uuid). */
export async function findOrder(db: Queryable, teamId: string, orderId: string, labTests?: LabTestValues): Promise<LabOrderRecord | null> {
  if (!isUuid(orderId)) return null;
  const row = await db.one<LabOrderRecord>(`${SELECT_ORDER} WHERE o.team_id = $1 AND o.id = $2`, [teamId, orderId]);
  return row ? (await withLabTests(db, [row], labTests))[0]! : null;
}

/** The team's orders among `orderIds` (unknown ids, another team's and non-uuids are left out), in no set order. */
export async function findOrders(db: Queryable, teamId: string, orderIds: readonly string[], labTests?: LabTestValues): Promise<LabOrderRecord[]> {
  const ids = orderIds.filter(isUuid);
  if (ids.length === 0) return [];
  const rows = await db.query<LabOrderRecord>(`${SELECT_ORDER} WHERE o.team_id = $1 AND o.id = ANY ($2::uuid[])`, [teamId, ids]);
  return withLabTests(db, rows, labTests);
}

/** Up to `limit` orders of the team last updated from `from` to `to` (both inclusive), by update then id (index lab_orders_team_updated). */
export async function findOrdersUpdatedBetween(db: Queryable, teamId: string, window: { from: string; to: string }, limit: number, labTests?: LabTestValues): Promise<LabOrderRecord[]> {
  const rows = await db.query<LabOrderRecord>(
    `${SELECT_ORDER} WHERE o.team_id = $1 AND o.updated_at >= $2::timestamptz AND o.updated_at <= $3::timestamptz ORDER BY o.updated_at, o.id LIMIT $4`,
    [teamId, window.from, window.to, limit],
  );
  return withLabTests(db, rows, labTests);
}

/**
 * The order of any team, or null: only for a request that proved its right to the order
 * otherwise (a signed requisition form URL names the order and carries no key).
 */
export async function findOrderOfAnyTeam(db: Queryable, orderId: string, labTests?: LabTestValues): Promise<LabOrderRecord | null> {
  if (!isUuid(orderId)) return null;
  const row = await db.one<LabOrderRecord>(`${SELECT_ORDER} WHERE o.id = $1`, [orderId]);
  return row ? (await withLabTests(db, [row], labTests))[0]! : null;
}

/** Locks the order's row for the rest of the transaction and returns its status (null when not the team's). */
export async function lockOrderStatus(tx: Queryable, teamId: string, orderId: string): Promise<{ status: string; method: string } | null> {
  if (!isUuid(orderId)) return null;
  return tx.one<{ status: string; method: string }>(`SELECT status, method FROM lab_orders WHERE team_id = $1 AND id = $2 FOR UPDATE`, [teamId, orderId]);
}

export interface OrderTransition {
  team_id: string;
  order_id: string;
  /** The status the order must still be in: the change is skipped when it moved meanwhile. */
  from: string;
  to: string;
  low_status: string;
  status_detail: string | null;
  at: string;
  /** Set the interpretation column (results reached); undefined leaves it. */
  interpretation?: string | null;
  /** Shallow-merged into body (e.g. details once an appointment or shipment exists). */
  body_patch?: Record<string, unknown>;
}

/**
 * Locks the rows of the orders among `orders` (a team and an order id each) that are their team's,
 * for the rest of the transaction, in the order of their ids (so that two transactions locking
 * some of the same orders never wait on each other in a circle); returns the ids locked. Over
 * arrays: run it under preferGenericPlans (support.ts).
 */
export async function lockOrders(tx: Queryable, orders: readonly { team_id: string; order_id: string }[]): Promise<Set<string>> {
  const wanted = orders.filter((order) => isUuid(order.order_id));
  if (wanted.length === 0) return new Set();
  const rows = await tx.query<{ id: string }>(
    `SELECT o.id FROM lab_orders o JOIN unnest($1::uuid[], $2::uuid[]) AS i(team_id, id) ON o.team_id = i.team_id AND o.id = i.id
     ORDER BY o.id FOR UPDATE OF o`,
    [wanted.map((order) => order.team_id), wanted.map((order) => order.order_id)],
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * The SET of an order's move, from SQL expressions of its inputs (`o` the order's row): the status
 * and its time, the interpretation when given, the body patch merged and the event appended.
 */
const moveSetSql = (o: string, v: { to: string; low: string; at: string; setsInterpretation: string; interpretation: string; patch: string; detail: string }) =>
  `status = ${v.to}, low_status = ${v.low}, updated_at = ${v.at},
   interpretation = CASE WHEN ${v.setsInterpretation} THEN ${v.interpretation} ELSE ${o}interpretation END,
   body = CASE WHEN ${v.patch} = '{}' THEN ${o}body ELSE (${o}body::jsonb || ${v.patch})::json END,
   events = (${o}events::jsonb || jsonb_build_array(${orderEventJsonSql(NEXT_EVENT_ID, v.at, v.to, v.detail)}))::json`;

/**
 * Moves an order from `from` to `to` and appends its event, in one statement: nothing
 * happens (null) when the order is no longer in `from`, so a step that runs twice
 * changes the order once.
 */
export async function transitionOrder(db: Queryable, t: OrderTransition, labTests?: LabTestValues): Promise<LabOrderRecord | null> {
  const moved = await db.one<{ id: string }>(
    `WITH moved AS (
       UPDATE lab_orders
       SET ${moveSetSql('', { to: '$4::text', low: '$5', at: '$7::timestamptz', setsInterpretation: '$8::boolean', interpretation: '$9', patch: '$10::jsonb', detail: '$6::text' })}
       WHERE team_id = $1 AND id = $2 AND status = $3
       RETURNING id, team_id, transaction_id
     ),
     touched AS (${touchTransactionSql('moved')})
     SELECT id FROM moved`,
    [t.team_id, t.order_id, t.from, t.to, t.low_status, t.status_detail, t.at, t.interpretation !== undefined, t.interpretation ?? null, JSON.stringify(t.body_patch ?? {})],
  );
  return moved ? findOrder(db, t.team_id, t.order_id, labTests) : null;
}

/**
 * Moves orders as transitionOrder moves one, in one statement for all of them, and reads them
 * back (one statement per team): one result per transition, in order, null for an order no
 * longer in its `from`. Each order at most once. Its statement is over arrays: run it under
 * preferGenericPlans (support.ts), or it is planned anew on every run.
 */
export async function transitionOrders(db: Queryable, transitions: readonly OrderTransition[], labTests?: LabTestValues): Promise<(LabOrderRecord | null)[]> {
  if (transitions.length === 0) return [];
  const column = <T>(of: (t: OrderTransition) => T) => transitions.map(of);
  const moved = await db.query<{ id: string; team_id: string }>(
    `WITH input AS (
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::boolean[], $9::text[], $10::text[])
         AS i(team_id, id, from_status, to_status, low_status, status_detail, at, sets_interpretation, interpretation, body_patch)
     ),
     moved AS (
       UPDATE lab_orders o
       SET ${moveSetSql('o.', { to: 'i.to_status', low: 'i.low_status', at: 'i.at', setsInterpretation: 'i.sets_interpretation', interpretation: 'i.interpretation', patch: 'i.body_patch::jsonb', detail: 'i.status_detail' })}
       FROM input i
       WHERE o.team_id = i.team_id AND o.id = i.id AND o.status = i.from_status
       RETURNING o.id, o.team_id, o.transaction_id
     ),
     touched AS (${touchTransactionSql('moved')})
     SELECT id, team_id FROM moved`,
    [column((t) => t.team_id), column((t) => t.order_id), column((t) => t.from), column((t) => t.to), column((t) => t.low_status), column((t) => t.status_detail), column((t) => t.at),
      column((t) => t.interpretation !== undefined), column((t) => t.interpretation ?? null), textArrayParameter(column((t) => JSON.stringify(t.body_patch ?? {})))],
  );
  const read = await findOrdersOfTeams(db, moved.map((row) => ({ team_id: row.team_id, order_id: row.id })), labTests);
  return transitions.map((t) => {
    const order = read.get(t.order_id.toLowerCase());
    return order && order.team_id === t.team_id ? order : null;
  });
}

/** The orders among `orders` (a team and an order id each) that are their team's, one statement per team: order id -> order. */
export async function findOrdersOfTeams(db: Queryable, orders: readonly { team_id: string; order_id: string }[], labTests?: LabTestValues): Promise<Map<string, LabOrderRecord>> {
  const teams = new Map<string, string[]>();
  for (const order of orders) {
    const ids = teams.get(order.team_id);
    if (ids) ids.push(order.order_id);
    else teams.set(order.team_id, [order.order_id]);
  }
  const read = new Map<string, LabOrderRecord>();
  for (const [teamId, ids] of teams) {
    const found = ids.length === 1 ? [await findOrder(db, teamId, ids[0]!, labTests)] : await findOrders(db, teamId, ids, labTests);
    for (const order of found) if (order) read.set(order.id, order);
  }
  return read;
}
