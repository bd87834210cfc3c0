/**
 * An order event's `status_detail`: one of the API family's codes (OrderStatusDetail in the
 * spec) or null, and the human-readable notes that go to the order's `notes` instead. Pure.
 */
import type { components } from '../../../generated/team/schema.js';
import { parseStatus } from './lifecycle.js';

export type OrderStatusDetail = components['schemas']['OrderStatusDetail'];

/** Every code, in the order of the spec's enum. */
export const ORDER_STATUS_DETAILS: readonly OrderStatusDetail[] = [
  'fulfillment_error',
  'date_of_collection_unspecified',
  'demographic_information_unspecified',
  'demographic_information_mismatch',
  'sample_quantity_not_sufficient',
  'sample_contaminated',
  'sample_stability_exceeded',
  'sample_hemolyzed',
  'sample_improper_collection',
];

/** The codes of a sample the lab could not test, one of which a simulated `sample_error` carries. */
export const SAMPLE_ERROR_DETAILS: readonly OrderStatusDetail[] = [
  'sample_quantity_not_sufficient',
  'sample_contaminated',
  'sample_stability_exceeded',
  'sample_hemolyzed',
  'sample_improper_collection',
];

/** Whether a low-level status says a kit or sample never reached its destination. */
function isFulfillmentFailure(low: string): boolean {
  return low === 'failure_to_deliver_to_customer' || low === 'failure_to_deliver_to_lab' || low === 'lost';
}

/** FNV-1a of the text: a stable pick that depends on the order alone. */
function stableIndex(text: string, size: number): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h % size;
}

/**
 * The code the event of an order reaching `status` carries: a sample error one of the sample
 * codes, picked from the order's id (the same order always fails the same way, whichever walk or
 * retry takes it there); a kit or sample that was not delivered or got lost `fulfillment_error`;
 * every other status null.
 */
export function statusDetailFor(orderId: string, status: string): OrderStatusDetail | null {
  const parsed = parseStatus(status);
  if (!parsed) return null;
  if (parsed.low === 'sample_error') return SAMPLE_ERROR_DETAILS[stableIndex(orderId, SAMPLE_ERROR_DETAILS.length)] ?? null;
  if (isFulfillmentFailure(parsed.low)) return 'fulfillment_error';
  return null;
}

/** Whether a stored `status_detail` is one of the codes (events stored before the codes hold free text). */
export function isOrderStatusDetail(value: unknown): value is OrderStatusDetail {
  return typeof value === 'string' && (ORDER_STATUS_DETAILS as readonly string[]).includes(value);
}

/**
 * The order's `notes` with one more line said about it (a cancellation, an appointment booked):
 * the text on a line of its own after what the notes held, so nothing said before is lost.
 */
export function appendOrderNote(notes: string | null | undefined, text: string): string {
  const said = text.trim();
  if (said === '') return notes ?? '';
  return notes ? `${notes}\n${said}` : said;
}
