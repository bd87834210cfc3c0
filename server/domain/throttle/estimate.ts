/**
 * When a bulk operation's triggers are expected to be done: the `estimated_end_at` of a
 * BulkOp. Pure: the caller hands in the bucket's state, its in-progress operations and the
 * time; nothing here reads a clock or the database.
 *
 * The model: a (team, provider) bucket starts its pending triggers oldest operation first,
 * each start allowed by the provider's throttle (a window policy: at most `limit` starts in
 * any `windowMs`, counting the bucket's recent starts; a concurrency policy: at most `limit`
 * running) and by the pull workers' capacity (`workers` triggers of the bucket at a time),
 * and each pull takes `pullMs`. An operation is expected to be done when the last of its
 * pending triggers has started and run for `pullMs`, and its running ones have too.
 */
import { startsInWindow, type ThrottlePolicy } from './policy.js';

/** An in-progress operation of the bucket, as counted now. */
export interface QueuedOp {
  id: string;
  /** Triggers waiting to start (ids not yet written as trigger rows included). */
  pending: number;
  running: number;
  /** Epoch ms of the latest claim (or lease renewal) of its running triggers; null when none runs. */
  lastClaimMs: number | null;
}

export interface BucketEstimateInput {
  policy: ThrottlePolicy;
  /** Epoch ms of the bucket's recent starts (any order; those outside the window are ignored). */
  recentStarts: readonly number[];
  /** The bucket's in-progress operations, oldest first: the order their triggers start in. */
  ops: readonly QueuedOp[];
  now: number;
  /** Expected duration of one trigger's pull, in ms (see expectedPullMs). */
  pullMs: number;
  /** How many triggers of the bucket the pull workers run at once. */
  workers: number;
}

/** What a pull is assumed to take before the bucket has completed any. */
export const DEFAULT_PULL_MS = 1_000;

/** The measured average duration of the bucket's recent pulls, or the default when there is none (or it is not a positive number). */
export function expectedPullMs(measured: number | null | undefined): number {
  return measured !== null && measured !== undefined && Number.isFinite(measured) && measured > 0 ? Math.ceil(measured) : DEFAULT_PULL_MS;
}

/**
 * When the `j`-th (0-based) of the next starts may happen under a window policy, counting
 * the recent starts: the first free slots at once, then each start one window after the
 * start `limit` places before it (f_j = f_(j mod limit) + floor(j / limit) * window).
 */
export function windowStartAt(policy: { limit: number; windowMs: number }, recentStarts: readonly number[], now: number, j: number): number {
  const counted = startsInWindow({ kind: 'window', ...policy }, recentStarts, now);
  const first = (r: number) => {
    const index = counted.length + r - policy.limit;
    return index < 0 ? now : Math.max(now, counted[index]! + policy.windowMs);
  };
  return first(j % policy.limit) + Math.floor(j / policy.limit) * policy.windowMs;
}

/**
 * When the `j`-th (0-based) of the next starts may happen with `slots` triggers at a time,
 * `running` of them busy now (each assumed to free its slot `pullMs` from now).
 */
export function slotStartAt(slots: number, running: number, now: number, pullMs: number, j: number): number {
  const freeNow = slots - running;
  if (j < freeNow) return now;
  return now + (Math.floor((j - freeNow) / slots) + 1) * pullMs;
}

/** The expected end (epoch ms) of every operation of the bucket, by id. */
export function estimateBucketEnds(input: BucketEstimateInput): Map<string, number> {
  const { policy, now, pullMs } = input;
  const workers = Math.max(1, Math.floor(input.workers));
  const slots = policy.kind === 'concurrency' ? Math.max(1, Math.min(policy.limit, workers)) : workers;
  const running = input.ops.reduce((sum, op) => sum + op.running, 0);
  const startAt = (j: number) => {
    const bySlots = slotStartAt(slots, running, now, pullMs, j);
    return policy.kind === 'window' ? Math.max(bySlots, windowStartAt(policy, input.recentStarts, now, j)) : bySlots;
  };
  const ends = new Map<string, number>();
  let queued = 0;
  for (const op of input.ops) {
    queued += op.pending;
    let end = now;
    if (op.running > 0) end = Math.max(end, (op.lastClaimMs ?? now) + pullMs);
    if (op.pending > 0) end = Math.max(end, startAt(queued - 1) + pullMs);
    ends.set(op.id, end);
  }
  return ends;
}
