/**
 * Order transactions and redraws. An order starts a transaction of its own (`origin`
 * initial); redrawing an order that failed with a sample error adds a new order to the same
 * transaction (`origin` redraw, `parent_id` the failed order). A transaction's orders form a
 * chain (an order is redrawn at most once), so its newest order is the one in progress, and
 * the transaction's status follows it. Pure.
 */
import type { components } from '../../../generated/team/schema.js';
import { fullStatus, parseStatus } from './lifecycle.js';

/** An order of a transaction: what the transaction's views say of it. */
export interface TransactionMember {
  id: string;
  /** The full status, `<top>.<method>.<low>`. */
  status: string;
  low_status: string;
  /** When the order reached its status. */
  status_at: string;
  origin: string;
  parent_id: string | null;
  created_at: string;
  updated_at: string;
}

export type OrderTransactionStatus = components['schemas']['OrderTransactionStatus'];
export type OrderTransactionView = components['schemas']['OrderTransaction'];
export type OrderTransactionDetailsView = components['schemas']['OrderTransactionDetails'];

/** The newest order of a transaction (the last of the chain of redraws). */
export function newestMember<M extends Pick<TransactionMember, 'created_at' | 'id'>>(members: readonly M[]): M | undefined {
  return [...members].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id)).at(-1);
}

/**
 * `completed` once its newest order completed, `cancelled` once that order was cancelled,
 * `active` otherwise: while the newest order is in progress, and while it failed with a
 * sample error that can still be redrawn.
 */
export function transactionStatus(members: readonly TransactionMember[]): OrderTransactionStatus {
  const top = parseStatus(newestMember(members)?.status ?? '')?.top;
  if (top === 'completed') return 'completed';
  if (top === 'cancelled') return 'cancelled';
  return 'active';
}

const byCreation = (members: readonly TransactionMember[]) =>
  [...members].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));

const originOf = (origin: string) => origin as components['schemas']['OrderOrigin'];
const lowOf = (low: string) => low as components['schemas']['OrderLowLevelStatus'];

/** The `order_transaction` of an Order: the transaction with every order of it, oldest first. */
export function orderTransactionView(transactionId: string, members: readonly TransactionMember[]): OrderTransactionView {
  return {
    id: transactionId,
    status: transactionStatus(members),
    orders: byCreation(members).map((m) => ({
      id: m.id,
      low_level_status: lowOf(m.low_status),
      low_level_status_created_at: m.status_at,
      origin: originOf(m.origin),
      parent_id: m.parent_id,
      created_at: m.created_at,
      updated_at: m.updated_at,
    })),
  };
}

/** GET /v3/order_transaction/{transaction_id}: the transaction with a summary of each order, oldest first. */
export function orderTransactionDetailsView(transactionId: string, teamId: string, members: readonly TransactionMember[]): OrderTransactionDetailsView {
  return {
    id: transactionId,
    team_id: teamId,
    status: transactionStatus(members),
    orders: byCreation(members).map((m) => ({
      id: m.id,
      origin: originOf(m.origin),
      parent_id: m.parent_id,
      last_status: lowOf(m.low_status),
      last_status_created_at: m.status_at,
      created_at: m.created_at,
      updated_at: m.updated_at,
    })),
  };
}

/** What redrawing an order does, or why it cannot be redrawn. */
export type RedrawDecision =
  | { ok: true; /** The parent's status to move to first (a walk-in order at redraw_available is cancelled: its redraw takes over), or null. */ parent_to: string | null }
  | { ok: false; status: 409; detail: string };

/**
 * Whether an order can be redrawn: one that failed with a sample error (final for every method
 * but walk-in), or a walk-in order at `redraw_available` (the step a walk-in sample error takes),
 * once only. A testkit never registered has no patient to draw again.
 */
export function redrawDecision(order: { id: string; status: string; has_patient: boolean; redrawn_as: string | null }): RedrawDecision {
  if (order.redrawn_as !== null) return { ok: false, status: 409, detail: `Order ${order.id} was redrawn already, as order ${order.redrawn_as}; an order is redrawn once (redraw that order instead, if it fails too).` };
  const parsed = parseStatus(order.status);
  const refused = (why: string): RedrawDecision => ({ ok: false, status: 409, detail: `Order ${order.id} cannot be redrawn: ${why}` });
  if (!parsed) return refused(`its status ${order.status} is unknown.`);
  if (parsed.method === 'walk_in_test') {
    if (parsed.low === 'redraw_available') return { ok: true, parent_to: fullStatus('walk_in_test', 'cancelled') };
    if (parsed.low === 'sample_error') return refused('a walk-in order with a sample error moves to collecting_sample.walk_in_test.redraw_available first, and is redrawn from there.');
    return refused(`only a walk-in order at redraw_available can be redrawn; this one is ${order.status}.`);
  }
  if (parsed.low !== 'sample_error') return refused(`only an order that failed with a sample error can be redrawn; this one is ${order.status}.`);
  if (!order.has_patient) return refused('the testkit was never registered, so it has no patient to draw again.');
  return { ok: true, parent_to: null };
}

/** A result's marker: the same marker in two orders of a transaction has the same key. */
interface MarkerKeyed {
  provider_id: string;
  slug: string;
  loinc: string;
}
const markerKey = (result: MarkerKeyed) => `${result.provider_id}|${result.slug}|${result.loinc}`;

/** An order's results (LabResults of lab-results/generate.ts), as far as merging reads them. */
export interface ResultsReport<Result extends MarkerKeyed, Missing extends MarkerKeyed, Metadata> {
  metadata: Metadata;
  results: Result[];
  missing_results: Missing[];
}

/**
 * The results of a transaction's orders as one report (GET /v3/order_transaction/{id}/result):
 * for each marker the newest value (a redraw's result replaces its parent's), the metadata of
 * the newest report, and the markers no order reported. `reports` are oldest first.
 */
export function mergeTransactionResults<Result extends MarkerKeyed, Missing extends MarkerKeyed, Metadata>(
  reports: readonly ResultsReport<Result, Missing, Metadata>[],
  transaction: OrderTransactionView,
): ResultsReport<Result, Missing, Metadata> & { order_transaction: OrderTransactionView } {
  const results = new Map<string, Result>();
  for (const report of reports) for (const result of report.results) results.set(markerKey(result), result);
  const missing = new Map<string, Missing>();
  for (const report of reports) {
    for (const result of report.missing_results) if (!results.has(markerKey(result))) missing.set(markerKey(result), result);
  }
  const newest = reports.at(-1);
  if (!newest) throw new RangeError('A transaction report needs at least one order report');
  return { metadata: newest.metadata, results: [...results.values()], missing_results: [...missing.values()], order_transaction: transaction };
}
