/**
 * A map of at most `limit` entries that forgets the least recently used first: `get` and `set`
 * make an entry the most recent, `peek` and `take` do not.
 *
 * A plain Map used the same way (delete and set again to make a key recent, evict the first of
 * `keys()`) makes every eviction scan the entries deleted at the front of its table, which V8
 * keeps until the table is rebuilt: with 4,000 entries turning over (the ids of orders read once,
 * in storage/repositories/lab-orders.ts) that was about 0.9 µs an operation against 0.1 µs here,
 * and 6% of the server's time on pages of orders read from the database. Here each use of a key
 * appends it, with a stamp, to a queue; an eviction takes the first queued key whose stamp is
 * still its entry's (the others were used again since, or removed). The queue is rebuilt
 * without its stale keys when it holds more than twice `limit` of them or `limit` are consumed.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, { value: V; stamp: number }>();
  private queuedKeys: K[] = [];
  private queuedStamps: number[] = [];
  private head = 0;
  private stamp = 0;

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`LruMap limit must be a positive integer, got ${limit}`);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value under `key`, made the most recent. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.touch(key, entry);
    return entry.value;
  }

  /** The value under `key`, left where it is in the order of use. */
  peek(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** The value under `key`, removed. */
  take(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    return entry.value;
  }

  /** Keeps `value` under `key` as the most recent, forgetting the least recent entry when full. */
  set(key: K, value: V): void {
    let entry = this.entries.get(key);
    if (entry !== undefined) {
      entry.value = value;
    } else {
      // Every entry has its last use queued, so an eviction always finds one.
      while (this.entries.size >= this.limit) if (!this.evictLeastRecent()) throw new Error('LruMap: an entry is missing from the queue');
      entry = { value, stamp: 0 };
      this.entries.set(key, entry);
    }
    this.touch(key, entry);
  }

  private touch(key: K, entry: { stamp: number }): void {
    entry.stamp = ++this.stamp;
    this.queuedKeys.push(key);
    this.queuedStamps.push(entry.stamp);
    if (this.queuedKeys.length - this.head > 2 * this.limit) this.compact();
  }

  /** Forgets the least recently used entry; false when the queue holds none (never, while the map is not empty). */
  private evictLeastRecent(): boolean {
    let evicted = false;
    while (!evicted && this.head < this.queuedKeys.length) {
      const key = this.queuedKeys[this.head]!;
      const stamp = this.queuedStamps[this.head]!;
      this.head++;
      if (this.entries.get(key)?.stamp === stamp) {
        this.entries.delete(key);
        evicted = true;
      }
    }
    if (this.head >= this.limit) this.compact();
    return evicted;
  }

  /** The queue without what was consumed and without stale keys: one key per entry, in order of use. */
  private compact(): void {
    const keys: K[] = [];
    const stamps: number[] = [];
    for (let i = this.head; i < this.queuedKeys.length; i++) {
      const key = this.queuedKeys[i]!;
      if (this.entries.get(key)?.stamp === this.queuedStamps[i]) {
        keys.push(key);
        stamps.push(this.queuedStamps[i]!);
      }
    }
    this.queuedKeys = keys;
    this.queuedStamps = stamps;
    this.head = 0;
  }
}
