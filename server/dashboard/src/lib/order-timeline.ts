/**
 * The status timeline of a lab order and what the Lab order page offers next: the
 * statuses a simulation may walk to and whether cancelling is allowed, by the server's
 * own state machine (the pure domain module, bundled as it is), so the buttons never
 * offer what the API would refuse. Pure.
 */
import { decideCancel, LIFECYCLES, parseStatus, simulationPath } from '../../../domain/lab-orders/lifecycle.js';
import { redrawDecision } from '../../../domain/lab-orders/transaction.js';

export interface OrderEventLike {
  id: number;
  created_at: string;
  status: string;
  status_detail?: string | null;
}

export interface TimelineEntry {
  id: number;
  at: string;
  status: string;
  /** `received`, `collecting_sample`, ... (null for a status outside the tables). */
  top: string | null;
  /** The low-level status as words: `Requisition created`. */
  label: string;
  /** The event's status_detail code as words: `Sample hemolyzed`. */
  detail: string | null;
  /** The newest entry: the order's current status. */
  current: boolean;
}

/** `requisition_created` -> `Requisition created`. */
export function humanize(token: string): string {
  const words = token.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The words of a full status's low-level part (the whole string when it is none of the tables'). */
export function statusLabel(status: string): string {
  const parsed = parseStatus(status);
  return humanize(parsed ? parsed.low : status);
}

/** The events oldest first (by id, as the API numbers them), the last one marked current. */
export function orderTimeline(events: readonly OrderEventLike[]): TimelineEntry[] {
  const sorted = [...events].sort((a, b) => a.id - b.id);
  return sorted.map((event, i) => ({
    id: event.id,
    at: event.created_at,
    status: event.status,
    top: parseStatus(event.status)?.top ?? null,
    label: statusLabel(event.status),
    // A code of the family's (sample_hemolyzed) in words; the order's notes carry what was said in words.
    detail: event.status_detail ? humanize(event.status_detail) : null,
    current: i === sorted.length - 1,
  }));
}

export interface SimulationTarget {
  status: string;
  label: string;
  /** One step away (a direct transition of the table). */
  direct: boolean;
  /** The statuses the walk goes through, the target last. */
  path: string[];
}

/**
 * Every status a simulation can reach from `status` except cancellation (the Cancel
 * button does that), the direct next statuses first, then the others in table order.
 */
export function simulationTargets(status: string): SimulationTarget[] {
  const parsed = parseStatus(status);
  if (!parsed) return [];
  const lifecycle = LIFECYCLES[parsed.method];
  const direct = new Set(lifecycle.next[parsed.low] ?? []);
  const targets: SimulationTarget[] = [];
  for (const low of Object.keys(lifecycle.tops)) {
    if (low === 'cancelled' || low === parsed.low) continue;
    const full = `${lifecycle.tops[low]}.${parsed.method}.${low}`;
    const path = simulationPath(status, full);
    if (path) targets.push({ status: full, label: humanize(low), direct: direct.has(low), path });
  }
  return [...targets.filter((t) => t.direct), ...targets.filter((t) => !t.direct)];
}

/** Whether the order may be cancelled now, and why not when it may not. */
export function cancelAllowed(status: string): { ok: true } | { ok: false; reason: string } {
  const decision = decideCancel(status);
  return decision.ok ? { ok: true } : { ok: false, reason: decision.detail };
}

/** Whether no simulation can move the order any more. */
export function isFinal(status: string): boolean {
  const parsed = parseStatus(status);
  return parsed !== null && (LIFECYCLES[parsed.method].next[parsed.low] ?? []).length === 0;
}

/** Every low-level status of every method, once each, in table order (the orders list's status filter). */
export function lowLevelStatuses(): string[] {
  return [...new Set(Object.values(LIFECYCLES).flatMap((lifecycle) => Object.keys(lifecycle.tops)))];
}

/** The status after which results can be read (partial or complete). */
export function resultsReady(status: string): boolean {
  const low = parseStatus(status)?.low;
  return low === 'partial_results' || low === 'completed' || low === 'corrected';
}

/**
 * Whether the sandbox can redraw the order (POST /v3/order/{order_id}/redraw), by the server's
 * own rule: a sample error (a walk-in order from redraw_available), once per order.
 */
export function redrawAllowed(order: { id: string; status: string; redrawn_as: string | null }): boolean {
  return redrawDecision({ id: order.id, status: order.status, has_patient: true, redrawn_as: order.redrawn_as }).ok;
}

/** The order of a transaction that redrew `orderId`, or null. */
export function redrawOf(orderId: string, orders: readonly { id: string; parent_id?: string | null }[]): string | null {
  return orders.find((o) => o.parent_id === orderId)?.id ?? null;
}
