/** The largest number of `starts` in any half-open window [t, t + windowMs). */
export function maxStartsInAnyWindow(starts: readonly number[], windowMs: number): number {
  const sorted = [...starts].sort((a, b) => a - b);
  let max = 0;
  let lo = 0;
  for (let hi = 0; hi < sorted.length; hi += 1) {
    while (sorted[hi]! - sorted[lo]! >= windowMs) lo += 1;
    max = Math.max(max, hi - lo + 1);
  }
  return max;
}
