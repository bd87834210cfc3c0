import { describe, expect, it } from 'vitest';
import { BoundedCache, CacheRegistry, deepFreeze, parseCachesOff, type CacheDefinition } from '../../server/shared/cache.js';
import { createAppCaches } from '../../server/caches.js';
import { loadConfig } from '../../server/config.js';

const definition = (name: string, maxEntries = 3): CacheDefinition => ({ name, key: 'a test key', maxEntries, invalidatedBy: 'nothing: a test' });

describe('BoundedCache', () => {
  it('evicts the least recently used entry once full', () => {
    const cache = new BoundedCache<string, number>(definition('lru'), true, false);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('d', 4);
    expect(cache.get('b'), 'b was the least recently used').toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([1, 3, 4]);
    expect(cache.stats()).toMatchObject({ size: 3, evictions: 1 });
  });

  it('replaces a key in place without evicting another', () => {
    const cache = new BoundedCache<string, number>(definition('replace', 2), true, false);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    expect([cache.get('a'), cache.get('b')]).toEqual([3, 2]);
    expect(cache.stats().evictions).toBe(0);
  });

  it('keeps nothing when switched off, and still hands back what it was given', () => {
    const cache = new BoundedCache<string, { n: number }>(definition('off'), false, true);
    const value = cache.set('a', { n: 1 });
    expect(value).toEqual({ n: 1 });
    expect(cache.get('a')).toBeUndefined();
    expect(cache.getOrSet('a', () => ({ n: 2 }))).toEqual({ n: 2 });
    expect(cache.size).toBe(0);
  });

  it('deep-freezes what it stores, so a caller cannot change the next hit', () => {
    const cache = new BoundedCache<string, { list: { n: number }[]; byId: Map<string, { n: number }> }>(definition('frozen'), true, true);
    cache.set('a', { list: [{ n: 1 }], byId: new Map([['x', { n: 2 }]]) });
    const hit = cache.get('a')!;
    expect(() => {
      hit.list[0]!.n = 5;
    }).toThrow(TypeError);
    expect(() => hit.list.push({ n: 3 })).toThrow(TypeError);
    expect(Object.isFrozen(hit.byId.get('x'))).toBe(true);
  });

  it('refuses a bound that is not a positive integer', () => {
    expect(() => new BoundedCache(definition('zero', 0), true, false)).toThrow(/maxEntries/);
  });
});

describe('deepFreeze', () => {
  it('leaves typed arrays alone (they cannot be frozen) and freezes their holder', () => {
    const value = deepFreeze({ bytes: new Uint8Array([1]), nested: { deeper: [1, 2] } });
    expect(Object.isFrozen(value.nested.deeper)).toBe(true);
    value.bytes[0] = 2;
    expect(value.bytes[0]).toBe(2);
  });
});

describe('CacheRegistry', () => {
  it('lists every cache with its definition, and refuses a name twice', () => {
    const registry = new CacheRegistry();
    registry.create(definition('one'));
    registry.create(definition('two'));
    expect(registry.list().map((cache) => cache.definition.name)).toEqual(['one', 'two']);
    expect(() => registry.create(definition('one'))).toThrow(/twice/);
    expect(() => registry.create(definition('Not Kebab'))).toThrow(/kebab/);
  });

  it('switches caches off by name or all at once, and names CACHES_OFF entries no cache has', () => {
    const some = new CacheRegistry({ off: new Set(['one', 'typo']) });
    expect(some.create(definition('one')).enabled).toBe(false);
    expect(some.create(definition('two')).enabled).toBe(true);
    expect(some.unknownOff()).toEqual(['typo']);
    expect(new CacheRegistry({ off: 'all' }).create(definition('one')).enabled).toBe(false);
  });

  it('clear() empties every cache', () => {
    const registry = new CacheRegistry();
    const cache = registry.create<string, number>(definition('one'));
    cache.set('a', 1);
    registry.clear();
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('CACHES_OFF', () => {
  it('reads all, a list of names, or nothing', () => {
    expect(parseCachesOff(undefined)).toEqual(new Set());
    expect(parseCachesOff(' ')).toEqual(new Set());
    expect(parseCachesOff('all')).toBe('all');
    expect(parseCachesOff('a-one, b')).toEqual(new Set(['a-one', 'b']));
    expect(() => parseCachesOff('a;b')).toThrow(/CACHES_OFF/);
  });

  it('a name no cache of the app has stops the start, naming the caches there are', () => {
    expect(() => createAppCaches(loadConfig({ CACHES_OFF: 'no-such-cache' }))).toThrow(/CACHES_OFF names no cache: no-such-cache/);
    expect(createAppCaches(loadConfig({ CACHES_OFF: 'all' })).registry).toBeDefined();
  });
});
