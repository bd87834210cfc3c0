import { describe, expect, it } from 'vitest';
import { addDays } from '../../server/domain/synthetic/time-zone.js';
import { extendHistory } from '../../server/storage/repositories/data-windows.js';
import { holdingLocks, untilBlockedBy } from '../helpers/locks.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

const today = () => new Date().toISOString().slice(0, 10);
type User = TeamSchemas['ClientFacingUser'];

describe.each(apiEngines)('updateUser (PATCH /v2/user/{user_id}) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const patch = (userId: string, body: object, key?: string) => ctx.team(key).patch(`/v2/user/${userId}`).send(body);
  const refresh = async (userId: string) => expectStatus(await ctx.team().post(`/v2/user/refresh/${userId}`), 200);
  const activity = async (userId: string, start: string) =>
    expectStatus<TeamSchemas['ClientActivityResponse']>(await ctx.team().get(`/v2/summary/activity/${userId}?start_date=${start}`), 200).activity;

  it('when fields are patched, then only those change, the user answered is the one read back, and an empty body changes nothing', async () => {
    const user = await ctx.newUser({ fallback_time_zone: 'Europe/London', ingestion_start: '2026-01-01' });
    const changed = expectStatus<User>(await patch(user.user_id, { fallback_birth_date: '1990-05-17', ingestion_end: '2026-12-31' }), 200);
    expect(changed).toEqual({ ...user, fallback_birth_date: { value: '1990-05-17', source_slug: 'manual', updated_at: expect.any(String) }, ingestion_end: '2026-12-31' });
    expect(await ctx.readUser(user.user_id)).toEqual(changed);
    expect(expectStatus<User>(await patch(user.user_id, {}), 200)).toEqual(changed);
    // null clears a fallback or bound; a client_user_id of null is left as it is.
    const cleared = expectStatus<User>(await patch(user.user_id, { fallback_time_zone: null, ingestion_start: null, client_user_id: null }), 200);
    expect(cleared).toEqual({ ...changed, fallback_time_zone: null, ingestion_start: null });
  });

  it('when the time zone changes, then later reads give local days of the new zone, and setting the same zone keeps its updated_at', async () => {
    const user = await ctx.connectedUser('fitbit');
    await refresh(user.user_id);
    expect((await activity(user.user_id, today())).map((a) => a.time_zone)).toEqual(['UTC']);
    const moved = expectStatus<User>(await patch(user.user_id, { fallback_time_zone: 'Pacific/Kiritimati' }), 200);
    expect(moved.fallback_time_zone).toEqual({ id: 'Pacific/Kiritimati', source_slug: 'manual', updated_at: expect.any(String) });
    const zones = (await activity(user.user_id, addDays(today(), -1))).map((a) => a.time_zone);
    expect(zones.length).toBeGreaterThan(0);
    expect(new Set(zones)).toEqual(new Set(['Pacific/Kiritimati']));
    const again = expectStatus<User>(await patch(user.user_id, { fallback_time_zone: 'Pacific/Kiritimati' }), 200);
    expect(again.fallback_time_zone).toEqual(moved.fallback_time_zone);
  });

  it('when the ingestion end is narrowed, then its days are hidden at once; widened, the next sync announces them as created and reads show them', async () => {
    const user = await ctx.connectedUser('fitbit');
    const t0 = Date.now();
    const days = [-3, -2, -1, 0].map((offset) => addDays(today(), offset));
    await extendHistory(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id, provider: 'fitbit', start_date: days[0]! });
    ctx.server.setNow(new Date(t0));
    await refresh(user.user_id);
    expect((await activity(user.user_id, days[0]!)).map((a) => a.calendar_date)).toEqual(days);

    expectStatus(await patch(user.user_id, { ingestion_end: days[1] }), 200);
    expect((await activity(user.user_id, days[0]!)).map((a) => a.calendar_date)).toEqual(days.slice(0, 2));
    // A sync under the narrowed bound: its days are no longer announced as readable.
    ctx.server.setNow(new Date(t0 + 1_000));
    await refresh(user.user_id);
    expectStatus(await patch(user.user_id, { ingestion_end: null }), 200);
    expect((await activity(user.user_id, days[0]!)).map((a) => a.calendar_date)).toEqual(days.slice(0, 2));
    ctx.server.setNow(new Date(t0 + 2_000));
    await refresh(user.user_id);
    expect((await activity(user.user_id, days[0]!)).map((a) => a.calendar_date)).toEqual(days);
  });

  it('when client_user_id changes, then resolve finds the user by the new one only, and later events carry it', async () => {
    const user = await ctx.connectedUser('oura');
    const renamed = `renamed-${user.client_user_id}`;
    expect(expectStatus<User>(await patch(user.user_id, { client_user_id: renamed }), 200).client_user_id).toBe(renamed);
    expect(expectStatus<User>(await ctx.team().get(`/v2/user/resolve/${renamed}`), 200).user_id).toBe(user.user_id);
    expectDetail(await ctx.team().get(`/v2/user/resolve/${user.client_user_id}`), 404);
    await refresh(user.user_id);
    const carried = await ctx.server.db.query<{ client_user_id: string }>(
      `SELECT DISTINCT payload->>'client_user_id' AS client_user_id FROM events WHERE payload->>'user_id' = $1 AND event_type LIKE 'daily.%'`,
      [user.user_id],
    );
    expect(carried).toEqual([{ client_user_id: renamed }]);
  });

  it('when users are renamed to one client_user_id at once, six of them, then one takes it and the others are the 400 of a reference taken', async () => {
    const users = await Promise.all([1, 2, 3, 4, 5, 6].map(() => ctx.newUser()));
    const target = `renamed-${users[0]!.user_id}`;
    const answers = await Promise.all(users.map((u) => ctx.team().patch(`/v2/user/${u.user_id}`).send({ client_user_id: target })));
    const renamed = answers.filter((a) => a.status === 200);
    expect(renamed).toHaveLength(1);
    const holder = (renamed[0]!.body as TeamSchemas['ClientFacingUser']).user_id;
    for (const refused of answers.filter((a) => a.status !== 200)) expectDetail(refused, 400, `A user with client_user_id ${target} already exists (user_id ${holder}).`);
    expect(expectStatus<TeamSchemas['ClientFacingUser']>(await ctx.team().get(`/v2/user/resolve/${target}`), 200).user_id).toBe(holder);
  });

  it.skipIf(engine.kind !== 'postgres')('when another user is being renamed to the client_user_id as the patch runs, then the patch waits for it and is the 400 of a reference taken (PostgreSQL only: PGlite runs one transaction at a time)', async () => {
    const [a, b] = [await ctx.newUser(), await ctx.newUser()];
    const target = `held-${a.user_id}`;
    const { held, release, done } = holdingLocks(ctx.server.db, (tx) => tx.query(`UPDATE users SET client_user_id = $2 WHERE id = $1`, [a.user_id, target]), async () => undefined);
    const pid = await held;
    const answer = ctx.team().patch(`/v2/user/${b.user_id}`).send({ client_user_id: target }).then((r) => r);
    await untilBlockedBy(ctx.server.db, pid).finally(release);
    await done;
    expectDetail(await answer, 400, `A user with client_user_id ${target} already exists (user_id ${a.user_id}).`);
    expect((await ctx.readUser(b.user_id)).client_user_id).toBe(b.client_user_id);
  });

  it('when the patch breaks a rule, then nothing changes: 422 for an unknown zone, bounds out of order or a phone number as reference, 400 for a reference taken', async () => {
    const user = await ctx.newUser({ ingestion_end: '2026-03-31' });
    const other = await ctx.newUser();
    expectValidation(await patch(user.user_id, { fallback_time_zone: 'Mars/Olympus' }), [{ loc: ['body', 'fallback_time_zone'], type: 'value_error' }]);
    expectValidation(await patch(user.user_id, { fallback_time_zone: '+05:00' }), [{ loc: ['body', 'fallback_time_zone'] }]);
    expectValidation(await patch(user.user_id, { ingestion_start: '2026-04-01' }), [{ loc: ['body', 'ingestion_start'], msg: /must not be after/ }]);
    expectValidation(await patch(user.user_id, { ingestion_start: '2026-01-01', ingestion_end: '2025-12-31' }), [{ loc: ['body', 'ingestion_start'] }]);
    expectValidation(await patch(user.user_id, { client_user_id: '+1 415 555 0123' }), [{ loc: ['body', 'client_user_id'], type: 'value_error' }]);
    expectValidation(await patch(user.user_id, { ingestion_start: '2026-02-30' }), [{ loc: ['body', 'ingestion_start'] }]);
    expectValidation(await patch(user.user_id, { nickname: 'x' }), [{ loc: ['body', 'nickname'] }]);
    expectDetail(await patch(user.user_id, { client_user_id: other.client_user_id, ingestion_end: null }), 400, new RegExp(other.user_id));
    expect(await ctx.readUser(user.user_id)).toEqual(user);
  });

  it("when the user is unknown or another team's, then 404 and their user is unchanged", async () => {
    expectDetail(await patch(UNKNOWN_ID, {}), 404, `User ${UNKNOWN_ID} not found.`);
    const { other, theirs } = await ctx.otherTeamsUser();
    expectDetail(await patch(theirs.user_id, { ingestion_start: '2026-01-01' }), 404);
    expect(await ctx.readUser(theirs.user_id, other.apiKey)).toEqual(theirs);
  });
});
