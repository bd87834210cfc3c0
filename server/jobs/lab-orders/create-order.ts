import type { Database, Queryable } from '../../storage/database.js';
import { emitEvent } from '../../storage/repositories/events.js';
import type { LabOrderCaches } from '../../storage/repositories/lab-order-caches.js';
import { findIdempotencyKey, keepIdempotencyError, lockIdempotencyKey, recordIdempotencyKey, type KeptIdempotencyError } from '../../storage/repositories/lab-order-idempotency.js';
import { findOrderIdBySampleId, lockSampleId } from '../../storage/repositories/lab-order-sample-ids.js';
import type { LabTestSnapshots } from '../../storage/repositories/lab-order-lab-tests.js';
import { findOrder, insertOrder, insertOrders, type LabOrderRecord, type NewLabOrder, type OrderEventToWrite } from '../../storage/repositories/lab-orders.js';
import { insertLabTest, type NewLabTest } from '../../storage/repositories/lab-tests.js';
import { toOrderView } from '../../domain/lab-orders/order.js';
import type { LabTestView } from '../../domain/lab-tests/catalog.js';

export type CreateOrderOutcome =
  | { outcome: 'created'; order: LabOrderRecord }
  /** The idempotency key was used before with the same body: the order it made, as it is now. */
  | { outcome: 'replayed'; order: LabOrderRecord }
  /** The key holds another body's order (order_id), or the error another body was answered (order_id null). */
  | { outcome: 'key_reused'; order_id: string | null }
  /** The idempotency key answered an error to the same body before, and the request let it keep it: that error again. */
  | { outcome: 'replayed_error'; error: KeptIdempotencyError }
  /** Another order of the team has the sample id (input.unique_sample_id). */
  | { outcome: 'sample_id_taken'; order_id: string }
  | { outcome: 'user_not_found' };

/** A request's idempotency key, its body's hashes, and what the request lets the key keep. */
export interface IdempotencyInput {
  key: string;
  body_hash: string;
  /** The body's hash by the rule keys were stored with before (domain/lab-orders/idempotency.ts), also the same body. */
  earlier_body_hash: string | null;
  /**
   * `X-Idempotency-Error`: `keep` (no header) keeps an error answer under the key and replays an
   * error it holds; `no-cache` keeps no error and runs again past one the key holds.
   */
  errors: 'keep' | 'no-cache';
}

const sameBody = (hash: string, input: IdempotencyInput) => hash === input.body_hash || hash === input.earlier_body_hash;

/**
 * The error the key answered to this body before, when the request lets the key replay it
 * (no `X-Idempotency-Error: no-cache`); null otherwise. Read before the request is checked, so a
 * retry answers the kept error even when the check would now pass.
 */
export async function keptIdempotencyError(db: Database, teamId: string, input: IdempotencyInput): Promise<KeptIdempotencyError | null> {
  if (input.errors === 'no-cache') return null;
  const existing = await findIdempotencyKey(db, teamId, input.key);
  return existing?.error && sameBody(existing.body_hash, input) ? existing.error : null;
}

/**
 * Keeps the error a request with a key was answered, when the request lets it (no
 * `X-Idempotency-Error: no-cache`) and the key holds nothing yet (a concurrent request with it
 * that recorded first wins).
 */
export async function keepIdempotencyKeyError(db: Database, teamId: string, input: IdempotencyInput, error: KeptIdempotencyError): Promise<void> {
  if (input.errors === 'no-cache') return;
  await db.transaction(async (tx) => {
    await lockIdempotencyKey(tx, teamId, input.key);
    await keepIdempotencyError(tx, { team_id: teamId, key: input.key, body_hash: input.body_hash, error });
  });
}

export interface CreateOrderInput {
  team_id: string;
  idempotency: IdempotencyInput | null;
  /** A lab test to store first (an order set that became a new lab test); the order's lab_test_id is then its id. */
  new_lab_test: NewLabTest | null;
  /** The order; with new_lab_test, `lab_test_id` and `body.lab_test.id` are filled in with the stored lab test's id. */
  order: NewLabOrder;
  /** True for an import: the order's sample id must be no other order's of the team (else nothing is stored). */
  unique_sample_id?: boolean;
}

/**
 * Creates an order, its first event and `labtest.order.created` in one transaction, so
 * the webhook exists if and only if the order does. With an idempotency key, requests
 * with one key are serialised by a transaction lock: the first creates, the others
 * answer its order (same body) or are refused (another body); a key that holds an error
 * answers it again (same body) or refuses (another body), unless the request said no-cache. With `unique_sample_id`,
 * requests with one sample id are serialised the same way, and the later ones refused.
 */
export async function createLabOrder(db: Database, input: CreateOrderInput, caches?: LabOrderCaches): Promise<CreateOrderOutcome> {
  return db.transaction(async (tx): Promise<CreateOrderOutcome> => {
    if (input.idempotency) {
      await lockIdempotencyKey(tx, input.team_id, input.idempotency.key);
      const existing = await findIdempotencyKey(tx, input.team_id, input.idempotency.key);
      if (existing?.order_id) {
        if (!sameBody(existing.body_hash, input.idempotency)) return { outcome: 'key_reused', order_id: existing.order_id };
        const order = await findOrder(tx, input.team_id, existing.order_id, caches?.labTestValues);
        // The order went away with its user: the key is free again.
        if (order) return { outcome: 'replayed', order };
      } else if (existing?.error && input.idempotency.errors === 'keep') {
        // A kept error binds the key to its body; with no-cache the request runs again, and an order it makes replaces the error.
        if (!sameBody(existing.body_hash, input.idempotency)) return { outcome: 'key_reused', order_id: null };
        return { outcome: 'replayed_error', error: existing.error };
      }
    }
    if (input.unique_sample_id) {
      await lockSampleId(tx, input.team_id, input.order.sample_id);
      const holder = await findOrderIdBySampleId(tx, input.team_id, input.order.sample_id);
      if (holder) return { outcome: 'sample_id_taken', order_id: holder };
    }
    let order = input.order;
    if (input.new_lab_test) {
      const labTest = await insertLabTest(tx, input.new_lab_test);
      const view = { ...(order.body.lab_test as LabTestView), id: labTest.id };
      order = { ...order, lab_test_id: labTest.id, body: { ...order.body, lab_test: view } };
    }
    const stored = await insertOrder(tx, order, { labTestValues: caches?.labTestValues, labTestSnapshots: caches?.labTestSnapshots });
    if (!stored) throw new UserNotFound();
    if (input.idempotency) {
      await recordIdempotencyKey(tx, { team_id: input.team_id, key: input.idempotency.key, body_hash: input.idempotency.body_hash, order_id: stored.id });
    }
    await emitOrderCreated(tx, stored, caches?.labTestSnapshots);
    return { outcome: 'created', order: stored };
  }).catch((error: unknown) => {
    if (error instanceof UserNotFound) return { outcome: 'user_not_found' } as const;
    throw error;
  });
}

/**
 * Creates orders without an idempotency key or a new lab test (the concurrent requests of a
 * group commit), each with its first event and `labtest.order.created`, in one statement (its
 * own transaction). One result per input, null where the user is not the team's (nothing is
 * written for it).
 */
export async function createLabOrders(db: Database, orders: readonly NewLabOrder[], caches: LabOrderCaches): Promise<(LabOrderRecord | null)[]> {
  // The lab tests committed before (lab-tests-stored) are not sent again: the orders of a lab
  // test send its 15 kB of JSON once, not with every batch. The statement is its own
  // transaction, so what it stored is committed once it answers.
  const created = await insertOrders(db, orders, {
    storedLabTests: caches.labTestsStored,
    labTestValues: caches.labTestValues,
    labTestSnapshots: caches.labTestSnapshots,
    withEvent: orderCreated,
  });
  for (const order of created) if (order?.lab_test_view) caches.labTestsStored.set(order.lab_test_view, true);
  return created;
}

/**
 * `labtest.order.created` for a stored order. The order's lab test is already stored apart
 * (lab_order_lab_tests): the event names it instead of carrying a copy (migration 016).
 */
function orderCreated(order: LabOrderRecord): OrderEventToWrite {
  return {
    event: {
      event_type: 'labtest.order.created',
      data: toOrderView(order),
      team_id: order.team_id,
      user_id: order.user_id,
      client_user_id: order.client_user_id,
    },
    dedupKey: `labtest.order.created:${order.id}`,
    labTestView: order.lab_test_view,
  };
}

export function emitOrderCreated(tx: Queryable, order: LabOrderRecord, labTestSnapshots: LabTestSnapshots | undefined) {
  const { event, ...options } = orderCreated(order);
  return emitEvent(tx, event, { ...options, labTestSnapshots });
}

/** Thrown inside the transaction to roll back the auto-generated lab test with the order. */
class UserNotFound extends Error {}
