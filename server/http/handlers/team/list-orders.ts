import type { components, operations } from '../../../../generated/team/schema.js';
import { toOrderView } from '../../../domain/lab-orders/order.js';
import { listOrders as listStoredOrders, type OrderSortKey } from '../../../storage/repositories/lab-orders.js';
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
        order_ids: query.order_ids ?? null,
      },
      { key: (query.order_key ?? 'created_at') as OrderSortKey, direction: query.order_direction ?? 'desc' },
      { page, size },
    );
    return { status: 200, body: { orders: orders.map((o) => toOrderView(o) as Order), total, page, size } };
  };
