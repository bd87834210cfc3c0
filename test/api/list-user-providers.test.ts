import { describe, expect, it } from 'vitest';
import { findProvider } from '../../server/domain/providers/catalog.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

type UserProviders = TeamSchemas['UserProviders'];

describe.each(apiEngines)('listUserProviders (GET /v2/user/providers/{user_id}) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const list = (userId: string, key?: string) => ctx.team(key).get(`/v2/user/providers/${userId}`);

  it('when a user is connected to two providers, then both are listed oldest first, connected, with every supported resource available', async () => {
    const user = await ctx.connectedUser('oura');
    await ctx.connect(user.user_id, 'apple_health_kit');
    const { providers } = expectStatus<UserProviders>(await list(user.user_id), 200);
    expect(providers.map((provider) => [provider.slug, provider.name, provider.status, provider.error_details])).toEqual([
      ['oura', 'Oura', 'connected', null],
      ['apple_health_kit', 'Apple HealthKit', 'connected', null],
    ]);
    const oura = findProvider('oura')!;
    expect(Object.keys(providers[0]!.resource_availability).sort()).toEqual([...oura.supported_resources].sort());
    expect(providers[0]!.resource_availability.sleep).toEqual({ status: 'available', scope_requirements: { user_granted: { required: ['sleep'], optional: [] }, user_denied: { required: [], optional: [] } } });
    expect(providers[0]!.external_user_id).toMatch(/^oura-[0-9a-f]{10}$/);
    // The mobile SDK providers have no id at the provider and no OAuth scopes.
    expect(providers[1]!.external_user_id).toBeNull();
    expect(Object.values(providers[1]!.resource_availability).every((availability) => availability.scope_requirements === null)).toBe(true);
  });

  it('when the same user is listed twice, then external_user_id is the same (stable per user and provider)', async () => {
    const user = await ctx.connectedUser('fitbit');
    const first = expectStatus<UserProviders>(await list(user.user_id), 200);
    expect(expectStatus<UserProviders>(await list(user.user_id), 200)).toEqual(first);
  });

  it('when a provider is deregistered, then it is no longer listed', async () => {
    const user = await ctx.connectedUser('strava');
    expectStatus(await ctx.team().delete(`/v2/user/${user.user_id}/strava`), 200);
    expect(expectStatus<UserProviders>(await list(user.user_id), 200)).toEqual({ providers: [] });
  });

  it('when the user has no connections, then an empty list', async () => {
    const user = await ctx.newUser();
    expect(expectStatus<UserProviders>(await list(user.user_id), 200)).toEqual({ providers: [] });
  });

  it('when the user is unknown, then 404', async () => {
    expectDetail(await list(UNKNOWN_ID), 404, `User ${UNKNOWN_ID} not found.`);
  });

  it("when the user is another team's, then 404", async () => {
    const { theirs } = await ctx.otherTeamsUser();
    expectDetail(await list(theirs.user_id), 404, `User ${theirs.user_id} not found.`);
  });

  it('when user_id is not a UUID, then 422 at path.user_id', async () => {
    expectValidation(await list('not-a-uuid'), [{ loc: ['path', 'user_id'], type: 'format' }]);
  });
});
