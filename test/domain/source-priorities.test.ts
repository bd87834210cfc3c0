import { describe, expect, it } from 'vitest';
import { PROVIDERS } from '../../server/domain/providers/catalog.js';
import { PRIORITY_RESOURCES, providersSupplying, refusedPriorities, sourceOrder } from '../../server/domain/team/source-priorities.js';

describe('source priorities', () => {
  it('lists, per data type, the catalog providers that support it, by slug', () => {
    for (const dataType of ['workouts', 'activity', 'sleep', 'body'] as const) {
      const expected = PROVIDERS.filter((p) => p.supported_resources.includes(dataType)).map((p) => p.slug).sort();
      expect(providersSupplying(dataType)).toEqual(expected);
    }
    // Timeseries: providers with any sample resource; a summary-only provider has none.
    expect(providersSupplying('timeseries')).toContain('dexcom');
    expect(providersSupplying('sleep')).not.toContain('strava');
  });

  it('puts the chosen providers first in their order, then the others by slug, each once', () => {
    const suppliers = providersSupplying('sleep');
    const order = sourceOrder('sleep', ['withings', 'oura']);
    expect(order.slice(0, 2)).toEqual(['withings', 'oura']);
    expect(order.slice(2)).toEqual(suppliers.filter((p) => p !== 'withings' && p !== 'oura'));
    expect([...order].sort()).toEqual(suppliers);
    // A stored provider the catalog no longer lists for the type is skipped.
    expect(sourceOrder('sleep', ['strava', 'oura'])[0]).toBe('oura');
    expect(sourceOrder('sleep', [])).toEqual(suppliers);
  });

  it('refuses each provider that does not supply its data type, at its index', () => {
    expect(refusedPriorities({ sleep: ['oura'], body: ['withings', 'strava'], workouts: [] })).toEqual([{ data_type: 'body', index: 1, provider: 'strava' }]);
    expect(refusedPriorities({})).toEqual([]);
    expect(PRIORITY_RESOURCES.every((dataType) => providersSupplying(dataType).length > 0)).toBe(true);
  });
});
