/**
 * A Map that starts over when it is full: for memos keyed by what requests send (paths with
 * ids, query strings), which must not grow without bound. Starting over costs one miss per
 * key; a memo of the same few keys never fills.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly maxEntries: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.maxEntries && !this.has(key)) this.clear();
    return super.set(key, value);
  }
}
