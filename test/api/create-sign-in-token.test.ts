import { describe, expect, it } from 'vitest';
import { hashSecret } from '../../server/domain/credentials/secrets.js';
import { consumeSignInToken } from '../../server/storage/repositories/sign-in-tokens.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

type SignInToken = TeamSchemas['SignInToken'];

describe.each(apiEngines)('createSignInToken (POST /v2/user/{user_id}/sign_in_token) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const create = (userId: string, key?: string) => ctx.team(key).post(`/v2/user/${userId}/sign_in_token`);

  it('when a token is requested, then it answers a sandbox token bound to the user', async () => {
    const user = await ctx.newUser();
    const answered = expectStatus<SignInToken>(await create(user.user_id), 200);
    expect(answered).toEqual({ user_id: user.user_id, sign_in_token: expect.stringMatching(/^sit_sk_us_[0-9a-f]{40}$/) });
  });

  it('when tokens are requested several times, then each call issues a new token', async () => {
    const user = await ctx.newUser();
    const tokens = [];
    for (let i = 0; i < 3; i++) tokens.push(expectStatus<SignInToken>(await create(user.user_id), 200).sign_in_token);
    expect(new Set(tokens).size).toBe(3);
    const rows = await ctx.server.db.query<{ token_hash: string }>('SELECT token_hash FROM sign_in_tokens WHERE user_id = $1', [user.user_id]);
    expect(rows.map((row) => row.token_hash).sort()).toEqual(tokens.map(hashSecret).sort());
  });

  it('when a token is stored, then the table holds only its hash, never the token itself', async () => {
    const user = await ctx.newUser();
    const { sign_in_token } = expectStatus<SignInToken>(await create(user.user_id), 200);
    const rows = await ctx.server.db.query('SELECT * FROM sign_in_tokens WHERE user_id = $1', [user.user_id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ token_hash: hashSecret(sign_in_token), user_id: user.user_id, exchanged_at: null });
    const everything = JSON.stringify(await ctx.server.db.query('SELECT * FROM sign_in_tokens'));
    expect(everything).not.toContain(sign_in_token);
    expect(everything).not.toContain(sign_in_token.slice('sit_sk_us_'.length));
  });

  it('when the token is exchanged, then it signs in as its user of the team once, and never again', async () => {
    const user = await ctx.newUser();
    const { sign_in_token } = expectStatus<SignInToken>(await create(user.user_id), 200);
    const first = await consumeSignInToken(ctx.server.db, hashSecret(sign_in_token));
    expect(first).toMatchObject({ user_id: user.user_id, team_id: ctx.server.teamId, exchanged_at: expect.any(String) });
    expect(await consumeSignInToken(ctx.server.db, hashSecret(sign_in_token))).toBeNull();
  });

  it('when one token is exchanged, then the other tokens of the user still work', async () => {
    const user = await ctx.newUser();
    const a = expectStatus<SignInToken>(await create(user.user_id), 200).sign_in_token;
    const b = expectStatus<SignInToken>(await create(user.user_id), 200).sign_in_token;
    expect(await consumeSignInToken(ctx.server.db, hashSecret(a))).not.toBeNull();
    expect((await consumeSignInToken(ctx.server.db, hashSecret(b)))?.user_id).toBe(user.user_id);
  });

  it('when the team is in the EU region, then its tokens are EU sandbox tokens', async () => {
    const eu = await ctx.otherTeam({ region: 'eu' });
    const user = await ctx.newUser({}, eu.apiKey);
    expect(expectStatus<SignInToken>(await create(user.user_id, eu.apiKey), 200).sign_in_token).toMatch(/^sit_sk_eu_/);
  });

  it('when no user has the id, then 404 and no token is stored', async () => {
    expectDetail(await create(UNKNOWN_ID), 404, `User ${UNKNOWN_ID} not found.`);
    expect(await ctx.server.db.query('SELECT 1 FROM sign_in_tokens WHERE user_id = $1', [UNKNOWN_ID])).toEqual([]);
  });

  it("when the user is another team's, then 404", async () => {
    const { theirs } = await ctx.otherTeamsUser();
    expectDetail(await create(theirs.user_id), 404, `User ${theirs.user_id} not found.`);
    expect(await ctx.server.db.query('SELECT 1 FROM sign_in_tokens WHERE user_id = $1', [theirs.user_id])).toEqual([]);
  });

  it('when the id is not a UUID, then 422 on ["path", "user_id"]', async () => {
    expectValidation(await create('nope'), [{ loc: ['path', 'user_id'], type: 'format' }]);
  });
});
