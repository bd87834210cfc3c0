import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../../server/http/bounded-map.js';

describe('BoundedMap', () => {
  it('when a new key comes to a full map, then the map starts over with it; a key already there is replaced in place', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    map.set('b', 3);
    expect([...map]).toEqual([['a', 1], ['b', 3]]);
    map.set('c', 4);
    expect([...map]).toEqual([['c', 4]]);
  });
});
