import { describe, expect, it } from 'vitest';
import { findActiveLinkCode } from '../storage/stored-state.js';
import { apiEngines, expectDetail, expectOnlyViolations, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

type LinkCode = TeamSchemas['LinkCode'];

const HOUR_MS = 60 * 60 * 1000;

describe.each(apiEngines)('createLinkCode (POST /v2/link/code/create) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const create = (query: Record<string, string>, key?: string) => ctx.team(key).post('/v2/link/code/create').query(query);

  it('when a code is created, then it is a sandbox US code with its exchange URL, stored for the user', async () => {
    const user = await ctx.newUser();
    const answered = expectStatus<LinkCode>(await create({ user_id: user.user_id }), 200);
    expect(answered.code).toMatch(/^sk(us|eu)[0-9a-f]{8}$/);
    expect(answered.code.startsWith('skus')).toBe(true);
    expect(answered.exchange_url).toBe(`tryvital://tryvital?code=${answered.code}`);
    expect(answered.exchange_url).toMatch(/^[a-z][a-z0-9+.-]*:\/\/[^?]+\?code=(sk|pk)(us|eu)[0-9a-f]{8}$/);
    const stored = await findActiveLinkCode(ctx.server.db, { code: answered.code });
    expect(stored).toMatchObject({ code: answered.code, user_id: user.user_id, team_id: ctx.server.teamId, expires_at: answered.expires_at });
  });

  it('when no expires_at is sent, then the code expires exactly one hour after the server time', async () => {
    const user = await ctx.newUser();
    const now = new Date('2031-05-04T10:20:30.456Z');
    ctx.server.setNow(now);
    const answered = expectStatus<LinkCode>(await create({ user_id: user.user_id }), 200);
    expect(answered.expires_at).toBe(new Date(now.getTime() + HOUR_MS).toISOString());
  });

  it('when an expires_at in the future is sent, then the code expires then', async () => {
    const user = await ctx.newUser();
    ctx.server.setNow(new Date('2031-05-04T10:00:00Z'));
    const answered = expectStatus<LinkCode>(await create({ user_id: user.user_id, expires_at: '2031-05-06T08:30:00Z' }), 200);
    expect(answered.expires_at).toBe('2031-05-06T08:30:00.000Z');
    expect((await findActiveLinkCode(ctx.server.db, { code: answered.code, now: '2031-05-06T08:29:59Z' }))?.user_id).toBe(user.user_id);
    expect(await findActiveLinkCode(ctx.server.db, { code: answered.code, now: '2031-05-06T08:30:00Z' })).toBeNull();
  });

  it('when expires_at has a UTC offset, then it is the same instant, answered in UTC', async () => {
    const user = await ctx.newUser();
    ctx.server.setNow(new Date('2031-05-04T10:00:00Z'));
    const answered = expectStatus<LinkCode>(await create({ user_id: user.user_id, expires_at: '2031-05-04T14:00:00+02:00' }), 200);
    expect(answered.expires_at).toBe('2031-05-04T12:00:00.000Z');
  });

  it('when expires_at is written into the URL with unencoded colons (as curl sends it), then it is read as sent', async () => {
    const user = await ctx.newUser();
    ctx.server.setNow(new Date('2031-05-04T10:00:00Z'));
    const response = await ctx.team().post(`/v2/link/code/create?user_id=${user.user_id}&expires_at=2031-05-04T11:30:00Z`);
    expect(expectStatus<LinkCode>(response, 200).expires_at).toBe('2031-05-04T11:30:00.000Z');
  });

  it('when expires_at is in the past, then 422 on ["query", "expires_at"] and no code is made', async () => {
    const user = await ctx.newUser();
    ctx.server.setNow(new Date('2031-05-04T10:00:00Z'));
    expectValidation(await create({ user_id: user.user_id, expires_at: '2031-05-04T09:59:59Z' }), [
      { loc: ['query', 'expires_at'], type: 'value_error', msg: 'expires_at must be in the future' },
    ]);
    expect(await ctx.server.db.query('SELECT code FROM link_codes WHERE user_id = $1', [user.user_id])).toEqual([]);
  });

  it('when expires_at is exactly the server time, then 422 (it must be in the future)', async () => {
    const user = await ctx.newUser();
    ctx.server.setNow(new Date('2031-05-04T10:00:00Z'));
    expectOnlyViolations(await create({ user_id: user.user_id, expires_at: '2031-05-04T10:00:00Z' }), [['query', 'expires_at']]);
  });

  it.each(['tomorrow', '2031-05-04', '2031-02-30T10:00:00Z', '2031-05-04T25:00:00Z', '9999-12-31T23:59:59-00:01', '2031-05-04T10:00:00+16:00'])('when expires_at is %j, then 422 on ["query", "expires_at"] with type format', async (expiresAt) => {
    const user = await ctx.newUser();
    expectValidation(await create({ user_id: user.user_id, expires_at: expiresAt }), [{ loc: ['query', 'expires_at'], type: 'format' }]);
  });

  it('when codes are created again for the user, then each is a new code and all of them work', async () => {
    const user = await ctx.newUser();
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push(expectStatus<LinkCode>(await create({ user_id: user.user_id }), 200).code);
    expect(new Set(codes).size).toBe(5);
    for (const code of codes) expect((await findActiveLinkCode(ctx.server.db, { code }))?.user_id).toBe(user.user_id);
  });

  it('when the team is in the EU region, then its codes are skeu codes', async () => {
    const eu = await ctx.otherTeam({ region: 'eu' });
    const user = await ctx.newUser({}, eu.apiKey);
    expect(expectStatus<LinkCode>(await create({ user_id: user.user_id }, eu.apiKey), 200).code).toMatch(/^skeu[0-9a-f]{8}$/);
  });

  it('when no user has the id, then 404', async () => {
    expectDetail(await create({ user_id: UNKNOWN_ID }), 404, `User ${UNKNOWN_ID} not found.`);
  });

  it("when the user is another team's, then 404", async () => {
    const { theirs } = await ctx.otherTeamsUser();
    expectDetail(await create({ user_id: theirs.user_id }), 404, `User ${theirs.user_id} not found.`);
  });

  it('when user_id is sent twice, then 422 on ["query", "user_id"]', async () => {
    const user = await ctx.newUser();
    const response = await ctx.team().post(`/v2/link/code/create?user_id=${user.user_id}&user_id=${user.user_id}`);
    expectValidation(response, [{ loc: ['query', 'user_id'] }]);
  });
});
