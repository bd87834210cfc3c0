/**
 * Historical pull trigger throttles (the interface's Limits table) and their
 * arithmetic. Pure: no I/O, no clock of its own; times are epoch milliseconds
 * handed in by the caller, so tests run it on a fake clock.
 */

/**
 * How fast triggers of one (team, provider) may start.
 * - `window`: at most `limit` starts in any sliding window of `windowMs`.
 * - `concurrency`: at most `limit` triggers running at a time, no time-based throttling.
 */
export type ThrottlePolicy =
  | { readonly kind: 'window'; readonly limit: number; readonly windowMs: number }
  | { readonly kind: 'concurrency'; readonly limit: number };

const MINUTE = 60_000;

/** Every provider without a policy of its own: 8 connections per 1 minute. */
export const DEFAULT_POLICY: ThrottlePolicy = Object.freeze({ kind: 'window', limit: 8, windowMs: MINUTE });

/** The Limits table. `garmin` is the slug of the provider the interface calls "the service" (the family's enums have it at that place). */
export const PROVIDER_POLICIES: Readonly<Record<string, ThrottlePolicy>> = Object.freeze({
  garmin: { kind: 'window', limit: 2, windowMs: MINUTE },
  fitbit: { kind: 'concurrency', limit: 250 },
  polar: { kind: 'concurrency', limit: 250 },
  strava: { kind: 'window', limit: 1, windowMs: 15 * MINUTE },
  oura: { kind: 'window', limit: 150, windowMs: 5 * MINUTE },
  // Assumes the enterprise plan of Withings.
  withings: { kind: 'window', limit: 8, windowMs: MINUTE },
});

/** Changes to the table, for tests and benchmarks (read from PULL_* variables by server/jobs/bulk-pull/options.ts). */
export interface PolicyOverrides {
  /** Multiplies every window length (e.g. 0.001: oura becomes 150 per 300 ms). Default 1. */
  scale?: number;
  /** Replaces the policy of a provider; the key `*` replaces the default of every other provider. */
  policies?: Readonly<Record<string, ThrottlePolicy>>;
}

function scalePolicy(policy: ThrottlePolicy, scale: number): ThrottlePolicy {
  if (policy.kind !== 'window' || scale === 1) return policy;
  return { kind: 'window', limit: policy.limit, windowMs: Math.max(1, Math.round(policy.windowMs * scale)) };
}

/** The policy that throttles historical pull triggers of `provider` (per team). */
export function policyFor(provider: string, overrides: PolicyOverrides = {}): ThrottlePolicy {
  const policy = overrides.policies?.[provider] ?? PROVIDER_POLICIES[provider] ?? overrides.policies?.['*'] ?? DEFAULT_POLICY;
  return scalePolicy(policy, overrides.scale ?? 1);
}

export interface Allowance {
  /** How many triggers may start now (0 when the bucket is full). */
  startNow: number;
  /**
   * When the next trigger may start: `now` when `startNow > 0`; the moment the oldest
   * counted start leaves the window when a window is full; null when a concurrency cap
   * is full (a slot frees when a running trigger ends, at a time nobody knows).
   */
  nextSlotAt: number | null;
}

/** The starts that still count against a window policy at `now` (within (now - windowMs, now]), oldest first. */
export function startsInWindow(policy: ThrottlePolicy, starts: readonly number[], now: number): number[] {
  if (policy.kind !== 'window') return [];
  return starts.filter((start) => start > now - policy.windowMs && start <= now).sort((a, b) => a - b);
}

/**
 * How many triggers of a bucket may start at `now`.
 * @param starts start times of the bucket's triggers (any order; older ones are ignored)
 * @param running triggers of the bucket running now (used by concurrency policies)
 */
export function allowance(policy: ThrottlePolicy, starts: readonly number[], running: number, now: number): Allowance {
  if (policy.kind === 'concurrency') {
    const free = Math.max(0, policy.limit - running);
    return { startNow: free, nextSlotAt: free > 0 ? now : null };
  }
  const counted = startsInWindow(policy, starts, now);
  const free = policy.limit - counted.length;
  if (free > 0) return { startNow: free, nextSlotAt: now };
  // One slot frees when the count drops below the limit: when the (excess + 1) oldest starts have left.
  const freeing = counted[counted.length - policy.limit]!;
  return { startNow: 0, nextSlotAt: freeing + policy.windowMs };
}
