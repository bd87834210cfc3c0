import { describe, expect, it } from 'vitest';
import { PROVIDERS } from '../../server/domain/providers/catalog.js';
import { inSourceOrder, PRIORITY_RESOURCES, providersSupplying, refusedPriorities, sourceOrder } from '../../server/domain/team/source-priorities.js';

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

describe('a read in the team\'s source order (inSourceOrder)', () => {
  const item = (provider: string, n: number) => ({ provider, n });
  const providerOf = (it: { provider: string }) => it.provider;

  it('when the team never ordered the data type, then the items come by slug, each provider\'s items in their order', () => {
    const items = [item('oura', 1), item('fitbit', 1), item('oura', 2), item('fitbit', 2)];
    expect(inSourceOrder(items, providerOf, 'sleep', null)).toEqual([item('fitbit', 1), item('fitbit', 2), item('oura', 1), item('oura', 2)]);
    expect(inSourceOrder(items, providerOf, 'sleep', [])).toEqual(inSourceOrder(items, providerOf, 'sleep', null));
  });

  it('when the team put providers first, then their items lead in that order, the others follow by slug', () => {
    const items = [item('fitbit', 1), item('garmin', 1), item('oura', 1), item('withings', 1)];
    expect(inSourceOrder(items, providerOf, 'sleep', ['withings', 'oura']).map(providerOf)).toEqual(['withings', 'oura', 'fitbit', 'garmin']);
  });

  it('when the order names a provider that does not supply the data type, or an item is of a provider outside it, then that changes nothing of the rest', () => {
    // strava supplies no sleep: sourceOrder drops it, as GET /v2/team/source/priorities does.
    const items = [item('oura', 1), item('fitbit', 1), item('not_a_provider', 1)];
    expect(inSourceOrder(items, providerOf, 'sleep', ['strava', 'oura']).map(providerOf)).toEqual(['oura', 'fitbit', 'not_a_provider']);
  });

  it('keeps every item once, whatever the order chosen', () => {
    const suppliers = providersSupplying('timeseries');
    for (let seed = 0; seed < 50; seed += 1) {
      const chosen = suppliers.filter((_, i) => (i * 7 + seed) % 5 === 0).reverse();
      const items = suppliers.flatMap((provider, i) => (i % 3 === seed % 3 ? [item(provider, 1), item(provider, 2)] : [item(provider, 1)]));
      const ordered = inSourceOrder(items, providerOf, 'timeseries', chosen);
      expect([...ordered].sort((a, b) => (a.provider + a.n < b.provider + b.n ? -1 : 1))).toEqual([...items].sort((a, b) => (a.provider + a.n < b.provider + b.n ? -1 : 1)));
      const firsts = [...new Set(ordered.map(providerOf))];
      expect(firsts).toEqual(sourceOrder('timeseries', chosen).filter((p) => firsts.includes(p)));
    }
  });
});
