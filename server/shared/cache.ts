/**
 * The server's one cache design (docs/architecture.md, "Caches").
 *
 * Every cache is a `BoundedCache` made by the app's `CacheRegistry` where the app is built
 * (server/caches.ts) and handed to its users (through `Deps`, or a job's options), so all of
 * them can be listed, switched off (CACHES_OFF) and dropped per app. Each one states what a key
 * is, its bound and the event that invalidates it: a cache that cannot say what makes its
 * entries stale does not belong here.
 *
 * Size: least recently used entries go first once `maxEntries` is reached.
 * Immutability: what a cache hands out is shared by every later hit, so with `freeze` on (the
 * default outside production) values are deeply frozen when stored, and a caller that mutates
 * one fails loudly instead of corrupting the next answer.
 */

export interface CacheDefinition {
  /** Stable, unique, kebab-case: how CACHES_OFF and the docs name the cache. */
  readonly name: string;
  /** What one key stands for. */
  readonly key: string;
  /** Most entries kept (least recently used evicted first). */
  readonly maxEntries: number;
  /** What makes an entry stale and how the cache learns of it (or why nothing can). */
  readonly invalidatedBy: string;
}

export interface CacheStats {
  readonly definition: CacheDefinition;
  readonly enabled: boolean;
  readonly size: number;
  readonly hits: number;
  readonly misses: number;
  readonly evictions: number;
}

/**
 * Freezes `value` and everything reachable from it (typed arrays and buffers excepted: they cannot
 * be frozen). An object already frozen is taken as deeply frozen and left as it is (memoised parts are).
 */
export function deepFreeze<T>(value: T): T {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (item === null || typeof item !== 'object' || Object.isFrozen(item) || ArrayBuffer.isView(item) || item instanceof ArrayBuffer) continue;
    Object.freeze(item);
    if (item instanceof Map) {
      for (const [key, entry] of item) pending.push(key, entry);
    } else if (item instanceof Set) {
      for (const entry of item) pending.push(entry);
    }
    for (const key of Reflect.ownKeys(item)) pending.push((item as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

/**
 * A bounded map with least-recently-used eviction. When its registry switched it off it keeps
 * nothing (every `get` misses), which is how the benches measure a cache's gain.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();
  private counts = { hits: 0, misses: 0, evictions: 0 };

  constructor(
    readonly definition: CacheDefinition,
    readonly enabled: boolean,
    private readonly freeze: boolean,
  ) {
    if (!Number.isInteger(definition.maxEntries) || definition.maxEntries < 1) throw new RangeError(`cache ${definition.name}: maxEntries must be a positive integer`);
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) {
      this.counts.misses++;
      return undefined;
    }
    this.counts.hits++;
    // Most recently used last: Map keeps insertion order, so the first key is the oldest.
    if (this.entries.size > 1) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Stores `value` (deeply frozen when the registry freezes) and returns what was stored. */
  set(key: K, value: V): V {
    if (this.freeze) deepFreeze(value);
    if (!this.enabled) return value;
    if (this.entries.has(key)) this.entries.delete(key);
    else if (this.entries.size >= this.definition.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as K);
      this.counts.evictions++;
    }
    this.entries.set(key, value);
    return value;
  }

  /** The cached value of `key`, or `create()`'s, stored. */
  getOrSet(key: K, create: () => V): V {
    const found = this.get(key);
    return found !== undefined ? found : this.set(key, create());
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  stats(): CacheStats {
    return { definition: this.definition, enabled: this.enabled, size: this.entries.size, ...this.counts };
  }
}

export interface CacheRegistryOptions {
  /** Names of caches to switch off, or 'all' (CACHES_OFF). */
  off?: ReadonlySet<string> | 'all';
  /** Deep-freeze stored values (on outside production). */
  freeze?: boolean;
}

/** The caches of one app: made where the app is built, listed and dropped together. */
export class CacheRegistry {
  private readonly caches = new Map<string, BoundedCache<unknown, unknown>>();
  private readonly off: ReadonlySet<string> | 'all';
  private readonly freeze: boolean;

  constructor(options: CacheRegistryOptions = {}) {
    this.off = options.off ?? new Set();
    this.freeze = options.freeze ?? true;
  }

  create<K, V>(definition: CacheDefinition): BoundedCache<K, V> {
    if (!/^[a-z][a-z0-9-]*$/.test(definition.name)) throw new Error(`cache name "${definition.name}" is not kebab-case`);
    if (this.caches.has(definition.name)) throw new Error(`cache "${definition.name}" is created twice`);
    const enabled = this.off !== 'all' && !this.off.has(definition.name);
    const cache = new BoundedCache<K, V>(definition, enabled, this.freeze);
    this.caches.set(definition.name, cache as BoundedCache<unknown, unknown>);
    return cache;
  }

  /** Every cache's definition and counters, in creation order. */
  list(): CacheStats[] {
    return [...this.caches.values()].map((cache) => cache.stats());
  }

  /** Names of CACHES_OFF that no cache has (a typo there would measure nothing). */
  unknownOff(): string[] {
    return this.off === 'all' ? [] : [...this.off].filter((name) => !this.caches.has(name));
  }

  /** Drops every entry of every cache (tests, and whoever must forget everything at once). */
  clear(): void {
    for (const cache of this.caches.values()) cache.clear();
  }
}

/** CACHES_OFF: `all`, or a comma-separated list of cache names; unset or blank: none. */
export function parseCachesOff(value: string | undefined): ReadonlySet<string> | 'all' {
  const text = (value ?? '').trim();
  if (text === '') return new Set();
  if (text === 'all') return 'all';
  const names = text.split(',').map((name) => name.trim()).filter((name) => name !== '');
  const bad = names.find((name) => !/^[a-z][a-z0-9-]*$/.test(name));
  if (bad !== undefined) throw new Error(`CACHES_OFF must be "all" or cache names separated by commas, got "${value}"`);
  return new Set(names);
}
