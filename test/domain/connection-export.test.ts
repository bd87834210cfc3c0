import { describe, expect, it } from 'vitest';
import { derivedRecipe, exportQueryKey, pauseReport, repeatedIds } from '../../server/domain/connections/export.js';
import { findProvider } from '../../server/domain/providers/catalog.js';

const oura = findProvider('oura')!;
const connection = { id: '0f6b8a2e-1c3d-4e5f-8a9b-0c1d2e3f4a5b', user_id: '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10', created_on: '2026-11-02T09:15:00.000Z' };

describe('bulk export and pause rules', () => {
  it('when a connection is exported, then its recipe is a pure function of the connection: stable, distinct per connection, expiring a year after creation', () => {
    const recipe = derivedRecipe(connection, oura);
    expect(derivedRecipe(connection, oura)).toEqual(recipe);
    expect(recipe).toMatchObject({ user_id: connection.user_id, provider_id: expect.stringMatching(/^oura-/), expires_at: Date.parse(connection.created_on) / 1000 + 365 * 24 * 3600, oauth_scopes: [...oura.supported_resources] });
    const other = derivedRecipe({ ...connection, id: '1f6b8a2e-1c3d-4e5f-8a9b-0c1d2e3f4a5b' }, oura);
    expect(other.access_token).not.toBe(recipe.access_token);
    expect(other.refresh_token).not.toBe(recipe.refresh_token);
    expect(recipe.access_token).not.toBe(recipe.refresh_token);
  });

  it('when an export cursor is bound, then the user list counts as a set in any case, and team, provider and users each change the key', () => {
    const a = '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10';
    const b = '0d5e7f21-3a4b-4c6d-8e9f-0a1b2c3d4e5f';
    const team = '11111111-2222-4333-8444-555555555555';
    expect(exportQueryKey(team, 'oura', [a, b])).toBe(exportQueryKey(team.toUpperCase(), 'oura', [b.toUpperCase(), a]));
    expect(exportQueryKey(team, 'oura', null)).toBe(exportQueryKey(team, 'oura', undefined));
    const keys = [exportQueryKey(team, 'oura', [a]), exportQueryKey(team, 'strava', [a]), exportQueryKey(team, 'oura', null), exportQueryKey(team, 'oura', []), exportQueryKey(b, 'oura', [a])];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('when a pause is reported, then every id lands in one list, lower case, in request order; repeated ids are found without letter case', () => {
    const states: Record<string, 'paused' | 'error' | null> = { a1: 'paused', b2: 'error' };
    expect(pauseReport(['B2', 'c3', 'A1'], (id) => states[id] ?? null)).toEqual({ user_ids_paused: ['a1'], user_ids_in_error: ['b2'], user_ids_not_connected: ['c3'] });
    expect(repeatedIds(['ab', 'cd', 'AB', 'ab'])).toEqual([{ index: 2, first: 0, id: 'AB' }, { index: 3, first: 0, id: 'ab' }]);
  });
});
