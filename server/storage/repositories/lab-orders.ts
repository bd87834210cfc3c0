import { deepFreeze } from '../../shared/deep-freeze.js';
import { LruMap } from '../../shared/lru-map.js';
import { textArrayParameter } from '../binary-arrays.js';
import type { Database, Queryable } from '../database.js';
import { labTestSnapshot, rememberLabTest, withLabTests } from './lab-order-lab-tests.js';
import { endpointTakes, newEventId, payloadBeforeClientUserId, payloadWithClientUserIdSql, type EventEnvelope } from './events.js';
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

const ORDER_COLUMNS = `o.id, o.team_id, o.user_id, u.client_user_id, o.lab_test_id, o.method, o.status, o.low_status,
    o.patient_name, o.sample_id, o.interpretation, o.body, o.lab_test_view, o.created_at, o.updated_at, o.events`;
const FROM_ORDERS = `FROM lab_orders o JOIN users u ON u.id = o.user_id`;
const SELECT_ORDER = `SELECT ${ORDER_COLUMNS} ${FROM_ORDERS}`;
/**
 * An order's row version: the transaction that wrote the row last (xmin). Every change to an
 * order rewrites its row (a status change updates it in the statement that adds the event; the
 * results' interpretation updates it too), so an order read at one version is the same order
 * while the version is.
 */
const rowVersion = (alias: string) => `${alias}.xmin::text`;

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
}

/**
 * Stores a new order with its first event, in one statement. Returns null when the user
 * is not the team's (the foreign key (user_id, team_id) would fail; checked first so a
 * transaction is not aborted).
 */
export async function insertOrder(db: Queryable, input: NewLabOrder): Promise<LabOrderRecord | null> {
  return (await insertOrders(db, [input]))[0]!;
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
  storedLabTests?: ReadonlySet<string>;
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
  const webhook = { event_type: [] as (string | null)[], head: [] as (string | null)[], dedup_key: [] as (string | null)[], lab_test_view: [] as (string | null)[], lab_test_at: [] as (number | null)[],
    id: [] as (string | null)[] };
  const snapshots = new Map<string, string>();
  const records = inputs.map((input, index): LabOrderRecord => {
    const { lab_test: labTest, ...rest } = input.body;
    const snapshot = labTest !== null && typeof labTest === 'object' ? labTestSnapshot(labTest) : null;
    if (snapshot && !options.storedLabTests?.has(snapshot.digest)) snapshots.set(snapshot.digest, snapshot.json);
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
    };
    const event = options.withEvent?.(record);
    const payload = event ? payloadBeforeClientUserId(event.event, event.labTestView) : null;
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
                            $18::text[], $19::text[], $20::text[], $21::text[], $22::integer[], $23::uuid[])
         WITH ORDINALITY AS i(id, team_id, user_id, lab_test_id, method, status, low_status, patient_name, sample_id, body, lab_test_view, at, event_id, activate_by, receiver_name,
                              webhook_type, webhook_head, webhook_dedup_key, webhook_lab_test_view, webhook_lab_test_at, webhook_id, ord)
     ),
     snapshot AS (
       INSERT INTO lab_order_lab_tests (digest, view) SELECT d, v::json FROM unnest($16::text[], $17::text[]) AS s(d, v)
       ON CONFLICT (digest) DO NOTHING
     ),
     new_order AS (
       INSERT INTO lab_orders (id, team_id, user_id, lab_test_id, method, status, low_status, patient_name, sample_id, activate_by, receiver_name, body, lab_test_view, created_at, updated_at, events)
       SELECT i.id, i.team_id, i.user_id, i.lab_test_id, i.method, i.status, i.low_status, i.patient_name, i.sample_id, i.activate_by, i.receiver_name, i.body::json, i.lab_test_view, i.at, i.at,
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
     endpoint AS MATERIALIZED (
       SELECT e.id, e.team_id, e.event_types FROM webhook_endpoints e WHERE e.team_id IN (SELECT team_id FROM input WHERE webhook_type IS NOT NULL)
     ),
     webhook_delivery AS (
       INSERT INTO webhook_deliveries (endpoint_id, event_id)
       SELECT e.id, w.id FROM webhook w JOIN endpoint e ON e.team_id = w.team_id WHERE ${endpointTakes('e', 'w.event_type')}
     )
     SELECT s.id, s.client_user_id, s.event_id FROM stored s`,
    [...Object.values({ ...columns, body: textArrayParameter(columns.body) }), [...snapshots.keys()], [...snapshots.values()], ...Object.values({ ...webhook, head: textArrayParameter(webhook.head) })],
  );
  // The snapshots may be new to this process: they are the values just stored.
  for (const [digest, json] of snapshots) rememberLabTest(digest, () => JSON.parse(json) as Record<string, unknown>);
  const stored = new Map(rows.map((row) => [row.id, row]));
  const created = records.flatMap((record) => {
    const row = stored.get(record.id);
    return row === undefined ? [] : [{ ...record, client_user_id: row.client_user_id, events: [{ ...record.events[0]!, id: Number(row.event_id) }] }];
  });
  const withTests = new Map((await withLabTests(db, created)).map((record) => [record.id, record]));
  return inputs.map((input) => withTests.get(input.id) ?? null);
}

/**
 * Ids for first events, drawn ahead from lab_order_event_ids (a block at a time, per
 * database): the webhook event written with an order carries its first event's id. Ids drawn
 * and not used are gaps, as a rolled-back insert leaves; every later event of an order gets a
 * higher id from the sequence itself, so an order's events keep their order.
 */
const EVENT_ID_BLOCK = 256;
const drawnEventIds = new WeakMap<Queryable, number[]>(); // per database: give insertOrders the database, not a transaction
async function firstEventIds(db: Queryable, count: number): Promise<number[]> {
  let drawn = drawnEventIds.get(db);
  if (!drawn) drawnEventIds.set(db, (drawn = []));
  while (drawn.length < count) {
    const rows = await db.query<{ id: string }>(`SELECT ${NEXT_EVENT_ID}::text AS id FROM generate_series(1, $1::int)`, [Math.max(EVENT_ID_BLOCK, count)]);
    drawn.push(...rows.map((row) => Number(row.id)));
  }
  return drawn.splice(0, count);
}

/** The team's order with its events, or null (unknown id, another team's, or not a uuid). */
export async function findOrder(db: Queryable, teamId: string, orderId: string): Promise<LabOrderRecord | null> {
  if (!isUuid(orderId)) return null;
  const row = await db.one<LabOrderRecord>(`${SELECT_ORDER} WHERE o.team_id = $1 AND o.id = $2`, [teamId, orderId]);
  return row ? (await withLabTests(db, [row]))[0]! : null;
}

/**
 * The order of any team, or null: only for a request that proved its right to the order
 * otherwise (a signed requisition form URL names the order and carries no key).
 */
export async function findOrderOfAnyTeam(db: Queryable, orderId: string): Promise<LabOrderRecord | null> {
  if (!isUuid(orderId)) return null;
  const row = await db.one<LabOrderRecord>(`${SELECT_ORDER} WHERE o.id = $1`, [orderId]);
  return row ? (await withLabTests(db, [row]))[0]! : null;
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
 * Moves an order from `from` to `to` and appends its event, in one statement: nothing
 * happens (null) when the order is no longer in `from`, so a step that runs twice
 * changes the order once.
 */
export async function transitionOrder(db: Queryable, t: OrderTransition): Promise<LabOrderRecord | null> {
  const moved = await db.one<{ id: string }>(
    `WITH moved AS (
       UPDATE lab_orders
       SET status = $4, low_status = $5, updated_at = $7,
           interpretation = CASE WHEN $8::boolean THEN $9 ELSE interpretation END,
           body = CASE WHEN $10::jsonb = '{}' THEN body ELSE (body::jsonb || $10::jsonb)::json END,
           events = (events::jsonb || jsonb_build_array(${orderEventJsonSql(NEXT_EVENT_ID, '$7::timestamptz', '$4::text', '$6::text')}))::json
       WHERE team_id = $1 AND id = $2 AND status = $3
       RETURNING id
     )
     SELECT id FROM moved`,
    [t.team_id, t.order_id, t.from, t.to, t.low_status, t.status_detail, t.at, t.interpretation !== undefined, t.interpretation ?? null, JSON.stringify(t.body_patch ?? {})],
  );
  return moved ? findOrder(db, t.team_id, t.order_id) : null;
}

/**
 * The statistics target of the order tables' ANALYZE on PGlite. ANALYZE reads a sample of
 * 300 rows per unit of target: at PostgreSQL's default (100), 30,000 rows, which took 0.27 to
 * 0.31 s with 100,000 orders, holding PGlite's one connection; at 30, 9,000 rows and about
 * 0.08 s. The order list's plans need the few values of status and method and the histogram
 * of created_at, which 30 buckets describe.
 */
export const LAB_ORDER_STATISTICS_TARGET = 30;

/**
 * VACUUM, then ANALYZE at LAB_ORDER_STATISTICS_TARGET, of the order tables (PGlite, which has
 * no autovacuum: jobs/lab-orders/maintenance.ts).
 */
export async function vacuumLabOrders(db: Database): Promise<void> {
  await db.exec('VACUUM lab_orders, lab_order_patient_names, lab_order_receiver_names');
  await db.transaction(async (tx) => {
    await tx.exec(`SET LOCAL default_statistics_target = ${LAB_ORDER_STATISTICS_TARGET}`);
    await tx.exec('ANALYZE lab_orders, lab_order_patient_names, lab_order_receiver_names');
  });
}

// ---- idempotency keys ----------------------------------------------------------------------

/** The order an idempotency key made, with the hash of the body it came with; null when the key is new. */
export async function findIdempotencyKey(db: Queryable, teamId: string, key: string): Promise<{ body_hash: string; order_id: string } | null> {
  return db.one<{ body_hash: string; order_id: string }>(`SELECT body_hash, order_id FROM lab_order_idempotency_keys WHERE team_id = $1 AND key = $2`, [teamId, key]);
}

/**
 * Records the key for the order (replacing the record of a key whose order is gone).
 * Call it under lockIdempotencyKey, which serialises the requests of one key.
 */
export async function recordIdempotencyKey(db: Queryable, input: { team_id: string; key: string; body_hash: string; order_id: string }): Promise<void> {
  await db.query(
    `INSERT INTO lab_order_idempotency_keys (team_id, key, body_hash, order_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (team_id, key) DO UPDATE SET body_hash = EXCLUDED.body_hash, order_id = EXCLUDED.order_id, created_at = now()`,
    [input.team_id, input.key, input.body_hash, input.order_id],
  );
}

/** Takes a transaction-scoped lock on (team, key), so concurrent requests with one key run one after the other. */
export async function lockIdempotencyKey(tx: Queryable, teamId: string, key: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`lab-order-idempotency:${teamId}:${key}`]);
}

// ---- the list ------------------------------------------------------------------------------

export interface OrderListFilter {
  search_input: string | null;
  created_from: string | null;
  created_to: string | null;
  updated_from: string | null;
  updated_to: string | null;
  low_statuses: readonly string[] | null;
  methods: readonly string[] | null;
  is_critical: boolean | null;
  interpretation: string | null;
  user_id: string | null;
  patient_name: string | null;
  /** Part of the shipping recipient's name (case-insensitive). */
  receiver_name: string | null;
  order_ids: readonly string[] | null;
  /**
   * Only the orders scheduled on `today` (an `activate_by` day after it), or only the others
   * (`current`); null for both.
   */
  activation: { type: 'current' | 'scheduled'; today: string } | null;
}

export type OrderSortKey = 'created_at' | 'patient_name' | 'last_status';

/**
 * `last_status`: the top-level status, then the low-level one (whatever the method), by code point:
 * as one text, `<top>.<low>` in the C collation, which sorts as the pair does ('.' comes before
 * every letter and '_' of a status name), so the direction applies to it as to the other keys.
 */
const SORT_COLUMNS: Record<OrderSortKey, string> = { created_at: 'o.created_at', patient_name: 'o.patient_name', last_status: `(split_part(o.status, '.', 1) || '.' || o.low_status) COLLATE "C"` };

/**
 * One page of the team's orders matching the filter, sorted by the key then id (both in
 * `direction`), and how many match in all. Malformed uuids among the filters match nothing.
 * The records of orders kept (isKeptOrder) are frozen and shared with later reads while the order
 * is unchanged; the others are the caller's own.
 */
export async function listOrders(
  db: Queryable,
  teamId: string,
  filter: OrderListFilter,
  sort: { key: OrderSortKey; direction: 'asc' | 'desc' },
  paging: { page: number; size: number },
): Promise<{ orders: LabOrderRecord[]; total: number }> {
  if (filter.user_id !== null && !isUuid(filter.user_id)) return { orders: [], total: 0 };
  const orderIds = filter.order_ids === null ? null : filter.order_ids.filter(isUuid);
  const search = filter.search_input?.trim() || null;
  // Only the filters given become conditions, so that the planner sees plain predicates and uses
  // the (team_id, low_status | user_id | created_at ...) indexes instead of a generic plan.
  const params: unknown[] = [teamId];
  const conditions = ['o.team_id = $1'];
  const add = (value: unknown, condition: (placeholder: string) => string) => {
    if (value === null || value === undefined) return;
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  add(filter.created_from, (p) => `o.created_at >= ${p}::timestamptz`);
  add(filter.created_to, (p) => `o.created_at <= ${p}::timestamptz`);
  add(filter.updated_from, (p) => `o.updated_at >= ${p}::timestamptz`);
  add(filter.updated_to, (p) => `o.updated_at <= ${p}::timestamptz`);
  add(filter.low_statuses ? [...filter.low_statuses] : null, (p) => `o.low_status = ANY (${p}::text[])`);
  add(filter.methods ? [...filter.methods] : null, (p) => `o.method = ANY (${p}::text[])`);
  // As two plain predicates (not `(... IS NOT DISTINCT FROM 'critical') = $n`), which an index-only scan can test.
  if (filter.is_critical !== null) conditions.push(filter.is_critical ? `o.interpretation = 'critical'` : `o.interpretation IS DISTINCT FROM 'critical'`);
  add(filter.interpretation, (p) => `o.interpretation = ${p}::text`);
  add(filter.user_id, (p) => `o.user_id = ${p}::uuid`);
  // Today is a parameter like any other: the totals and lists kept for a filter are kept per day.
  add(filter.activation?.type === 'scheduled' ? filter.activation.today : null, (p) => `o.activate_by > ${p}::date`);
  add(filter.activation?.type === 'current' ? filter.activation.today : null, (p) => `(o.activate_by IS NULL OR o.activate_by <= ${p}::date)`);
  // A substring of the name: the team's names containing it (lab_order_patient_names), then
  // their orders by index. The same orders as strpos(o.patient_name, ...) > 0. Recipients alike
  // (lab_order_receiver_names).
  const containing = (name: 'patient_name' | 'receiver_name', p: string) =>
    `ARRAY(SELECT n.${name} FROM lab_order_${name}s n WHERE n.team_id = $1 AND strpos(n.${name}, ${p}) > 0)`;
  const namesContaining = (p: string) => containing('patient_name', p);
  const receiversContaining = (p: string) => containing('receiver_name', p);
  add(filter.patient_name?.trim().toLowerCase() || null, (p) => `o.patient_name = ANY (${namesContaining(`${p}::text`)})`);
  add(filter.receiver_name?.trim().toLowerCase() || null, (p) => `o.receiver_name = ANY (${receiversContaining(`${p}::text`)})`);
  add(orderIds, (p) => `o.id = ANY (${p}::uuid[])`);
  if (search !== null) {
    // Names are stored lowercased by JavaScript (patientName, recipientName): the text is too.
    params.push(search, search.toLowerCase(), isUuid(search) ? search : null);
    const [text, lowered, id] = [`$${params.length - 2}`, `$${params.length - 1}`, `$${params.length}`];
    // Sample ids are written in capitals (`SB` and digits): upper() makes the match case-insensitive.
    conditions.push(`(o.id = ${id}::uuid OR o.user_id = ${id}::uuid OR o.sample_id = upper(${text}::text)
      OR o.patient_name = ANY (${namesContaining(`${lowered}::text`)}) OR o.receiver_name = ANY (${receiversContaining(`${lowered}::text`)}))`);
  }
  const where = conditions.join(' AND ');
  const direction = sort.direction === 'asc' ? 'ASC' : 'DESC';
  const order = `${SORT_COLUMNS[sort.key]} ${direction}, o.id ${direction}`;
  const offset = (paging.page - 1) * paging.size;
  const totalKey = `${where}\u0000${JSON.stringify(params)}`;
  const listKey = `${totalKey}\u0000${order}`;
  const generation = await teamGeneration(db, teamId);
  const kept = keptTotals.get(db, totalKey);
  const total = kept?.generation === generation ? kept.total : null;
  const list = keptLists.get(db, listKey);

  // Every id the filter matches, in order, read once per generation when the filter is read a
  // second time at it: any page is then a slice, however deep.
  if (list?.generation === generation && list.ids !== null) {
    const ids = idsOf(list.ids, offset, paging.size);
    return { orders: await readOrders(db, teamId, generation, ids.map((id) => ({ id, version: null }))), total: list.ids.length / UUID_BYTES };
  }
  if (list?.generation === generation && total !== null && total <= LIST_IDS_KEPT) {
    // The ids as one hex text (32 digits each, no dashes), kept as their 16 bytes.
    const whole = await db.one<{ generation: string; ids: string }>(
      `SELECT ${GENERATION_OF_TEAM} AS generation,
         array_to_string(ARRAY(SELECT replace(o.id::text, '-', '') FROM lab_orders o WHERE ${where} ORDER BY ${order}), '') AS ids`,
      params,
    );
    const ids = Buffer.from(whole!.ids, 'hex');
    const count = ids.length / UUID_BYTES;
    keptLists.set(db, listKey, { generation: whole!.generation, ids });
    keptTotals.set(db, totalKey, { generation: whole!.generation, total: count });
    return {
      orders: await readOrders(db, teamId, whole!.generation, idsOf(ids, offset, paging.size).map((id) => ({ id, version: null }))),
      total: count,
    };
  }
  if (list?.generation !== generation) keptLists.set(db, listKey, { generation, ids: null });

  // One page by OFFSET: the team's generation and the page's ids with their row versions, in one
  // statement (one snapshot). The page's ids come from indexes alone where they can (the
  // created_at order carries the status and method: migration 015): the rows skipped by OFFSET
  // are never read, only the page's own rows are, for their versions.
  const head = await db.one<{ generation: string; page: string }>(
    `SELECT ${GENERATION_OF_TEAM} AS generation,
       array_to_string(ARRAY(
         SELECT p.id::text || ' ' || ${rowVersion('p')}
         FROM unnest(ARRAY(SELECT o.id FROM lab_orders o WHERE ${where} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}))
           WITH ORDINALITY AS page (id, n)
         JOIN lab_orders p ON p.id = page.id ORDER BY page.n), ',') AS page`,
    [...params, paging.size, offset],
  );
  const pageGeneration = head!.generation;
  const page = head!.page === '' ? [] : head!.page.split(',').map((entry) => ({ id: entry.slice(0, 36), version: entry.slice(37) }));
  // A total counted at the generation read before it: a count that already includes a later
  // commit is kept under the older generation, which that commit has moved on from.
  const [count, orders] = await Promise.all([
    total === null || pageGeneration !== generation ? db.one<{ total: number }>(`SELECT count(*) AS total FROM lab_orders o WHERE ${where}`, params) : null,
    readOrders(db, teamId, pageGeneration, page),
  ]);
  if (count === null) return { orders, total: total! };
  keptTotals.set(db, totalKey, { generation: pageGeneration, total: count?.total ?? 0 });
  return { orders, total: count?.total ?? 0 };
}

const GENERATION_OF_TEAM = `coalesce((SELECT g.generation FROM lab_order_generations g WHERE g.team_id = $1), 0)::text`;

/**
 * The team's order generation (migration 015): it moves with every commit that wrote the team's
 * orders. '0' for a team that never had one.
 */
async function teamGeneration(db: Queryable, teamId: string): Promise<string> {
  return (await db.one<{ generation: string }>(`SELECT ${GENERATION_OF_TEAM} AS generation`, [teamId]))!.generation;
}

/**
 * The orders of a page, as records (frozen when kept). `generation` is the team's at or before the page was
 * listed; `version` the row version listed with an id, or null when the page came from a kept
 * list of ids. An order kept and found current at that generation is its kept record, as is one
 * listed at the version it was kept at (the same object: a page of the same orders is the same
 * body, http/body-memo.ts); the versions of the others are read when not listed, and the
 * orders whose version changed are read again. An order gone meanwhile is left out.
 */
async function readOrders(db: Queryable, teamId: string, generation: string, page: readonly { id: string; version: string | null }[]): Promise<LabOrderRecord[]> {
  // Taken now: other reads may push these out of the memo while this one waits for the rest.
  const found = new Map<string, LabOrderRecord>();
  const missing: string[] = [];
  const unchecked: string[] = [];
  for (const { id, version } of page) {
    const kept = keptOrders.get(db, id);
    if (kept && (kept.checkedAt === generation || kept.version === version)) {
      kept.checkedAt = generation;
      found.set(id, kept.record);
    } else if (kept && version === null) unchecked.push(id);
    else missing.push(id);
  }
  if (unchecked.length > 0) {
    const rows = await db.query<{ id: string; version: string }>(`SELECT o.id, ${rowVersion('o')} AS version FROM lab_orders o WHERE o.team_id = $1 AND o.id = ANY ($2::uuid[])`, [teamId, unchecked]);
    for (const { id, version } of rows) {
      const kept = keptOrders.get(db, id);
      if (kept?.version === version) {
        kept.checkedAt = generation;
        found.set(id, kept.record);
      } else missing.push(id);
    }
  }
  if (missing.length > 0) {
    const rows = await db.query<LabOrderRecord & { version: string }>(
      `SELECT ${rowVersion('o')} AS version, ${ORDER_COLUMNS} ${FROM_ORDERS} WHERE o.team_id = $1 AND o.id = ANY ($2::uuid[])`,
      [teamId, missing],
    );
    // Each record keeps the row version it was read with (not copied out of the row: see withLabTests).
    const records: LabOrderRecord[] = await withLabTests(db, rows);
    rows.forEach(({ version }, i) => {
      const record = records[i]!;
      // Kept on its second read: read once lately, or kept before at another version. Only a
      // kept record is shared with later reads, so only it is frozen (freezing every order of a
      // page read once, and its view, was 5% of the server's time on pages read in turn).
      if (readOnce.take(db, record.id) || keptOrders.peek(db, record.id)) keptOrders.set(db, record.id, { version, checkedAt: generation, record: deepFreeze(record) });
      else readOnce.set(db, record.id, true);
      found.set(record.id, record);
    });
  }
  return page.flatMap(({ id }) => {
    const record = found.get(id);
    return record ? [record] : [];
  });
}

/** Values kept per database and key, at most `limit` per database; the least recently kept or read go first. */
class KeptPerDatabase<V> {
  private readonly byDatabase = new WeakMap<Queryable, LruMap<string, V>>();
  constructor(private readonly limit: number) {}

  get(db: Queryable, key: string): V | undefined {
    return this.byDatabase.get(db)?.get(key);
  }

  /** The value kept under `key`, without making it recent. */
  peek(db: Queryable, key: string): V | undefined {
    return this.byDatabase.get(db)?.peek(key);
  }

  /** The value kept under `key`, no longer kept. */
  take(db: Queryable, key: string): V | undefined {
    return this.byDatabase.get(db)?.take(key);
  }

  set(db: Queryable, key: string, value: V): void {
    let kept = this.byDatabase.get(db);
    if (!kept) this.byDatabase.set(db, (kept = new LruMap(this.limit)));
    kept.set(key, value);
  }
}

/**
 * The orders the list read, as frozen records under their row version. About 2 kB of JSON each
 * beside the lab test they share: 2,000 orders are 40 pages of 50. An order is kept when it is
 * read from the database a second time while its id is among the last READ_ONCE ids read once:
 * a page read again (a dashboard polling it) is kept from its second read on, while pages read
 * once each, in turn (more orders than are kept), keep nothing. Keeping those only pushed out
 * orders read again and kept every record past the collector's young generation: on PGlite,
 * reading the 215 pages of a filter in turn (100,000 orders), the heap before each full
 * collection went from 171-249 MB to 133-157 MB with this rule, and the p99 from 87-96 to 74-78 ms.
 */
const keptOrders = new KeptPerDatabase<{ version: string; checkedAt: string; record: LabOrderRecord }>(2_000);
const READ_ONCE = 4_000;
const readOnce = new KeptPerDatabase<true>(READ_ONCE);

/** Whether `record` is the one the list keeps for its order (a page of such records may be a body seen before). */
export function isKeptOrder(db: Queryable, record: LabOrderRecord): boolean {
  return keptOrders.peek(db, record.id)?.record === record;
}

/**
 * The ids a filter matches, in the list's order, as 16 bytes each, with the team's generation
 * they were read at (`ids` null: the filter was read once at that generation, by OFFSET). Lists
 * of at most LIST_IDS_KEPT ids, 16 of them: 25.6 MB at most. (As strings an id took about 64
 * bytes of heap, and lists were capped at 25,000 ids: a patient name matching more orders than
 * that was read by OFFSET, every match sorted again for each page.)
 */
const keptLists = new KeptPerDatabase<{ generation: string; ids: Buffer | null }>(16);
const LIST_IDS_KEPT = 100_000;
const UUID_BYTES = 16;

/** The ids `from` to `from + count` of a kept list, as uuid text. */
function idsOf(ids: Buffer, from: number, count: number): string[] {
  const found: string[] = [];
  for (let at = from * UUID_BYTES; at < ids.length && found.length < count; at += UUID_BYTES) {
    const hex = ids.toString('hex', at, at + UUID_BYTES);
    found.push(`${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`);
  }
  return found;
}

/**
 * The list's totals, by filter (its conditions and values, the team among them), each with the
 * team's generation when it was counted.
 */
const keptTotals = new KeptPerDatabase<{ generation: string; total: number }>(1_000);

// ---- simulations ---------------------------------------------------------------------------

export interface SimulationRecord {
  order_id: string;
  team_id: string;
  target_status: string;
  delay_ms: number;
  flags: Record<string, unknown>;
  next_step_at: string;
}

/** Starts (or replaces) the simulation of an order: its next step is due at `next_step_at`. */
export async function upsertSimulation(db: Queryable, s: SimulationRecord): Promise<void> {
  await db.query(
    `INSERT INTO lab_order_simulations (order_id, team_id, target_status, delay_ms, flags, next_step_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6)
     ON CONFLICT (order_id) DO UPDATE SET target_status = EXCLUDED.target_status, delay_ms = EXCLUDED.delay_ms,
       flags = EXCLUDED.flags, next_step_at = EXCLUDED.next_step_at`,
    [s.order_id, s.team_id, s.target_status, s.delay_ms, JSON.stringify(s.flags), s.next_step_at],
  );
}

/**
 * Whether the order has a simulation in progress, its row then locked for the caller's
 * transaction. A step that holds the row (claimDueSimulation) is waited for, so what the
 * caller reads of the order next includes that step.
 */
export async function lockSimulation(tx: Queryable, orderId: string): Promise<boolean> {
  return (await tx.one(`SELECT order_id FROM lab_order_simulations WHERE order_id = $1 FOR UPDATE`, [orderId])) !== null;
}

/**
 * Takes the most overdue simulation step due at `now`, locked for the caller's transaction
 * (other workers skip it), or null when none is due.
 */
export async function claimDueSimulation(tx: Queryable, now: string): Promise<SimulationRecord | null> {
  return tx.one<SimulationRecord>(
    `SELECT order_id, team_id, target_status, delay_ms, flags, next_step_at FROM lab_order_simulations
     WHERE next_step_at <= $1 ORDER BY next_step_at, order_id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    [now],
  );
}

export async function rescheduleSimulation(tx: Queryable, orderId: string, nextStepAt: string): Promise<void> {
  await tx.query(`UPDATE lab_order_simulations SET next_step_at = $2 WHERE order_id = $1`, [orderId, nextStepAt]);
}

export async function deleteSimulation(tx: Queryable, orderId: string): Promise<void> {
  await tx.query(`DELETE FROM lab_order_simulations WHERE order_id = $1`, [orderId]);
}

/**
 * Deletes the order's simulation unless a simulation step holds its row (claimDueSimulation):
 * that step then finds the order moved on and deletes the row itself. Waiting for it instead
 * could deadlock, since the step waits for the order's row the caller holds.
 */
export async function dropSimulationUnlessStepping(tx: Queryable, orderId: string): Promise<void> {
  await tx.query(
    `DELETE FROM lab_order_simulations
     WHERE order_id = (SELECT order_id FROM lab_order_simulations WHERE order_id = $1 FOR UPDATE SKIP LOCKED)`,
    [orderId],
  );
}

/** When the next simulation step is due (any team), or null when none is pending. */
export async function nextSimulationDueAt(db: Queryable): Promise<string | null> {
  const row = await db.one<{ next_step_at: string | null }>(`SELECT min(next_step_at) AS next_step_at FROM lab_order_simulations`);
  return row?.next_step_at ?? null;
}

/** Whether the team opted in to `partial_results` order webhooks (management API team settings). */
export async function teamWantsPartialResults(db: Queryable, teamId: string): Promise<boolean> {
  const row = await db.one<{ enabled: boolean }>(`SELECT lab_partial_results_enabled AS enabled FROM teams WHERE id = $1`, [teamId]);
  return row?.enabled ?? false;
}
