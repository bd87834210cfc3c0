import { describe, expect, it } from 'vitest';
import { apiEngines, expectDetail, expectStatus, expectValidation, insuranceBody, useApiApp, UNKNOWN_ID, type TeamSchemas } from './helpers.js';

type Insurance = TeamSchemas['ClientFacingInsurance'];

describe.each(apiEngines)('getLatestInsurance (GET /v2/user/{user_id}/insurance/latest) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const latest = (userId: string, query: Record<string, string | boolean> = {}, key?: string | null) => ctx.team(key).get(`/v2/user/${userId}/insurance/latest`).query(query);
  const store = async (userId: string, body = insuranceBody(), key?: string) => expectStatus<Insurance>(await ctx.team(key).post(`/v2/user/${userId}/insurance`).send(body), 200);

  it('when an insurance was stored, then it answers exactly what POST answered, payor company included', async () => {
    const user = await ctx.newUser();
    const stored = await store(user.user_id, insuranceBody({ payor_code: 'MAIDFED' }));
    const answered = expectStatus<Insurance>(await latest(user.user_id), 200);
    expect(answered).toEqual(stored);
    expect(answered.payor_code).toBe('MEDICAID_CA');
  });

  it('when a primary and then a secondary insurance were stored, then without is_primary the secondary (stored last), with it the kind asked', async () => {
    const user = await ctx.newUser();
    const primary = await store(user.user_id, insuranceBody({ member_id: 'P-1', is_primary: true }));
    const secondary = await store(user.user_id, insuranceBody({ member_id: 'S-1', is_primary: false }));
    expect(expectStatus<Insurance>(await latest(user.user_id), 200)).toEqual(secondary);
    expect(expectStatus<Insurance>(await latest(user.user_id, { is_primary: true }), 200)).toEqual(primary);
    expect(expectStatus<Insurance>(await latest(user.user_id, { is_primary: 'false' }), 200)).toEqual(secondary);
    const replaced = await store(user.user_id, insuranceBody({ member_id: 'P-2', is_primary: true }));
    expect(expectStatus<Insurance>(await latest(user.user_id), 200)).toEqual(replaced);
  });

  it('when the user has no insurance, then 404 saying so; with only a primary one, is_primary=false is a 404 naming the secondary', async () => {
    const user = await ctx.newUser();
    expectDetail(await latest(user.user_id), 404, `User ${user.user_id} has no insurance yet; store one with POST /v2/user/{user_id}/insurance.`);
    await store(user.user_id);
    expectDetail(await latest(user.user_id, { is_primary: false }), 404, `User ${user.user_id} has no secondary insurance yet; store one with POST /v2/user/{user_id}/insurance.`);
  });

  it('when the user is unknown, or its id is not a UUID, then 404 naming the user', async () => {
    expectDetail(await latest(UNKNOWN_ID), 404, `User ${UNKNOWN_ID} not found.`);
    expectDetail(await latest('not-a-user'), 404, 'User not-a-user not found.');
  });

  it("when the user is another team's, then 404 as for an unknown user, though it has insurance; its own team reads it", async () => {
    const { other, theirs } = await ctx.otherTeamsUser();
    const stored = await store(theirs.user_id, insuranceBody(), other.apiKey);
    expectDetail(await latest(theirs.user_id), 404, `User ${theirs.user_id} not found.`);
    expect(expectStatus<Insurance>(await latest(theirs.user_id, {}, other.apiKey), 200)).toEqual(stored);
  });

  it('when is_primary is not a boolean, then 422 as documented', async () => {
    const user = await ctx.newUser();
    expectValidation(await latest(user.user_id, { is_primary: 'maybe' }), [{ loc: ['query', 'is_primary'], msg: 'must be boolean', type: 'type_error' }]);
  });

  it.each([
    [{ is_primary: 'maybe' }, 'is_primary'],
    [{ is_primary: '' }, 'is_primary'],
    [{ primary: 'true' }, 'primary'],
  ])('when the query is %j, then 422 naming ["query", "%s"]', async (query, name) => {
    const user = await ctx.newUser();
    await store(user.user_id);
    expectValidation(await latest(user.user_id, query), [{ loc: ['query', name] }]);
  });

  it('when the key is missing or unknown, then 401', async () => {
    const user = await ctx.newUser();
    expectDetail(await latest(user.user_id, {}, null), 401);
    expectDetail(await latest(user.user_id, {}, 'sk_us_unknown_key_for_latest_insurance'), 401);
  });
});
