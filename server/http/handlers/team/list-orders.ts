import type { operations } from '../../../../generated/team/schema.js';
import { activationFilter } from '../../../domain/lab-orders/activation.js';
import { toOrderView, type OrderView } from '../../../domain/lab-orders/order.js';
import { deepFreeze } from '../../../shared/cache.js';
import { isKeptOrder, listOrders as listStoredOrders, type OrderSortKey } from '../../../storage/repositories/lab-order-list.js';
import type { LabOrderRecord } from '../../../storage/repositories/lab-orders.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

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
      deps.caches.labOrders,
    );
    // Only a page of orders the storage keeps can come back as the same records: it is
    // remembered as one frozen body (lab-order-pages), which the app validates once and then
    // sends as its memoised bytes. A page with orders read once is built for this answer alone:
    // its records are not shared, so their views are neither frozen nor kept (they would
    // only live longer), and the body is serialised as a whole, its lab tests from their bytes.
    const { orderPages, orderViews } = deps.caches.labViews;
    const kept = orders.map((order) => isKeptOrder(deps.caches.labOrders, order));
    // The view of a kept record is frozen in every environment: its bytes are memoised by the
    // app (http/frozen-parts.ts) only when it is.
    const viewOf = (record: LabOrderRecord): OrderView => orderViews.getOrSet(record, () => deepFreeze(toOrderView(record)));
    if (kept.every(Boolean)) {
      const key = `${teamId}\u0000${JSON.stringify(query)}`;
      const parts = [total, page, size, ...orders];
      const remembered = orderPages.get(key);
      if (remembered && sameParts(remembered.parts, parts)) return { status: 200, body: remembered.body };
      const body = deepFreeze({ orders: orders.map(viewOf), total, page, size });
      return { status: 200, body: orderPages.set(key, { parts, body }).body };
    }
    const views = orders.map((order, i) => (kept[i] ? viewOf(order) : toOrderView(order)));
    return { status: 200, body: { orders: views, total, page, size } };
  };

function sameParts(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}
