import { describe, expect, it } from 'vitest';
import { apiEngines, expectDetail, expectStatus, expectValidation, useApiApp, userInfoBody, UNKNOWN_ID, type TeamSchemas } from './helpers.js';

type UserInfo = TeamSchemas['UserInfo'];

describe.each(apiEngines)('getLatestUserInfo (GET /v2/user/{user_id}/info/latest) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const latest = (userId: string, key?: string | null) => ctx.team(key).get(`/v2/user/${userId}/info/latest`);
  const store = async (userId: string, body = userInfoBody(), key?: string) => expectStatus<UserInfo>(await ctx.team(key).patch(`/v2/user/${userId}/info`).send(body), 200);

  it('when the user info was stored, then it answers exactly what PATCH answered', async () => {
    const user = await ctx.newUser();
    const stored = await store(user.user_id, userInfoBody({ medical_proxy: { first_name: 'Jo', last_name: 'Lopez', email: 'jo@example.com', phone_number: '+14155550124', address: { first_line: '1 Side St.', city: 'Oakland', state: 'CA', zip: '94601', country: 'US' } } }));
    expect(expectStatus<UserInfo>(await latest(user.user_id), 200)).toEqual(stored);
  });

  it('when the user info was stored twice, then the second one is answered', async () => {
    const user = await ctx.newUser();
    await store(user.user_id);
    const second = await store(user.user_id, userInfoBody({ first_name: 'Zoë', race: undefined }));
    const answered = expectStatus<UserInfo>(await latest(user.user_id), 200);
    expect(answered).toEqual(second);
    expect([answered.first_name, answered.race]).toEqual(['Zoë', null]);
  });

  it('when the user has no user info yet, then 404 saying so', async () => {
    const user = await ctx.newUser();
    expectDetail(await latest(user.user_id), 404, `User ${user.user_id} has no user info yet; store it with PATCH /v2/user/{user_id}/info.`);
  });

  it('when the user is unknown, or its id is not a UUID, then 404 naming the user', async () => {
    expectDetail(await latest(UNKNOWN_ID), 404, `User ${UNKNOWN_ID} not found.`);
    expectDetail(await latest('not-a-user'), 404, 'User not-a-user not found.');
  });

  it("when the user is another team's, then 404 as for an unknown user, though it has info; its own team reads it", async () => {
    const { other, theirs } = await ctx.otherTeamsUser();
    const stored = await store(theirs.user_id, userInfoBody(), other.apiKey);
    expectDetail(await latest(theirs.user_id), 404, `User ${theirs.user_id} not found.`);
    expect(expectStatus<UserInfo>(await latest(theirs.user_id, other.apiKey), 200)).toEqual(stored);
  });

  it('when the user was deleted, then 404', async () => {
    const user = await ctx.newUser();
    await store(user.user_id);
    expectStatus(await ctx.team().delete(`/v2/user/${user.user_id}`), 200);
    expectDetail(await latest(user.user_id), 404);
  });

  it('when an unknown query parameter is sent, then 422 naming it', async () => {
    const user = await ctx.newUser();
    expectValidation(await latest(user.user_id).query({ version: 2 }), [{ loc: ['query', 'version'] }]);
  });

  it('when the key is missing or unknown, then 401', async () => {
    const user = await ctx.newUser();
    expectDetail(await latest(user.user_id, null), 401);
    expectDetail(await latest(user.user_id, 'sk_us_unknown_key_for_latest_info'), 401);
  });
});
