import { describe, expect, it } from 'vitest';
import { USER_RESTORE_GRACE_DAYS } from '../../server/domain/users/restore.js';
import { listConnections } from '../../server/storage/repositories/connections.js';
import { findDeletedUser } from '../../server/storage/repositories/deleted-users.js';
import { createUser as createUserRow } from '../../server/storage/repositories/users.js';
import { holdingLocks, untilBlockedBy } from '../helpers/locks.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, insuranceBody, UNKNOWN_ID, useApiApp, userInfoBody, type TeamSchemas } from './helpers.js';

const DAY_MS = 86_400_000;
type User = TeamSchemas['ClientFacingUser'];

describe.each(apiEngines)('cancelUserDeletion (POST /v2/user/undo_delete) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const undo = (query: string, key?: string) => ctx.team(key).post(`/v2/user/undo_delete?${query}`);
  const remove = async (userId: string, key?: string) => expectStatus(await ctx.team(key).delete(`/v2/user/${userId}`), 200);

  it('when a deleted user is restored, then it comes back with its settings, info, insurance, connections and readable data; its tokens do not', async () => {
    const api = ctx.team();
    const user = await ctx.newUser({ fallback_time_zone: 'Europe/Paris', ingestion_start: '2026-01-01' });
    expectStatus(await api.patch(`/v2/user/${user.user_id}/info`).send(userInfoBody()), 200);
    expectStatus(await api.post(`/v2/user/${user.user_id}/insurance`).send(insuranceBody()), 200);
    await ctx.connect(user.user_id, 'oura');
    expectStatus(await api.post(`/v2/user/refresh/${user.user_id}`), 200);
    const before = {
      user: await ctx.readUser(user.user_id),
      info: expectStatus(await api.get(`/v2/user/${user.user_id}/info/latest`), 200),
      insurance: expectStatus(await api.get(`/v2/user/${user.user_id}/insurance/latest`), 200),
      profile: expectStatus(await api.get(`/v2/summary/profile/${user.user_id}`), 200),
    };
    expectStatus(await api.post(`/v2/user/${user.user_id}/sign_in_token`), 200);

    await remove(user.user_id);
    expectDetail(await api.get(`/v2/user/${user.user_id}`), 404);
    expect(expectStatus(await undo(`user_id=${user.user_id}`), 200)).toEqual({ success: true });

    expect(await ctx.readUser(user.user_id)).toEqual(before.user);
    expect(expectStatus(await api.get(`/v2/user/${user.user_id}/info/latest`), 200)).toEqual(before.info);
    expect(expectStatus(await api.get(`/v2/user/${user.user_id}/insurance/latest`), 200)).toEqual(before.insurance);
    expect(expectStatus(await api.get(`/v2/summary/profile/${user.user_id}`), 200)).toEqual(before.profile);
    expect((await listConnections(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id })).map((c) => c.provider)).toEqual(['oura']);
    expect(await ctx.server.db.query(`SELECT 1 FROM sign_in_tokens WHERE user_id = $1`, [user.user_id])).toEqual([]);
    // The archive is gone: a second restore is a 404, and deleting again works as the first time.
    expect(await findDeletedUser(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id })).toBeNull();
    expectDetail(await undo(`user_id=${user.user_id}`), 404);
    await remove(user.user_id);
    expectStatus(await undo(`client_user_id=${user.client_user_id}`), 200);
    expect(await ctx.readUser(user.user_id)).toEqual(before.user);
  }, 30_000);

  it('when both names are given, then they must name the same deleted user; a name of no deleted user is a 404', async () => {
    const [one, two] = [await ctx.newUser(), await ctx.newUser()];
    await remove(one.user_id);
    await remove(two.user_id);
    expectDetail(await undo(`user_id=${one.user_id}&client_user_id=${two.client_user_id}`), 404, /was deleted in the last 7 days/);
    expectStatus(await undo(`user_id=${one.user_id}&client_user_id=${one.client_user_id}`), 200);
    expectDetail(await undo(`user_id=${UNKNOWN_ID}`), 404);
    expectDetail(await undo(`client_user_id=never-existed-${one.client_user_id}`), 404);
    // A live user is not a deleted one.
    expectDetail(await undo(`user_id=${one.user_id}`), 404);
  });

  it(`when the deletion is more than ${USER_RESTORE_GRACE_DAYS} days old, then the user is purged and cannot be restored`, async () => {
    const user = await ctx.newUser();
    const deletedAt = Date.now();
    ctx.server.setNow(new Date(deletedAt));
    await remove(user.user_id);
    ctx.server.setNow(new Date(deletedAt + USER_RESTORE_GRACE_DAYS * DAY_MS - 60_000));
    const kept = await ctx.newUser();
    await remove(kept.user_id);
    ctx.server.setNow(new Date(deletedAt + USER_RESTORE_GRACE_DAYS * DAY_MS + 1_000));
    expectDetail(await undo(`user_id=${user.user_id}`), 404);
    expect(await findDeletedUser(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id })).toBeNull();
    expectStatus(await undo(`user_id=${kept.user_id}`), 200);
  });

  it('when another user took the client_user_id since, then 400 and nothing is restored until that user is renamed', async () => {
    const user = await ctx.newUser();
    await remove(user.user_id);
    const taker = await ctx.newUser({ client_user_id: user.client_user_id });
    expectDetail(await undo(`user_id=${user.user_id}`), 400, new RegExp(taker.user_id));
    expectDetail(await ctx.team().get(`/v2/user/${user.user_id}`), 404);
    expectStatus(await ctx.team().patch(`/v2/user/${taker.user_id}`).send({ client_user_id: `moved-${user.client_user_id}` }), 200);
    expectStatus(await undo(`user_id=${user.user_id}`), 200);
    expect((await ctx.readUser(user.user_id)).client_user_id).toBe(user.client_user_id);
  });

  it('when two deleted users that had one client_user_id are restored at once, three times each, then one comes back and every other answer is the 400 of a taken client_user_id or a 404', async () => {
    const first = await ctx.newUser();
    await remove(first.user_id);
    const second = await ctx.newUser({ client_user_id: first.client_user_id });
    await remove(second.user_id);
    const answers = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => undo(`user_id=${i % 2 === 0 ? first.user_id : second.user_id}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const other of answers.filter((a) => a.status !== 200)) expect([400, 404]).toContain(other.status);
    const holders = await ctx.server.db.query(`SELECT id FROM users WHERE team_id = $1 AND client_user_id = $2`, [ctx.server.teamId, first.client_user_id]);
    expect(holders).toHaveLength(1);
  });

  it.skipIf(engine.kind !== 'postgres')('when a user of the same client_user_id is being created while the restore runs, then the restore waits for it and is the 400 of a taken client_user_id, its archive kept (PostgreSQL only: PGlite runs one transaction at a time)', async () => {
    const user = await ctx.newUser();
    await remove(user.user_id);
    const { held, release, done } = holdingLocks(ctx.server.db, (tx) => createUserRow(tx, { team_id: ctx.server.teamId, client_user_id: user.client_user_id }), async () => undefined);
    const pid = await held;
    const answer = undo(`user_id=${user.user_id}`).then((r) => r);
    await untilBlockedBy(ctx.server.db, pid).finally(release);
    await done;
    const created = expectStatus<User>(await ctx.team().get(`/v2/user/resolve/${user.client_user_id}`), 200);
    expectDetail(await answer, 400, `Another user (user_id ${created.user_id}) has client_user_id ${user.client_user_id} now: change or delete it, then restore.`);
    expect(await findDeletedUser(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id })).not.toBeNull();
  });

  it('when neither name is given, or user_id is not a UUID, then 422', async () => {
    expectValidation(await undo(''), [{ loc: ['query', 'user_id'], type: 'missing' }]);
    expectValidation(await undo('user_id=nope'), [{ loc: ['query', 'user_id'] }]);
  });

  it("when another team's key names a deleted user, then 404 and the user stays deleted; its own team restores it", async () => {
    const { other, theirs } = await ctx.otherTeamsUser();
    await remove(theirs.user_id, other.apiKey);
    expectDetail(await undo(`user_id=${theirs.user_id}`), 404);
    expectDetail(await undo(`client_user_id=${theirs.client_user_id}`), 404);
    expectStatus(await undo(`user_id=${theirs.user_id}`, other.apiKey), 200);
    expect(await ctx.readUser(theirs.user_id, other.apiKey)).toEqual<User>(theirs);
  });
});
