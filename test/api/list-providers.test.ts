import { describe, expect, it } from 'vitest';
import { PROVIDERS } from '../../server/domain/providers/catalog.js';
import { apiEngines, expectStatus, useApiApp, type TeamSchemas } from './helpers.js';

type Provider = TeamSchemas['ClientFacingProvider'];

const byName = (a: { name: string; slug: string }, b: { name: string; slug: string }) =>
  a.name.toLowerCase() === b.name.toLowerCase() ? (a.slug < b.slug ? -1 : 1) : a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1;

describe.each(apiEngines)('listProviders (GET /v2/providers) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const list = (path: string, query: Record<string, string> = {}) => ctx.team().get(path).query(query);

  it('when listed without a filter, then every catalog provider once, sorted by name, in the wire shape', async () => {
    const providers = expectStatus<Provider[]>(await list('/v2/providers'), 200);
    expect(providers).toHaveLength(PROVIDERS.length);
    expect(providers.map((provider) => provider.slug)).toEqual([...PROVIDERS].sort(byName).map((provider) => provider.slug));
    for (const provider of providers) {
      const entry = PROVIDERS.find((candidate) => candidate.slug === provider.slug)!;
      expect(provider).toEqual({
        name: entry.name,
        slug: entry.slug,
        description: entry.description,
        logo: entry.logo,
        auth_type: entry.auth_type,
        source_type: entry.source_type,
        supported_resources: [...entry.supported_resources],
      });
    }
  });

  it('when the path has a trailing slash, then it answers the same list', async () => {
    expect(expectStatus(await list('/v2/providers/'), 200)).toEqual(expectStatus(await list('/v2/providers'), 200));
    expect(expectStatus(await list('/v2/providers/', { source_type: 'ble' }), 200)).toEqual(expectStatus(await list('/v2/providers', { source_type: 'ble' }), 200));
  });

  it.each(['app', 'ble', 'device'])('when filtered by source_type %s, then exactly the providers of that type', async (sourceType) => {
    const providers = expectStatus<Provider[]>(await list('/v2/providers/', { source_type: sourceType }), 200);
    const expected = PROVIDERS.filter((provider) => provider.source_type === sourceType);
    expect(expected.length).toBeGreaterThan(0);
    expect(providers.map((provider) => provider.slug)).toEqual([...expected].sort(byName).map((provider) => provider.slug));
  });

  it.each(['lab', 'provider'])('when filtered by %s (a source type no provider has: provider went with the invented vital), then an empty list', async (sourceType) => {
    expect(PROVIDERS.some((provider) => provider.source_type === sourceType)).toBe(false);
    expect(expectStatus(await list('/v2/providers', { source_type: sourceType }), 200)).toEqual([]);
  });

  it.each(['spaceship', 'DEVICE', ' device'])('when filtered by an unknown source_type %j, then an empty list', async (sourceType) => {
    expect(expectStatus(await list('/v2/providers', { source_type: sourceType }), 200)).toEqual([]);
  });

  it('when source_type is empty, then no filter applies', async () => {
    expect(expectStatus<Provider[]>(await list('/v2/providers', { source_type: '' }), 200)).toHaveLength(PROVIDERS.length);
  });

  it('when the superseded versions are listed, then they are included', async () => {
    const slugs = expectStatus<Provider[]>(await list('/v2/providers'), 200).map((provider) => provider.slug);
    expect(slugs).toEqual(expect.arrayContaining(['whoop', 'whoop_v2', 'dexcom', 'dexcom_v3', 'my_fitness_pal', 'my_fitness_pal_v2']));
  });
});

describe.each(apiEngines)('catalog reads without response validation (production) on %s', (_label, engine) => {
  const validating = useApiApp(engine);
  const production = useApiApp(engine, { validateResponses: false });

  it.each(['/v2/providers', '/v2/providers?source_type=app', '/v3/lab_tests/markers?name=glucose'])(
    'when %s is read twice, then the memoised bytes and headers equal the validating server\'s',
    async (path) => {
      const expected = await validating.team().get(path);
      for (let read = 0; read < 2; read += 1) {
        const response = await production.team().get(path);
        expect(response.status).toBe(200);
        expect(response.headers['content-type']).toBe(expected.headers['content-type']);
        expect(response.headers['content-length']).toBe(expected.headers['content-length']);
        expect(response.text).toBe(expected.text);
      }
    },
  );
});
