import { describe, expect, it } from 'vitest';
import { apiEngines, expectDetail, expectStatus, uniqueName, useApiApp, type TeamSchemas } from './helpers.js';

describe.each(apiEngines)('resolveUser (GET /v2/user/resolve/{client_user_id}) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const resolve = (clientUserId: string, key?: string) => ctx.team(key).get(`/v2/user/resolve/${encodeURIComponent(clientUserId)}`);

  it('when a client user id of the team is resolved, then it answers that user record with its connections', async () => {
    const user = await ctx.newUser({ fallback_birth_date: '1990-05-06' });
    await ctx.connect(user.user_id, 'withings');
    const resolved = expectStatus<TeamSchemas['ClientFacingUser']>(await resolve(user.client_user_id), 200);
    expect(resolved).toEqual({ ...user, connected_sources: [expect.objectContaining({ provider: expect.objectContaining({ slug: 'withings' }), source: expect.objectContaining({ slug: 'withings' }) })] });
  });

  it.each([
    ['a slash and spaces', 'group/7 patient 12'],
    ['accented letters', 'patiënt-Ørsted-ü'],
    ['URL characters', 'a?b#c&d=e%f+g'],
  ])('when the client user id has %s, then the percent-encoded path resolves it', async (_what, base) => {
    const clientUserId = `${base}-${uniqueName('x')}`;
    const user = await ctx.newUser({ client_user_id: clientUserId });
    expect(expectStatus<TeamSchemas['ClientFacingUser']>(await resolve(clientUserId), 200).user_id).toBe(user.user_id);
  });

  it('when no user of the team has the client user id, then 404 naming it', async () => {
    const clientUserId = uniqueName('nobody');
    expectDetail(await resolve(clientUserId), 404, `No user with client_user_id ${clientUserId}.`);
  });

  it('when the client user id differs in case, then 404 (references are exact)', async () => {
    const user = await ctx.newUser({ client_user_id: uniqueName('MixedCase') });
    expectDetail(await resolve(user.client_user_id.toLowerCase()), 404);
  });

  it("when the client user id is another team's, then 404; each team resolves its own user", async () => {
    const { other, theirs } = await ctx.otherTeamsUser();
    expectDetail(await resolve(theirs.client_user_id), 404);
    const mine = await ctx.newUser({ client_user_id: theirs.client_user_id });
    expect(expectStatus<TeamSchemas['ClientFacingUser']>(await resolve(theirs.client_user_id), 200).user_id).toBe(mine.user_id);
    expect(expectStatus<TeamSchemas['ClientFacingUser']>(await resolve(theirs.client_user_id, other.apiKey), 200).user_id).toBe(theirs.user_id);
  });

  it('when the path has malformed percent-encoding, then 422 on the path, not a 500', async () => {
    const response = await ctx.team().get('/v2/user/resolve/%E0%A4%A');
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: [{ loc: ['path'], msg: expect.any(String), type: 'value_error' }] });
  });
});
