import { describe, expect, it } from 'vitest';
import { hashSecret } from '../../server/domain/credentials/secrets.js';
import { listConnections } from '../../server/storage/repositories/connections.js';
import { getUserInfo, listInsurances } from '../storage/stored-state.js';
import { findActiveLinkToken } from '../../server/storage/repositories/link-tokens.js';
import { consumeSignInToken } from '../../server/storage/repositories/sign-in-tokens.js';
import { findUser } from '../../server/storage/repositories/users.js';
import { signal, untilBlockedBy } from '../helpers/locks.js';
import { orderBody } from './lab-order-fixtures.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, insuranceBody, UNKNOWN_ID, useApiApp, userInfoBody, type TeamSchemas } from './helpers.js';

describe.each(apiEngines)('deleteUser (DELETE /v2/user/{user_id}) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  it('when a user with info, insurance, connections, codes and tokens is deleted, then all of it is gone', async () => {
    const api = ctx.team();
    const user = await ctx.newUser();
    const key = { team_id: ctx.server.teamId, user_id: user.user_id };
    expectStatus(await api.patch(`/v2/user/${user.user_id}/info`).send(userInfoBody()), 200);
    expectStatus(await api.post(`/v2/user/${user.user_id}/insurance`).send(insuranceBody()), 200);
    expectStatus(await api.post(`/v2/user/${user.user_id}/insurance`).send(insuranceBody({ is_primary: false })), 200);
    await ctx.connect(user.user_id, 'oura');
    await ctx.connect(user.user_id, 'apple_health_kit');
    const { link_token } = expectStatus<TeamSchemas['LinkToken']>(await api.post('/v2/link/token').send({ user_id: user.user_id }), 200);
    const { sign_in_token } = expectStatus<TeamSchemas['SignInToken']>(await api.post(`/v2/user/${user.user_id}/sign_in_token`), 200);
    const { code } = expectStatus<TeamSchemas['LinkCode']>(await api.post(`/v2/link/code/create?user_id=${user.user_id}`), 200);

    expect(expectStatus(await api.delete(`/v2/user/${user.user_id}`), 200)).toEqual({ success: true });

    expectDetail(await api.get(`/v2/user/${user.user_id}`), 404, `User ${user.user_id} not found.`);
    expectDetail(await api.get(`/v2/user/resolve/${user.client_user_id}`), 404);
    expect(await findUser(ctx.server.db, key)).toBeNull();
    expect(await getUserInfo(ctx.server.db, key)).toBeNull();
    expect(await listInsurances(ctx.server.db, key)).toEqual([]);
    expect(await listConnections(ctx.server.db, key)).toEqual([]);
    expect(await findActiveLinkToken(ctx.server.db, { token_hash: hashSecret(link_token) })).toBeNull();
    expect(await consumeSignInToken(ctx.server.db, hashSecret(sign_in_token))).toBeNull();
    expect(await ctx.server.db.query('SELECT code FROM link_codes WHERE code = $1', [code])).toEqual([]);
    for (const table of ['user_infos', 'insurances', 'connections', 'link_tokens', 'sign_in_tokens', 'link_codes']) {
      expect(await ctx.server.db.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [user.user_id]), table).toEqual([]);
    }
  });

  // Two transactions at once: PostgreSQL only (PGlite runs one at a time; the tests' names say so).
  const concurrently = it.skipIf(engine.kind !== 'postgres');

  /**
   * Sends `request` while another transaction deletes the user and has not committed: the
   * request still finds the user, and its write waits for the delete, which then commits.
   */
  async function whileDeleted(userId: string, request: () => PromiseLike<Awaited<ReturnType<ReturnType<typeof ctx.team>['get']>>>) {
    const held = signal();
    const release = signal();
    let pid = 0;
    const deleting = ctx.server.db.transaction(async (tx) => {
      pid = (await tx.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`))[0]!.pid;
      await tx.query(`DELETE FROM users WHERE id = $1`, [userId]);
      held.fire();
      await release.promise;
    });
    await held.promise;
    const answer = Promise.resolve(request());
    await untilBlockedBy(ctx.server.db, pid).finally(release.fire);
    await deleting;
    return answer;
  }

  const writes: [string, (userId: string) => { method: 'post' | 'patch'; path: string; body?: object }][] = [
    ['an order', (userId) => ({ method: 'post', path: '/v3/order', body: orderBody(userId) })],
    ['a link token', (userId) => ({ method: 'post', path: '/v2/link/token', body: { user_id: userId } })],
    ['user info', (userId) => ({ method: 'patch', path: `/v2/user/${userId}/info`, body: userInfoBody() })],
    ['an insurance', (userId) => ({ method: 'post', path: `/v2/user/${userId}/insurance`, body: insuranceBody() })],
    ['a demo connection', (userId) => ({ method: 'post', path: '/v2/link/connect/demo', body: { user_id: userId, provider: 'oura' } })],
  ];
  for (const [what, write] of writes) {
    concurrently(`when ${what} is written for a user another request deletes meanwhile, then the write is the 404 of a user not found, not a 500 (PostgreSQL only: PGlite runs one transaction at a time)`, async () => {
      const user = await ctx.newUser();
      const { method, path, body } = write(user.user_id);
      const answer = await whileDeleted(user.user_id, () => ctx.team()[method](path).send(body));
      expectDetail(answer, 404, `User ${user.user_id} not found.`);
      expect(await findUser(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id })).toBeNull();
    }, 30_000);
  }

  concurrently('when an order is simulated while another request deletes its user, then the simulation is the 404 of an order not found, not a 500 (PostgreSQL only: PGlite runs one transaction at a time)', async () => {
    const user = await ctx.newUser();
    const order = expectStatus<TeamSchemas['OrderResponse']>(await ctx.team().post('/v3/order').send(orderBody(user.user_id)), 200).order;
    const answer = await whileDeleted(user.user_id, () => ctx.team().post(`/v3/order/${order.id}/test`));
    expectDetail(answer, 404, `Order ${order.id} not found.`);
    expect(await ctx.server.db.query(`SELECT order_id FROM lab_order_simulations WHERE order_id = $1`, [order.id])).toEqual([]);
  }, 30_000);

  it('when a user is deleted, then its client user id can be used for a new user', async () => {
    const api = ctx.team();
    const user = await ctx.newUser();
    expectStatus(await api.delete(`/v2/user/${user.user_id}`), 200);
    const again = await ctx.newUser({ client_user_id: user.client_user_id });
    expect(again.user_id).not.toBe(user.user_id);
    expect(again.connected_sources).toEqual([]);
    expect(expectStatus<TeamSchemas['ClientFacingUser']>(await api.get(`/v2/user/resolve/${user.client_user_id}`), 200).user_id).toBe(again.user_id);
  });

  it('when a user is deleted twice, then the second time is 404', async () => {
    const user = await ctx.newUser();
    expectStatus(await ctx.team().delete(`/v2/user/${user.user_id}`), 200);
    expectDetail(await ctx.team().delete(`/v2/user/${user.user_id}`), 404, `User ${user.user_id} not found.`);
  });

  it('when one user is deleted, then the other users of the team are untouched', async () => {
    const [gone, kept] = [await ctx.newUser(), await ctx.newUser()];
    await ctx.connect(kept.user_id, 'fitbit');
    expectStatus(await ctx.team().delete(`/v2/user/${gone.user_id}`), 200);
    expect((await ctx.team().get(`/v2/user/${kept.user_id}`)).body).toMatchObject({ user_id: kept.user_id, connected_sources: [{ source: { slug: 'fitbit' } }] });
  });

  it("when the user is another team's, then 404 and the user is not deleted", async () => {
    const { other, theirs } = await ctx.otherTeamsUser();
    expectDetail(await ctx.team().delete(`/v2/user/${theirs.user_id}`), 404, `User ${theirs.user_id} not found.`);
    expectStatus(await ctx.team(other.apiKey).get(`/v2/user/${theirs.user_id}`), 200);
  });

  it('when no user has the id, then 404', async () => {
    expectDetail(await ctx.team().delete(`/v2/user/${UNKNOWN_ID}`), 404, `User ${UNKNOWN_ID} not found.`);
  });

  it('when the id is not a UUID, then 422 on ["path", "user_id"]', async () => {
    expectValidation(await ctx.team().delete('/v2/user/not-a-uuid'), [{ loc: ['path', 'user_id'], type: 'format' }]);
  });
});
