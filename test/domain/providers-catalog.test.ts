import { describe, it, expect } from 'vitest';
import { specEnum, schemaValidator } from './spec-schemas.js';
import {
  PROVIDERS,
  OAUTH_PROVIDER_SLUGS,
  MOBILE_SDK_PROVIDER_SLUGS,
  findProvider,
  listProviders,
  toClientFacingProvider,
} from '../../server/domain/providers/catalog.js';




const PROVIDER_SLUGS = specEnum('ProviderSlug.yaml');
const OAUTH_SLUGS = specEnum('../../../shared/components/schemas/OAuthProviderSlug.yaml');
const RESOURCES = new Set(specEnum('SupportedResource.yaml'));
const AUTH_TYPES = new Set(specEnum('AuthType.yaml'));
const SOURCE_TYPES = new Set(specEnum('SourceType.yaml'));

describe('provider catalog', () => {
  it('when the catalog is compared with ProviderSlug.yaml, then every slug is present exactly once and nothing else', () => {
    const slugs = PROVIDERS.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect([...slugs].sort()).toEqual([...PROVIDER_SLUGS].sort());
    expect(PROVIDERS.length).toBe(40);
  });

  it('when ids are read, then they are unique small positive integers', () => {
    const ids = PROVIDERS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(Number.isInteger(id)).toBe(true);
      expect(id).toBeGreaterThan(0);
      expect(id).toBeLessThan(1000);
    }
  });

  it('when enum-valued fields are read, then they only use values of the spec enums', () => {
    for (const p of PROVIDERS) {
      expect(AUTH_TYPES.has(p.auth_type), `${p.slug} auth_type`).toBe(true);
      expect(SOURCE_TYPES.has(p.source_type), `${p.slug} source_type`).toBe(true);
      expect(p.supported_resources.length, `${p.slug} resources`).toBeGreaterThan(0);
      expect(new Set(p.supported_resources).size).toBe(p.supported_resources.length);
      for (const r of p.supported_resources) expect(RESOURCES.has(r), `${p.slug}: ${r}`).toBe(true);
    }
  });

  it('when names, descriptions and logos are read, then they are non-empty and logos are https URLs', () => {
    for (const p of PROVIDERS) {
      expect(p.name.trim()).not.toBe('');
      expect(p.description.trim()).not.toBe('');
      expect(p.logo).toMatch(/^https:\/\/storage\.googleapis\.com\/vital-assets\/[a-z0-9_]+\.png$/);
      if (p.backfill_num_days !== null) {
        expect(Number.isInteger(p.backfill_num_days)).toBe(true);
        expect(p.backfill_num_days).toBeGreaterThanOrEqual(0);
      }
    }
    expect(new Set(PROVIDERS.map((p) => p.name)).size).toBe(PROVIDERS.length);
  });

  it('when OAUTH_PROVIDER_SLUGS is compared with OAuthProviderSlug.yaml, then it is exactly that list and a subset of the catalog', () => {
    expect([...OAUTH_PROVIDER_SLUGS].sort()).toEqual([...OAUTH_SLUGS].sort());
    expect(OAUTH_PROVIDER_SLUGS).toHaveLength(16);
    for (const slug of OAUTH_PROVIDER_SLUGS) {
      const p = findProvider(slug);
      expect(p, slug).toBeDefined();
      expect(p?.auth_type).toBe('oauth');
      expect(p?.is_active).toBe(true);
      expect(p?.oauth_authorize_url).toMatch(/^https:\/\//);
    }
  });

  it('when an OAuth provider is pulled historically, then it supports at least one summary or timeseries resource', () => {
    const pullable = new Set(['activity', 'sleep', 'body', 'steps', 'heartrate', 'glucose', 'workouts', 'meal']);
    for (const slug of OAUTH_PROVIDER_SLUGS) {
      const p = findProvider(slug);
      expect(p?.supported_resources.some((r) => pullable.has(r)), slug).toBe(true);
      expect(p?.backfill_num_days ?? 0, slug).toBeGreaterThan(0);
    }
  });

  it('when the mobile SDK providers are read, then they are sdk-authenticated app sources', () => {
    expect([...MOBILE_SDK_PROVIDER_SLUGS]).toEqual(['apple_health_kit', 'health_connect', 'samsung_health']);
    for (const slug of MOBILE_SDK_PROVIDER_SLUGS) {
      expect(findProvider(slug)).toMatchObject({ auth_type: 'sdk', source_type: 'app' });
    }
  });

  it('when a provider slug ends in _ble, then it is an sdk-authenticated ble source', () => {
    const ble = PROVIDERS.filter((p) => p.slug.endsWith('_ble'));
    expect(ble.length).toBeGreaterThanOrEqual(6);
    for (const p of ble) expect(p).toMatchObject({ auth_type: 'sdk', source_type: 'ble' });
  });

  it('when well-known providers are looked up, then they carry realistic names and types', () => {
    expect(findProvider('garmin')).toMatchObject({ name: 'Garmin', source_type: 'device', auth_type: 'oauth', backfill_num_days: 730 });
    expect(findProvider('oura')).toMatchObject({ name: 'Oura', source_type: 'device', backfill_num_days: 180 });
    expect(findProvider('apple_health_kit')?.name).toBe('Apple HealthKit');
    expect(findProvider('freestyle_libre')?.supported_resources).toEqual(['glucose']);
    expect(findProvider('manual')?.auth_type).toBe('app');
    expect(findProvider('whoop')?.group).toBe(findProvider('whoop_v2')?.group);
    expect(findProvider('nope')).toBeUndefined();
    expect(findProvider('OURA')).toBeUndefined();
  });

  it('when listing without a filter, then every provider is returned sorted by name', () => {
    const all = listProviders({});
    expect(all).toHaveLength(40);
    const names = all.map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(listProviders({ source_type: null })).toHaveLength(40);
  });

  it('when listing with a source_type, then only that source type is returned, sorted by name', () => {
    const ble = listProviders({ source_type: 'ble' });
    expect(ble.length).toBeGreaterThan(0);
    expect(ble.every((p) => p.source_type === 'ble')).toBe(true);
    const names = ble.map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const total = [...SOURCE_TYPES].reduce((n, st) => n + listProviders({ source_type: st }).length, 0);
    expect(total).toBe(40);
  });

  it('when listing with an unknown source_type, then nothing is returned', () => {
    expect(listProviders({ source_type: 'satellite' })).toEqual([]);
  });

  it('when a provider is converted to the wire shape, then it has exactly the ClientFacingProvider keys as plain JSON', () => {
    const wire = toClientFacingProvider(findProvider('oura')!);
    expect(Object.keys(wire).sort()).toEqual(
      ['auth_type', 'description', 'logo', 'name', 'slug', 'source_type', 'supported_resources'],
    );
    expect(JSON.parse(JSON.stringify(wire))).toEqual(wire);
    wire.supported_resources.push('note');
    expect(findProvider('oura')?.supported_resources).not.toContain('note');
  });

  it('when every provider is converted to the wire shape, then it validates against ClientFacingProvider.yaml', () => {
    const validate = schemaValidator('ClientFacingProvider.yaml');
    for (const p of PROVIDERS) {
      const ok = validate(toClientFacingProvider(p));
      expect(ok, `${p.slug}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });
});
