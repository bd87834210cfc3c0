/**
 * The live feed of emitted events: a newest-first list, capped, fed with the pages the
 * events list answers after a cursor (oldest first). Pure.
 */

export const FEED_CAP = 200;

/**
 * `current` (newest first) with `incoming` (oldest first) on top, events already shown
 * skipped, at most `cap` kept.
 */
export function mergeFeed<T>(current: readonly T[], incoming: readonly T[], idOf: (event: T) => string, cap = FEED_CAP): T[] {
  const seen = new Set(current.map(idOf));
  const fresh: T[] = [];
  for (const event of incoming) {
    const id = idOf(event);
    if (seen.has(id)) continue;
    seen.add(id);
    fresh.push(event);
  }
  return [...fresh.reverse(), ...current].slice(0, cap);
}

/** The cursor after a page: its last (newest) event's id, or the previous cursor when empty. */
export function nextAfter<T>(previous: string | null, incoming: readonly T[], idOf: (event: T) => string): string | null {
  const last = incoming[incoming.length - 1];
  return last === undefined ? previous : idOf(last);
}
