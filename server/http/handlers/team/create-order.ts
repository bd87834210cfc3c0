import type { operations } from '../../../../generated/team/schema.js';
import { bodyHash, earlierBodyHash } from '../../../domain/lab-orders/idempotency.js';
import { toOrderView } from '../../../domain/lab-orders/order.js';
import { createLabOrder, createLabOrders, type CreateOrderOutcome } from '../../../jobs/lab-orders/create-order.js';
import { LabOrderVacuum } from '../../../jobs/lab-orders/maintenance.js';
import { groupCommit } from '../../../storage/group-commit.js';
import type { NewLabOrder } from '../../../storage/repositories/lab-orders.js';
import { ApiError, ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { prepareOrder } from './order-requests.js';
import { userNotFound } from './views.js';

const IDEMPOTENCY_HEADER = 'x-idempotency-key';

/**
 * POST /v3/order: Create an order. The request is checked in full first (order-requests.ts:
 * one 422 naming every problem), then the user (404), then the idempotency key (see the
 * spec). Concurrent plain orders (no idempotency key, an existing lab test) are stored
 * together: one transaction, one statement for the orders (group commit).
 */
export const createOrder = (deps: Deps): Handler<operations['createOrder'], TeamContext> => {
  // Orders without an idempotency key or a new lab test: concurrent ones are stored together.
  const createTogether = groupCommit((batch: readonly NewLabOrder[]) => createLabOrders(deps.db, batch, deps.caches.labOrders));
  // The orders this handler writes, which schedule the PGlite vacuum of the order tables.
  const vacuum = new LabOrderVacuum(deps.db, deps.logger);
  return async ({ body, headers }, caller) => {
    const teamId = caller.teamId;
    const { order, new_lab_test: newLabTest } = await prepareOrder(deps, caller, body);
    const key = headers[IDEMPOTENCY_HEADER as keyof typeof headers] as string | undefined;
    const outcome: CreateOrderOutcome = key === undefined && newLabTest === null
      ? await createTogether(order).then((created) => (created ? { outcome: 'created', order: created } : { outcome: 'user_not_found' }))
      : await createLabOrder(deps.db, {
        team_id: teamId,
        idempotency: key === undefined ? null : { key, body_hash: bodyHash(body), earlier_body_hash: earlierBodyHash(body) },
        new_lab_test: newLabTest,
        order,
      }, deps.caches.labOrders);
    if (outcome.outcome === 'created') vacuum.noteWrites(1);
    switch (outcome.outcome) {
      case 'user_not_found':
        throw userNotFound(body.user_id);
      case 'key_reused':
        throw ValidationFailure.single(['header', IDEMPOTENCY_HEADER], `The idempotency key was used for another request body (order ${outcome.order_id}); use a new key for a new order`);
      case 'created':
      case 'replayed':
        return { status: 200, body: { order: toOrderView(outcome.order), status: 'success', message: outcome.outcome === 'created' ? 'Order created' : 'Order already created with this idempotency key' } };
      default:
        throw new ApiError(500, 'Unexpected outcome');
    }
  };
};
