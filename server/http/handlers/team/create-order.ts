import type { operations } from '../../../../generated/team/schema.js';
import { bodyHash, earlierBodyHash } from '../../../domain/lab-orders/idempotency.js';
import { toOrderView } from '../../../domain/lab-orders/order.js';
import { createLabOrder, createLabOrders, keepIdempotencyKeyError, keptIdempotencyError, type CreateOrderOutcome, type IdempotencyInput } from '../../../jobs/lab-orders/create-order.js';
import { LabOrderVacuum } from '../../../jobs/lab-orders/maintenance.js';
import { groupCommit } from '../../../storage/group-commit.js';
import type { KeptIdempotencyError } from '../../../storage/repositories/lab-order-idempotency.js';
import type { NewLabOrder } from '../../../storage/repositories/lab-orders.js';
import { ApiError, ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { prepareOrder } from './order-requests.js';
import { userNotFound } from './views.js';
import type { ValidationErrorItem } from '../../../shared/error-shape.js';

const IDEMPOTENCY_HEADER = 'x-idempotency-key';
const IDEMPOTENCY_ERROR_HEADER = 'x-idempotency-error';

/** The statuses of an ApiError, by which a kept error is thrown again as it was answered. */
const API_ERROR_STATUSES = [400, 401, 403, 404, 405, 409, 413, 500, 501, 503] as const;
type ApiErrorStatus = (typeof API_ERROR_STATUSES)[number];
const isApiErrorStatus = (status: number): status is ApiErrorStatus => (API_ERROR_STATUSES as readonly number[]).includes(status);
const isValidationItems = (detail: unknown): detail is ValidationErrorItem[] =>
  Array.isArray(detail) && detail.every((item) => item !== null && typeof item === 'object' && Array.isArray((item as { loc?: unknown }).loc) && typeof (item as { msg?: unknown }).msg === 'string');

/** An error answer as a key keeps it (a request error: a 4xx the handler threw); null for any other failure. */
function keptFormOf(error: unknown): KeptIdempotencyError | null {
  if (error instanceof ValidationFailure) return { status: 422, body: { detail: [...error.items] } };
  if (error instanceof ApiError && error.status < 500) return { status: error.status, body: { detail: error.detail } };
  return null;
}

/** A kept error, thrown again as it was first answered. */
function replayedError(kept: KeptIdempotencyError): Error {
  const detail = kept.body.detail;
  if (kept.status === 422 && isValidationItems(detail)) return new ValidationFailure(detail);
  if (isApiErrorStatus(kept.status) && typeof detail === 'string') return new ApiError(kept.status, detail);
  return new ApiError(500, 'The error kept under this idempotency key cannot be read back');
}

/**
 * POST /v3/order: Create an order. The request is checked in full first (order-requests.ts:
 * one 422 naming every problem), then the user (404), then the idempotency key (see the
 * spec). With a key, an error answered after the schema check (the 422 of those checks, the
 * 404) is kept under the key and answered again to a retry with the same body, unless the
 * request says `X-Idempotency-Error: no-cache` (jobs/lab-orders/create-order.ts). Concurrent
 * plain orders (no idempotency key, an existing lab test) are stored together: one
 * transaction, one statement for the orders (group commit).
 */
export const createOrder = (deps: Deps): Handler<operations['createOrder'], TeamContext> => {
  // Orders without an idempotency key or a new lab test: concurrent ones are stored together.
  const createTogether = groupCommit((batch: readonly NewLabOrder[]) => createLabOrders(deps.db, batch, deps.caches.labOrders), { schedule: deps.requestRounds.afterRequests });
  // The orders this handler writes, which schedule the PGlite vacuum of the order tables.
  const vacuum = new LabOrderVacuum(deps.db, deps.logger);
  return async ({ body, headers }, caller) => {
    const teamId = caller.teamId;
    const key = headers[IDEMPOTENCY_HEADER as keyof typeof headers] as string | undefined;
    const idempotency: IdempotencyInput | null = key === undefined ? null : {
      key,
      body_hash: bodyHash(body),
      earlier_body_hash: earlierBodyHash(body),
      // The schema admits `no-cache` alone (anything else is a 422 before this runs).
      errors: headers[IDEMPOTENCY_ERROR_HEADER as keyof typeof headers] === 'no-cache' ? 'no-cache' : 'keep',
    };
    if (idempotency) {
      const kept = await keptIdempotencyError(deps.db, teamId, idempotency);
      if (kept) throw replayedError(kept);
    }
    try {
      const { order, new_lab_test: newLabTest } = await prepareOrder(deps, caller, body);
      const outcome: CreateOrderOutcome = idempotency === null && newLabTest === null
        ? await createTogether(order).then((created) => (created ? { outcome: 'created', order: created } : { outcome: 'user_not_found' }))
        : await createLabOrder(deps.db, { team_id: teamId, idempotency, new_lab_test: newLabTest, order }, deps.caches.labOrders);
      if (outcome.outcome === 'created') vacuum.noteWrites(1);
      switch (outcome.outcome) {
        case 'user_not_found':
          throw userNotFound(body.user_id);
        case 'key_reused':
          throw ValidationFailure.single(
            ['header', IDEMPOTENCY_HEADER],
            outcome.order_id === null
              ? 'The idempotency key was used for another request body (answered with an error); use a new key for a new order'
              : `The idempotency key was used for another request body (order ${outcome.order_id}); use a new key for a new order`,
          );
        case 'replayed_error':
          // Thrown as it was kept: not kept again (the key holds it).
          throw new ReplayedKeptError(outcome.error);
        case 'created':
        case 'replayed':
          return { status: 200, body: { order: toOrderView(outcome.order), status: 'success', message: outcome.outcome === 'created' ? 'Order created' : 'Order already created with this idempotency key' } };
        default:
          throw new ApiError(500, 'Unexpected outcome');
      }
    } catch (error) {
      if (error instanceof ReplayedKeptError) throw replayedError(error.kept);
      const kept = idempotency ? keptFormOf(error) : null;
      // The key-reused 422 is about the key itself: the key already holds another body's answer, which stays.
      if (idempotency && kept) await keepIdempotencyKeyError(deps.db, teamId, idempotency, kept);
      throw error;
    }
  };
};

/** The error a key holds, met inside the create transaction: answered again, not kept again. */
class ReplayedKeptError extends Error {
  constructor(readonly kept: KeptIdempotencyError) {
    super('replayed idempotency error');
  }
}
