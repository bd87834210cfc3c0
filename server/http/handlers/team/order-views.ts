import { findOrder, type LabOrderRecord } from '../../../storage/repositories/lab-orders.js';
import { ApiError } from '../../api-error.js';
import type { Deps } from '../context.js';

export const orderNotFound = (orderId: string) => new ApiError(404, `Order ${orderId} not found.`);

/** The team's order, or the 404 (another team's order is not found either). */
export async function requireOrder(deps: Deps, teamId: string, orderId: string): Promise<LabOrderRecord> {
  const order = await findOrder(deps.db, teamId, orderId, deps.caches.labOrders.labTestValues);
  if (!order) throw orderNotFound(orderId);
  return order;
}
