/**
 * The progress of a bulk operation as the Bulk pulls page draws it: one segment per
 * state of its users, the share that is done and a sentence for screen readers. Pure.
 */
import { clockTime, parseInstant, relativeTime } from './time-format.js';

/** The counters of a BulkOp (GET /v2/link/bulk_op). */
export interface BulkOpCounts {
  pending: number;
  running: number;
  processed: number;
  failed: number;
  not_connected: number;
}

export type SegmentKey = 'processed' | 'failed' | 'not_connected' | 'running' | 'pending';

export interface ProgressSegment {
  key: SegmentKey;
  label: string;
  count: number;
  /** Share of the total, 0 to 100, unrounded (a CSS width). */
  share: number;
}

export interface BulkProgress {
  /** Every submitted user: the triggers plus the users without a connection. */
  total: number;
  /** Users whose outcome is known: processed, failed or not connected. */
  done: number;
  /** Whole percent done, rounded down so that 100 means every user is done. */
  percent: number;
  /** In drawing order: the finished states first, then running, then pending. */
  segments: ProgressSegment[];
  /** e.g. `40% done: 2 processed, 0 failed, 0 not connected, 1 running, 2 pending of 5 users`. */
  label: string;
}

const SEGMENTS: readonly { key: SegmentKey; label: string }[] = [
  { key: 'processed', label: 'processed' },
  { key: 'failed', label: 'failed' },
  { key: 'not_connected', label: 'not connected' },
  { key: 'running', label: 'running' },
  { key: 'pending', label: 'pending' },
];

export function bulkProgress(op: BulkOpCounts): BulkProgress {
  const total = op.pending + op.running + op.processed + op.failed + op.not_connected;
  const done = op.processed + op.failed + op.not_connected;
  // An operation always has at least one user; an empty one has nothing left to do.
  const percent = total === 0 ? 100 : Math.floor((done * 100) / total);
  const segments = SEGMENTS.map(({ key, label }) => ({ key, label, count: op[key], share: total === 0 ? 0 : (op[key] * 100) / total }));
  const counts = segments.map((s) => `${s.count} ${s.label}`).join(', ');
  return { total, done, percent, segments, label: `${percent}% done: ${counts} of ${total} ${total === 1 ? 'user' : 'users'}` };
}

/** Whether the operation may still change (its progress is worth polling). */
export function isActive(op: { status: string }): boolean {
  return op.status === 'in_progress';
}

export function anyActive(ops: readonly { status: string }[]): boolean {
  return ops.some(isActive);
}

/**
 * When the operation is expected to end (`estimated_end_at`, the server's estimate under
 * the provider's throttle) or when it ended, as a sentence.
 */
export function finishText(
  op: { status: string; estimated_end_at?: string | null; ended_at: string | null },
  now: Date,
  timeZone?: string,
): string {
  const ended = parseInstant(op.ended_at);
  if (ended) return `Ended ${relativeTime(ended, now)} (${clockTime(ended, timeZone)})`;
  const estimate = parseInstant(op.estimated_end_at);
  if (!estimate) return isActive(op) ? 'Expected finish: not estimated yet' : 'Ended';
  // The estimate can fall behind the clock between two polls: never promise the past.
  if (estimate.getTime() <= now.getTime()) return `Expected to finish any moment (estimate was ${clockTime(estimate, timeZone)})`;
  return `Expected to finish ${relativeTime(estimate, now)} (${clockTime(estimate, timeZone)})`;
}
