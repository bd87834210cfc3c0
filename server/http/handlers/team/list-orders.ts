import type { components, operations } from '../../../../generated/team/schema.js';
import { activationFilter } from '../../../domain/lab-orders/activation.js';
import { toOrderView } from '../../../domain/lab-orders/order.js';
import { deepFreeze } from '../../../shared/deep-freeze.js';
import { isKeptOrder, listOrders as listStoredOrders, type LabOrderRecord, type OrderSortKey } from '../../../storage/repositories/lab-orders.js';
import { BodyMemo } from '../../body-memo.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

type Order = components['schemas']['Order'];

/** GET /v3/orders: List orders (offset pages, newest first by default). */
export const listOrders =
  (deps: Deps): Handler<operations['listOrders'], TeamContext> =>
  async ({ query }, { teamId }) => {
    const page = query.page ?? 1;
    const size = query.size ?? 50;
    const { orders, total } = await listStoredOrders(
      deps.db,
      teamId,
      {
        search_input: query.search_input ?? null,
        created_from: query.start_date ?? null,
        created_to: query.end_date ?? null,
        updated_from: query.updated_start_date ?? null,
        updated_to: query.updated_end_date ?? null,
        low_statuses: query.status ?? null,
        methods: query.order_type ?? null,
        is_critical: query.is_critical ?? null,
        interpretation: query.interpretation ?? null,
        user_id: query.user_id ?? null,
        patient_name: query.patient_name ?? null,
        receiver_name: query.shipping_recipient_name ?? null,
        order_ids: query.order_ids ?? null,
        activation: activationFilter(query.order_activation_types ?? null, deps.now()),
      },
      { key: (query.order_key ?? 'created_at') as OrderSortKey, direction: query.order_direction ?? 'desc' },
      { page, size },
    );
    // Only a page of orders the storage keeps can come back as the same records: it is
    // remembered as one frozen body. A page with orders read once is built for this answer alone:
    // its records are not shared, so their views are neither frozen nor remembered (they would
    // only live longer), and the body is serialised as a whole, its lab tests from their bytes.
    const kept = orders.map((order) => isKeptOrder(deps.db, order));
    if (kept.every(Boolean)) {
      const body = pages.body(`${teamId}\u0000${JSON.stringify(query)}`, [total, page, size, ...orders], () => ({ orders: orders.map(viewOf), total, page, size }));
      return { status: 200, body };
    }
    const views = orders.map((order, i) => (kept[i] ? viewOf(order) : (toOrderView(order) as Order)));
    return { status: 200, body: { orders: views, total, page, size } };
  };

/**
 * The last page of each (team, query), reused while it lists the same order records: the storage
 * keeps an order read at one row version as one frozen record, so a page read again before any
 * of its orders changed is the same frozen body, validated once and then sent as its bytes.
 * Up to 256 pages of 10,000 orders in all.
 */
const pages = new BodyMemo(256, 10_000);

/** The wire order of a record the storage keeps (frozen): the same frozen view for the same record. */
const views = new WeakMap<LabOrderRecord, Order>();
function viewOf(record: LabOrderRecord): Order {
  let view = views.get(record);
  if (view === undefined) views.set(record, (view = deepFreeze(toOrderView(record) as Order)));
  return view;
}
