/**
 * GET /v3/orders: one page of a team's orders matching a filter, and how many match in all.
 *
 * With the app's caches (lab-order-caches.ts) the list keeps, per team, what it read with the
 * team's order generation at the time (migration 015: it moves with every commit that wrote the
 * team's orders, and with a change of the client_user_id of a user with orders, migration 025):
 * a filter's total, every id of a filter read again, and the records of orders read twice,
 * each under its row version (the order's row and its user's). Nothing kept is answered once
 * the generation or the version it was kept under has moved, so a write by another process
 * on the same database is seen by the next read.
 */
import type { Queryable } from '../database.js';
import type { KeptOrder, LabOrderCaches } from './lab-order-caches.js';
import { withLabTests } from './lab-order-lab-tests.js';
import { FROM_ORDERS, ORDER_COLUMNS, type LabOrderRecord } from './lab-orders.js';
import { isUuid } from './support.js';

/**
 * A version of an order as the list shows it: the transactions that wrote its row and its
 * user's row last (xmin). Every change to an order rewrites its row (a status change updates it
 * in the statement that adds the event; the results' interpretation updates it too), and the
 * record carries the user's client_user_id: an order read at one version is the same record
 * while the version is.
 */
const rowVersion = (order: string, user: string) => `${order}.xmin::text || '/' || ${user}.xmin::text`;

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
 * With `caches`, the records of orders kept (isKeptOrder) are shared with later reads while the
 * order is unchanged (frozen outside production); the others are the caller's own. Without,
 * every read counts and reads what it answers.
 */
export async function listOrders(
  db: Queryable,
  teamId: string,
  filter: OrderListFilter,
  sort: { key: OrderSortKey; direction: 'asc' | 'desc' },
  paging: { page: number; size: number },
  caches: LabOrderCaches | null = null,
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
  const kept = caches?.orderTotals.get(totalKey);
  const total = kept?.generation === generation ? kept.total : null;
  const list = caches?.orderLists.get(listKey);

  // Every id the filter matches, in order, read once per generation when the filter is read a
  // second time at it: any page is then a slice, however deep.
  if (list?.generation === generation && list.ids !== null) {
    const ids = idsOf(list.ids, offset, paging.size);
    return { orders: await readOrders(db, caches, teamId, generation, ids.map((id) => ({ id, version: null }))), total: list.ids.length / UUID_BYTES };
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
    caches?.orderLists.set(listKey, { generation: whole!.generation, ids });
    caches?.orderTotals.set(totalKey, { generation: whole!.generation, total: count });
    return {
      orders: await readOrders(db, caches, teamId, whole!.generation, idsOf(ids, offset, paging.size).map((id) => ({ id, version: null }))),
      total: count,
    };
  }
  if (list?.generation !== generation) caches?.orderLists.set(listKey, { generation, ids: null });

  // One page by OFFSET: the team's generation and the page's ids with their row versions, in one
  // statement (one snapshot). The page's ids come from indexes alone where they can (the
  // created_at order carries the status and method: migration 015): the rows skipped by OFFSET
  // are never read, only the page's own rows are, for their versions.
  const head = await db.one<{ generation: string; page: string }>(
    `SELECT ${GENERATION_OF_TEAM} AS generation,
       array_to_string(ARRAY(
         SELECT p.id::text || ' ' || ${rowVersion('p', 'pu')}
         FROM unnest(ARRAY(SELECT o.id FROM lab_orders o WHERE ${where} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}))
           WITH ORDINALITY AS page (id, n)
         JOIN lab_orders p ON p.id = page.id JOIN users pu ON pu.id = p.user_id ORDER BY page.n), ',') AS page`,
    [...params, paging.size, offset],
  );
  const pageGeneration = head!.generation;
  const page = head!.page === '' ? [] : head!.page.split(',').map((entry) => ({ id: entry.slice(0, 36), version: entry.slice(37) }));
  // A total counted at the generation read before it: a count that already includes a later
  // commit is kept under the older generation, which that commit has moved on from.
  const [count, orders] = await Promise.all([
    total === null || pageGeneration !== generation ? db.one<{ total: number }>(`SELECT count(*) AS total FROM lab_orders o WHERE ${where}`, params) : null,
    readOrders(db, caches, teamId, pageGeneration, page),
  ]);
  if (count === null) return { orders, total: total! };
  caches?.orderTotals.set(totalKey, { generation: pageGeneration, total: count?.total ?? 0 });
  return { orders, total: count?.total ?? 0 };
}

const GENERATION_OF_TEAM = `coalesce((SELECT g.generation FROM lab_order_generations g WHERE g.team_id = $1), 0)::text`;

/** The team's order generation: it moves with every commit that wrote the team's orders (or their users' client_user_id). '0' for a team that never had one. */
async function teamGeneration(db: Queryable, teamId: string): Promise<string> {
  return (await db.one<{ generation: string }>(`SELECT ${GENERATION_OF_TEAM} AS generation`, [teamId]))!.generation;
}

/**
 * The orders of a page, as records. `generation` is the team's at or before the page was
 * listed; `version` the row version listed with an id, or null when the page came from a kept
 * list of ids. An order kept and found current at that generation is its kept record, as is one
 * listed at the version it was kept at (the same object: a page of the same orders is the same
 * body, http/handlers/team/list-orders.ts); the versions of the others are read when not
 * listed, and the orders whose version changed are read again. An order gone meanwhile is left out.
 */
async function readOrders(
  db: Queryable,
  caches: LabOrderCaches | null,
  teamId: string,
  generation: string,
  page: readonly { id: string; version: string | null }[],
): Promise<LabOrderRecord[]> {
  // Taken now: other reads may push these out of the cache while this one waits for the rest.
  const found = new Map<string, LabOrderRecord>();
  const missing: string[] = [];
  const unchecked: string[] = [];
  const current = (id: string, kept: KeptOrder) => {
    if (kept.checkedAt !== generation) caches?.orderRecords.set(id, { ...kept, checkedAt: generation });
    found.set(id, kept.record);
  };
  for (const { id, version } of page) {
    const kept = caches?.orderRecords.get(id);
    if (kept && (kept.checkedAt === generation || kept.version === version)) current(id, kept);
    else if (kept && version === null) unchecked.push(id);
    else missing.push(id);
  }
  if (unchecked.length > 0) {
    const rows = await db.query<{ id: string; version: string }>(
      `SELECT o.id, ${rowVersion('o', 'u')} AS version ${FROM_ORDERS} WHERE o.team_id = $1 AND o.id = ANY ($2::uuid[])`,
      [teamId, unchecked],
    );
    for (const { id, version } of rows) {
      const kept = caches?.orderRecords.get(id);
      if (kept?.version === version) current(id, kept);
      else missing.push(id);
    }
  }
  if (missing.length > 0) {
    const rows = await db.query<LabOrderRecord & { version: string }>(
      `SELECT ${rowVersion('o', 'u')} AS version, ${ORDER_COLUMNS} ${FROM_ORDERS} WHERE o.team_id = $1 AND o.id = ANY ($2::uuid[])`,
      [teamId, missing],
    );
    // Each record keeps the row version it was read with (not copied out of the row: see withLabTests).
    const records: LabOrderRecord[] = await withLabTests(db, rows, caches?.labTestValues);
    rows.forEach(({ version }, i) => {
      const record = records[i]!;
      // Kept on its second read: read once lately, or kept before at another version. Only a
      // kept record is shared with later reads (frozen outside production): pages read once
      // each, in turn (more orders than are kept), keep nothing and push out no order read again.
      if (caches && (caches.orderReadOnce.get(record.id) !== undefined || caches.orderRecords.get(record.id) !== undefined)) {
        caches.orderReadOnce.delete(record.id);
        found.set(record.id, caches.orderRecords.set(record.id, { version, checkedAt: generation, record }).record);
      } else {
        caches?.orderReadOnce.set(record.id, true);
        found.set(record.id, record);
      }
    });
  }
  return page.flatMap(({ id }) => {
    const record = found.get(id);
    return record ? [record] : [];
  });
}

/** Whether `record` is the one the list keeps for its order (a page of such records may be a body seen before). */
export function isKeptOrder(caches: LabOrderCaches, record: LabOrderRecord): boolean {
  return caches.orderRecords.get(record.id)?.record === record;
}

/** Lists of at most this many ids are kept (16 bytes each). */
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
