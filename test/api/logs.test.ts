/**
 * The logs never carry credentials or personal data: requests are logged by
 * operation, and errors without their messages or the URL.
 */
import { Writable } from 'node:stream';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/logger.js';
import { apiEngines, expectDetail, expectStatus, insuranceBody, insuredPerson, MANAGEMENT_KEY_HEADER, TEAM_KEY_HEADER, useApiApp, userInfoBody, type ManagementSchemas, type TeamSchemas } from './helpers.js';
import { LINK_TOKEN_HEADER } from '../../server/shared/wire.js';

/** Everything the apps log, as text. */
class MemoryLog extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.lines.push(chunk.toString('utf8'));
    done();
  }
  get text() {
    return this.lines.join('');
  }
  entries(): Record<string, unknown>[] {
    return this.text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

const PERSONAL = {
  firstName: 'Zephyrine',
  lastName: 'Quillfeather',
  email: 'zephyrine.quillfeather@example.com',
  phone: '+14155559876',
  memberId: 'MBR-88112233',
  street: '742 Evergreen Terrace',
};

describe.each(apiEngines)('logs on %s', (_label, engine) => {
  const log = new MemoryLog();
  const ctx = useApiApp(engine, {}, { logger: createLogger({ level: 'info', destination: log }) });
  const restore: (() => void)[] = [];
  afterEach(() => restore.splice(0).forEach((undo) => undo()));

  function expectNoneLogged(secrets: string[]) {
    const text = log.text;
    for (const secret of secrets) expect(text.includes(secret), `the logs contain ${secret}`).toBe(false);
  }

  it('when a whole session runs, then requests are logged by operation and status, without keys, tokens or personal data', async () => {
    const api = ctx.team();
    const user = await ctx.newUser({ client_user_id: 'patient-zq-000917', fallback_birth_date: '1979-03-14' });
    expectStatus(await api.patch(`/v2/user/${user.user_id}/info`).send(userInfoBody({ first_name: PERSONAL.firstName, last_name: PERSONAL.lastName, email: PERSONAL.email, phone_number: PERSONAL.phone, address: { first_line: PERSONAL.street, city: 'Springfield', state: 'OR' } })), 200);
    expectStatus(await api.post(`/v2/user/${user.user_id}/insurance`).send(insuranceBody({ member_id: PERSONAL.memberId, insured: insuredPerson({ first_name: PERSONAL.firstName, email: PERSONAL.email }) })), 200);
    const { sign_in_token } = expectStatus<TeamSchemas['SignInToken']>(await api.post(`/v2/user/${user.user_id}/sign_in_token`), 200);
    const { link_token } = expectStatus<TeamSchemas['LinkToken']>(await api.post('/v2/link/token').send({ user_id: user.user_id, redirect_url: 'https://app.example.com/done' }), 200);
    expectStatus(await api.get('/v2/link/provider/oauth/oura').set(LINK_TOKEN_HEADER, link_token), 200);
    expect((await request(ctx.server.team).post('/link/oauth/oura/authorize').type('form').send({ state: link_token, decision: 'approve' })).status).toBe(303);
    const { code } = expectStatus<TeamSchemas['LinkCode']>(await api.post(`/v2/link/code/create?user_id=${user.user_id}`), 200);
    await ctx.connect(user.user_id, 'fitbit');
    expectStatus(await api.get(`/v2/user/resolve/${user.client_user_id}`), 200);
    const team = expectStatus<ManagementSchemas['TeamListItem']>(await ctx.management().post(`/v1/org/${ctx.server.orgId}/team`).send({ name: 'Logging Team' }), 200);
    const { key } = expectStatus<ManagementSchemas['TeamApiKey']>(await ctx.management().post(`/v1/org/${ctx.server.orgId}/team/${team.id}/api_key`).send({ label: 'logs' }), 200);
    expectStatus(await ctx.team(key).get('/v2/providers'), 200);

    const entries = log.entries();
    expect(entries).toContainEqual(expect.objectContaining({ msg: 'request', method: 'POST', operation: 'createUser', status: 200 }));
    expect(entries).toContainEqual(expect.objectContaining({ msg: 'request', method: 'PATCH', operation: 'updateUserInfo', status: 200 }));
    expect(entries).toContainEqual(expect.objectContaining({ msg: 'request', operation: 'createTeamApiKey', status: 200 }));
    expectNoneLogged([
      ctx.server.apiKey,
      ctx.server.managementKey,
      key,
      sign_in_token,
      link_token,
      code,
      user.client_user_id,
      user.user_id,
      ...Object.values(PERSONAL),
      '1979-03-14',
    ]);
  });

  it('when requests fail (bad keys, invalid personal data, a body too large), then neither the keys nor the values are logged', async () => {
    const wrongKeys = ['sk_us_wrong_key_that_must_not_be_logged_1', 'mg_wrong_management_key_not_logged_2'];
    expectDetail(await ctx.team(wrongKeys[0]!).get('/v2/providers'), 401);
    expectDetail(await request(ctx.server.management).get(`/v1/org/${ctx.server.orgId}/team`).set(MANAGEMENT_KEY_HEADER, wrongKeys[1]!), 401);
    expectDetail(await request(ctx.server.management).get(`/v1/org/${ctx.server.orgId}/team`).set(TEAM_KEY_HEADER, ctx.server.apiKey), 403);
    const user = await ctx.newUser();
    expect((await ctx.team().patch(`/v2/user/${user.user_id}/info`).send(userInfoBody({ first_name: `${PERSONAL.firstName}2`, email: 'not-an-email-zq' }))).status).toBe(422);
    expect((await ctx.team().post('/v2/user').send({ client_user_id: PERSONAL.email })).status).toBe(422);
    expect((await ctx.team().get(`/v2/user/resolve/${encodeURIComponent(PERSONAL.email)}`)).status).toBe(404);
    expect((await ctx.team().post('/v2/user').set('content-type', 'application/json').send(JSON.stringify({ client_user_id: PERSONAL.lastName.repeat(100_000) }))).status).toBe(413);
    expect((await ctx.team().post('/v2/user').set('content-type', 'application/json').send(`{"client_user_id": "${PERSONAL.lastName}`)).status).toBe(422);

    expect(log.entries()).toContainEqual(expect.objectContaining({ msg: 'request', status: 401 }));
    expectNoneLogged([...wrongKeys, ctx.server.apiKey, PERSONAL.firstName, PERSONAL.lastName, PERSONAL.email, 'not-an-email-zq']);
  });

  it('when a request fails unexpectedly, then the error is logged by operation, without the URL, the message or the database detail', async () => {
    const db = ctx.server.db;
    const original = db.one.bind(db);
    db.one = (async (sql: string, params?: readonly unknown[]) => {
      if (sql.includes('client_user_id = $2')) {
        throw Object.assign(new Error(`invalid input syntax: "${PERSONAL.email}"`), { code: 'XX000', detail: `Key (client_user_id)=(${PERSONAL.email}) is broken.` });
      }
      return original(sql, params);
    }) as typeof db.one;
    restore.push(() => {
      db.one = original;
    });

    expectDetail(await ctx.team().get(`/v2/user/resolve/${encodeURIComponent(PERSONAL.email)}`), 500, 'Internal server error.');
    const failure = log.entries().find((entry) => entry.msg === 'unexpected error');
    expect(failure).toMatchObject({ operation: 'resolveUser', method: 'GET', err: expect.objectContaining({ type: 'Error', code: 'XX000' }) });
    expectNoneLogged([PERSONAL.email, encodeURIComponent(PERSONAL.email), ctx.server.apiKey]);
  });
});
