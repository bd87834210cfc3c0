/**
 * Unmatched results: making one in the sandbox (with its `labtest.match_review.created`
 * event), and accepting one (the order completes with its results, through the same status
 * change as any completion: its row, `labtest.order.updated`, the results and
 * `labtest.result.critical`), each in one transaction.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Lab, LabMarker } from '../../domain/lab-markers/catalog.js';
import { completedStatus, parseStatus } from '../../domain/lab-orders/lifecycle.js';
import { generateLabResults, type LabResults, type SimulatedInterpretation } from '../../domain/lab-results/generate.js';
import { decideAccept, newReview, type CandidateOrder, type ReviewPatient, type StoredReview } from '../../domain/lab-results/unmatched.js';
import type { Database } from '../../storage/database.js';
import { emitEvent } from '../../storage/repositories/events.js';
import { dropSimulationUnlessStepping } from '../../storage/repositories/lab-order-simulation-queue.js';
import { findOrder, lockOrderStatus, type LabOrderRecord } from '../../storage/repositories/lab-orders.js';
import { findUnmatchedResult, insertUnmatchedResult, openOrderIdsOfUser, reviewUnmatchedResult, type UnmatchedResultRecord } from '../../storage/repositories/unmatched-results.js';
import { applyTransition, type TransitionCaches } from '../lab-orders/transition.js';

export interface NewSandboxResult {
  team_id: string;
  user: { user_id: string; client_user_id: string };
  lab: Lab;
  markers: readonly LabMarker[];
  patient: ReviewPatient;
  interpretation: SimulatedInterpretation;
  candidate: CandidateOrder | null;
  at: string;
}

/** Makes an unmatched result and its event, in one transaction. */
export async function createSandboxUnmatchedResult(db: Database, input: NewSandboxResult): Promise<UnmatchedResultRecord> {
  const id = randomUUID();
  const results = generateLabResults({
    order_id: id,
    sample_id: `SB${String(randomInt(0, 1e10)).padStart(10, '0')}`,
    patient: input.patient,
    lab: input.lab,
    markers: input.markers,
    simulation: { interpretation: input.interpretation },
    collected_at: input.at,
    received_at: input.at,
    reported_at: input.at,
    status: 'final',
  });
  const review = newReview({ lab: input.lab, markers: input.markers, patient: input.patient, results, candidate: input.candidate });
  return db.transaction(async (tx) => {
    const row = await insertUnmatchedResult(tx, {
      id,
      team_id: input.team_id,
      user_id: input.user.user_id,
      status: 'pending_customer_review',
      decision_code: review.decision_code,
      lab_slug: input.lab.slug,
      patient_name: `${input.patient.first_name} ${input.patient.last_name}`,
      review,
      results,
      at: input.at,
    });
    await emitEvent(tx, {
      event_type: 'labtest.match_review.created',
      data: { id, status: row.status, decision_code: review.decision_code, sub_reason_codes: review.sub_reason_codes },
      team_id: input.team_id,
      user_id: input.user.user_id,
      client_user_id: input.user.client_user_id,
    }, { dedupKey: `labtest.match_review.created:${id}` });
    return row;
  });
}

export type AcceptOutcome =
  | { outcome: 'accepted'; order: LabOrderRecord }
  | { outcome: 'result_not_found' }
  | { outcome: 'order_not_found'; order_id: string }
  | { outcome: 'refused'; detail: string }
  | { outcome: 'invalid'; loc: string[]; msg: string };

/**
 * Attaches a pending unmatched result to an open order of the team (`order_id`, or the one open
 * order of `user_id`): the order completes with the result's values as its final results; the
 * result becomes `matched`. The result's row and then the order's are locked, so a second
 * accept, a resolve, a cancel or a simulation step waits and then finds them changed.
 */
export async function acceptUnmatchedResult(
  db: Database,
  input: { team_id: string; id: string; order_id: string | null; user_id: string | null; note: string | null; now: () => Date },
  caches?: TransitionCaches,
): Promise<AcceptOutcome> {
  return db.transaction(async (tx): Promise<AcceptOutcome> => {
    const result = await findUnmatchedResult(tx, input.team_id, input.id, true);
    if (!result) return { outcome: 'result_not_found' };
    const decision = decideAccept(result.status);
    if (!decision.ok) return { outcome: 'refused', detail: decision.detail };
    let orderId = input.order_id;
    if (orderId === null) {
      if (input.user_id === null) return { outcome: 'invalid', loc: ['body'], msg: 'Give order_id (or user_id, for the user\'s one open order)' };
      const open = await openOrderIdsOfUser(tx, input.team_id, input.user_id);
      if (open.length !== 1) {
        return { outcome: 'invalid', loc: ['body', 'order_id'], msg: `The user has ${open.length === 0 ? 'no open order' : `${open.length} open orders`}: give the order_id to attach the result to` };
      }
      orderId = open[0]!;
    }
    const locked = await lockOrderStatus(tx, input.team_id, orderId);
    if (!locked) return { outcome: 'order_not_found', order_id: orderId };
    const order = await findOrder(tx, input.team_id, orderId, caches?.labTestValues);
    if (!order) return { outcome: 'order_not_found', order_id: orderId };
    if (input.user_id !== null && order.user_id !== input.user_id.toLowerCase()) {
      return { outcome: 'invalid', loc: ['body', 'order_id'], msg: `Order ${orderId} is not an order of user ${input.user_id}` };
    }
    const parsed = parseStatus(order.status);
    if (!parsed || ['completed', 'cancelled', 'failed'].includes(parsed.top)) {
      return { outcome: 'refused', detail: `Order ${orderId} is ${order.status}: only an open order (not completed, cancelled or failed) takes a result.` };
    }
    const at = input.now().toISOString();
    const results = result.results as LabResults;
    const moved = await applyTransition(tx, order, completedStatus(parsed.method), {
      at,
      note: 'Completed with a result accepted from the unmatched results.',
      caches,
      results: { status: 'final', results },
    });
    if (!moved) throw new Error(`order ${orderId} changed under its row lock`);
    await dropSimulationUnlessStepping(tx, orderId);
    await reviewUnmatchedResult(tx, { team_id: input.team_id, id: input.id, status: 'matched', note: input.note, order_id: orderId, at });
    return { outcome: 'accepted', order: moved };
  });
}

export type { StoredReview };
