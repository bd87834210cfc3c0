import { describe, expect, it } from 'vitest';
import { mergeFeed, nextAfter } from '../../../server/dashboard/src/lib/event-feed.js';

const idOf = (e: { id: string }) => e.id;
const events = (...ids: string[]) => ids.map((id) => ({ id }));

describe('mergeFeed', () => {
  it('when a page arrives oldest first, then it goes on top newest first', () => {
    expect(mergeFeed(events('b', 'a'), events('c', 'd'), idOf).map(idOf)).toEqual(['d', 'c', 'b', 'a']);
  });

  it('when a page repeats events already shown, then they are not shown twice', () => {
    expect(mergeFeed(events('b', 'a'), events('b', 'c', 'c'), idOf).map(idOf)).toEqual(['c', 'b', 'a']);
  });

  it('when the feed would exceed the cap, then the oldest go', () => {
    const merged = mergeFeed(events('2', '1'), events('3', '4', '5'), idOf, 3);
    expect(merged.map(idOf)).toEqual(['5', '4', '3']);
  });
});

describe('nextAfter', () => {
  it('when a page has events, then its newest id; when empty, the previous cursor', () => {
    expect(nextAfter(null, events('a', 'b'), idOf)).toBe('b');
    expect(nextAfter('b', [], idOf)).toBe('b');
    expect(nextAfter(null, [], idOf)).toBeNull();
  });
});
