import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LruMap } from '../../server/shared/lru-map.js';

/** The same contract, written the obvious way: keys from least to most recently used. */
class ModelLru {
  readonly order: { key: number; value: number }[] = [];
  constructor(private readonly limit: number) {}
  private index(key: number) {
    return this.order.findIndex((entry) => entry.key === key);
  }
  get(key: number) {
    const i = this.index(key);
    if (i < 0) return undefined;
    const [entry] = this.order.splice(i, 1);
    this.order.push(entry!);
    return entry!.value;
  }
  peek(key: number) {
    return this.order[this.index(key)]?.value;
  }
  take(key: number) {
    const i = this.index(key);
    return i < 0 ? undefined : this.order.splice(i, 1)[0]!.value;
  }
  set(key: number, value: number) {
    const i = this.index(key);
    if (i >= 0) this.order.splice(i, 1);
    else while (this.order.length >= this.limit) this.order.shift();
    this.order.push({ key, value });
  }
}

const operation = fc.oneof(
  fc.record({ op: fc.constant('get' as const), key: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ op: fc.constant('peek' as const), key: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ op: fc.constant('take' as const), key: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ op: fc.constant('set' as const), key: fc.integer({ min: 0, max: 7 }), value: fc.integer() }),
);

describe('LruMap', () => {
  it('when any sequence of get, peek, take and set runs, then every answer and what is kept are those of a plain LRU list', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(operation, { maxLength: 300 }), (limit, operations) => {
        const lru = new LruMap<number, number>(limit);
        const model = new ModelLru(limit);
        for (const step of operations) {
          if (step.op === 'set') {
            lru.set(step.key, step.value);
            model.set(step.key, step.value);
          } else {
            expect(lru[step.op](step.key)).toBe(model[step.op](step.key));
          }
          expect(lru.size).toBe(model.order.length);
        }
        // What is kept, by peeking every key (peek changes nothing).
        for (let key = 0; key <= 7; key++) expect(lru.peek(key)).toBe(model.peek(key));
      }),
      { numRuns: 1000 },
    );
  });

  it('when far more keys pass through than it keeps, then it keeps the most recent ones, and its queue stays bounded whether keys are set or read', () => {
    const lru = new LruMap<string, number>(100);
    for (let i = 0; i < 100_000; i++) {
      lru.set(`k${i}`, i);
      if (i % 3 === 0) lru.get(`k${i - 50}`);
    }
    expect(lru.size).toBe(100);
    expect(lru.peek('k99999')).toBe(99_999);
    expect(lru.peek('k99899')).toBeUndefined();
    const queued = () => (lru as unknown as { queuedKeys: unknown[] }).queuedKeys.length;
    expect(queued()).toBeLessThanOrEqual(3 * 100);
    // Reads alone, with nothing evicted, queue a key each: the queue is rebuilt all the same.
    for (let i = 0; i < 100_000; i++) lru.get(`k${99_900 + (i % 100)}`);
    expect(lru.size).toBe(100);
    expect(queued()).toBeLessThanOrEqual(3 * 100);
  });

  it('when its limit is not a positive integer, then it refuses it', () => {
    expect(() => new LruMap(0)).toThrow(RangeError);
    expect(() => new LruMap(1.5)).toThrow(RangeError);
  });
});
