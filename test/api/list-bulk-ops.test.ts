import { describe, expect, it } from 'vitest';
import { setLinkMigrationEnabled } from '../../server/storage/repositories/teams.js';
import { apiEngines, expectOnlyViolations, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type OtherTeam, type TeamSchemas } from './helpers.js';

type BulkOp = TeamSchemas['BulkOp'];
type BulkOpsPage = TeamSchemas['BulkOpsPage'];
type PullResponse = TeamSchemas['BulkTriggerHistoricalPullResponse'];

const cursorOf = (position: object) => Buffer.from(JSON.stringify(position)).toString('base64url');
const newestFirst = (a: BulkOp, b: BulkOp) => (a.started_at === b.started_at ? (a.id < b.id ? 1 : -1) : a.started_at < b.started_at ? 1 : -1);

describe.each(apiEngines)('listBulkOps (GET /v2/link/bulk_op) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  /** A new team with link migration enabled, one connected and one unconnected user: its op list starts empty. */
  async function freshTeam(): Promise<OtherTeam & { connected: string; unconnected: string }> {
    const team = await ctx.otherTeam();
    await setLinkMigrationEnabled(ctx.server.db, { team_id: team.team.id, enabled: true });
    const connected = await ctx.newUser({}, team.apiKey);
    await ctx.connect(connected.user_id, 'oura', team.apiKey);
    const unconnected = await ctx.newUser({}, team.apiKey);
    return { ...team, connected: connected.user_id, unconnected: unconnected.user_id };
  }
  const createOp = async (team: Awaited<ReturnType<typeof freshTeam>>, userIds = [team.connected, team.unconnected]) =>
    expectStatus<PullResponse>(await ctx.team(team.apiKey).post('/v2/link/bulk_trigger_historical_pull').send({ user_ids: userIds, provider: 'oura' }), 202).operation;
  const list = (team: OtherTeam, query: Record<string, string | number> = {}) => ctx.team(team.apiKey).get('/v2/link/bulk_op').query(query);
  const page = async (team: OtherTeam, query: Record<string, string | number> = {}) => expectStatus<BulkOpsPage>(await list(team, query), 200);

  it('when the team has no operations, then an empty last page', async () => {
    expect(await page(await freshTeam())).toEqual({ data: [], next_cursor: null });
  });

  it('when operations were created, then they are listed newest first with their progress, as created', async () => {
    const team = await freshTeam();
    const created = [await createOp(team), await createOp(team, [team.unconnected]), await createOp(team, [team.connected])];
    const listed = await page(team);
    expect(listed.next_cursor).toBeNull();
    // The estimated end is computed at each answer, so only the rest is compared as created.
    const withoutEstimate = ({ estimated_end_at: _estimate, ...op }: BulkOp) => op;
    expect(listed.data.map(withoutEstimate)).toEqual([...created].sort(newestFirst).map(withoutEstimate));
    expect(listed.data.map((op) => op.started_at)).toEqual([...listed.data.map((op) => op.started_at)].sort().reverse());
    expect(listed.data.find((op) => op.id === created[1]!.id)).toMatchObject({ status: 'success', pending: 0, not_connected: 1 });
  });

  it("when another team has operations, then they are not listed", async () => {
    const [mine, theirs] = [await freshTeam(), await freshTeam()];
    const op = await createOp(mine);
    await createOp(theirs);
    expect((await page(mine)).data.map((listed) => listed.id)).toEqual([op.id]);
  });

  it("when team_id is infer_from_context or the team's own id, then the same page as without it; another team's id or an unknown one, then 422 at [\"query\", \"team_id\"]", async () => {
    const [mine, theirs] = [await freshTeam(), await freshTeam()];
    await createOp(mine);
    const without = await page(mine);
    expect(without.data).toHaveLength(1);
    // The estimated end is computed at each answer: the rest is compared.
    const withoutEstimate = ({ data, next_cursor }: BulkOpsPage) => ({ data: data.map(({ estimated_end_at: _estimate, ...op }) => op), next_cursor });
    for (const teamId of ['infer_from_context', mine.team.id, mine.team.id.toUpperCase()]) expect(withoutEstimate(await page(mine, { team_id: teamId }))).toEqual(withoutEstimate(without));
    for (const teamId of [theirs.team.id, UNKNOWN_ID]) {
      expectValidation(await list(mine, { team_id: teamId }), [{ loc: ['query', 'team_id'], type: 'value_error', msg: new RegExp(`^Team ${teamId} is not the team of this API key`) }]);
    }
    expectValidation(await list(mine, { team_id: 'infer' }), [{ loc: ['query', 'team_id'] }]);
  });

  it('when page_size is smaller than the list, then next_cursor pages through all of them once, newest first', async () => {
    const team = await freshTeam();
    for (let i = 0; i < 7; i++) await createOp(team);
    const seen: BulkOp[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const current: BulkOpsPage = await page(team, { page_size: 3, ...(cursor ? { next_cursor: cursor } : {}) });
      expect(current.data.length).toBeLessThanOrEqual(3);
      seen.push(...current.data);
      cursor = current.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(7);
    expect(new Set(seen.map((op) => op.id)).size).toBe(7);
    expect(seen).toEqual([...seen].sort(newestFirst));
  });

  it('when the page size is exactly the number of operations, then the page is the last one', async () => {
    const team = await freshTeam();
    for (let i = 0; i < 3; i++) await createOp(team);
    expect((await page(team, { page_size: 3 })).next_cursor).toBeNull();
  });

  it('when page_size is left out, then pages have 10 operations', async () => {
    const team = await freshTeam();
    for (let i = 0; i < 11; i++) await createOp(team, [team.unconnected]);
    const first = await page(team);
    expect(first.data).toHaveLength(10);
    expect(first.next_cursor).not.toBeNull();
    expect((await page(team, { next_cursor: first.next_cursor! })).data).toHaveLength(1);
  });

  it('when operations are created between two pages, then the next page continues where the first ended, without repeats', async () => {
    const team = await freshTeam();
    const older = [];
    for (let i = 0; i < 5; i++) older.push(await createOp(team));
    const first = await page(team, { page_size: 2 });
    const newer = [await createOp(team), await createOp(team)];
    const rest: BulkOp[] = [];
    let cursor = first.next_cursor;
    while (cursor) {
      const next: BulkOpsPage = await page(team, { page_size: 2, next_cursor: cursor });
      rest.push(...next.data);
      cursor = next.next_cursor;
    }
    const expectedOrder = [...older].sort(newestFirst).map((op) => op.id);
    expect([...first.data, ...rest].map((op) => op.id)).toEqual(expectedOrder);
    expect(rest.map((op) => op.id)).not.toEqual(expect.arrayContaining(newer.map((op) => op.id)));
    expect((await page(team, { page_size: 2 })).data.map((op) => op.id)).toEqual([...newer].sort(newestFirst).map((op) => op.id));
  });

  it('when page_size is 0, then no operations, and the cursor sent (if any) is handed back', async () => {
    const team = await freshTeam();
    for (let i = 0; i < 3; i++) await createOp(team);
    expect(await page(team, { page_size: 0 })).toEqual({ data: [], next_cursor: null });
    const first = await page(team, { page_size: 1 });
    expect(await page(team, { page_size: 0, next_cursor: first.next_cursor! })).toEqual({ data: [], next_cursor: first.next_cursor });
  });

  it.each([
    ['not base64 JSON', 'not-a-cursor'],
    ['JSON without the position', cursorOf({ foo: 'bar' })],
    ['a position that is not a timestamp', cursorOf({ started_at: 'yesterday', id: '00000000-0000-4000-8000-000000000000' })],
    ['a position whose id is not a UUID', cursorOf({ started_at: '2026-01-01T00:00:00.000Z', id: 'x' })],
    ['a position that is not a calendar time', cursorOf({ started_at: '2026-02-31T00:00:00.000Z', id: '00000000-0000-4000-8000-000000000000' })],
  ])('when next_cursor is %s, then 422 on ["query", "next_cursor"]', async (_what, cursor) => {
    expectOnlyViolations(await ctx.team().get('/v2/link/bulk_op').query({ next_cursor: cursor }), [['query', 'next_cursor']]);
  });

  it('when next_cursor is longer than 512 characters, then 422 with type too_long', async () => {
    expectValidation(await ctx.team().get('/v2/link/bulk_op').query({ next_cursor: 'a'.repeat(513) }), [{ loc: ['query', 'next_cursor'], type: 'too_long' }]);
  });

  it.each([-1, 51, 'ten'])('when page_size is %j, then 422 on ["query", "page_size"]', async (size) => {
    expectOnlyViolations(await ctx.team().get('/v2/link/bulk_op').query({ page_size: size }), [['query', 'page_size']]);
  });
});

describe.each(apiEngines)('estimated_end_at of bulk operations on %s (no pull worker: triggers stay where they are)', (_label, engine) => {
  const ctx = useApiApp(engine);
  const MINUTE = 60_000;
  const NOW = Date.UTC(2026, 10, 22, 9, 0, 0);
  const at = (ms: number) => new Date(ms).toISOString();

  /** A new team with link migration enabled and `count` users connected to strava (1 start per 15 minutes). */
  async function stravaTeam(count: number): Promise<OtherTeam & { users: string[] }> {
    const team = await ctx.otherTeam();
    await setLinkMigrationEnabled(ctx.server.db, { team_id: team.team.id, enabled: true });
    const users: string[] = [];
    for (let i = 0; i < count; i++) {
      const user = await ctx.newUser({}, team.apiKey);
      await ctx.connect(user.user_id, 'strava', team.apiKey);
      users.push(user.user_id);
    }
    return { ...team, users };
  }
  const trigger = async (team: OtherTeam, userIds: string[]) =>
    expectStatus<PullResponse>(await ctx.team(team.apiKey).post('/v2/link/bulk_trigger_historical_pull').send({ user_ids: userIds, provider: 'strava' }), 202).operation;
  const listed = async (team: OtherTeam) => expectStatus<BulkOpsPage>(await ctx.team(team.apiKey).get('/v2/link/bulk_op'), 200).data;

  it('when 3 strava triggers are pending on an empty window, then the op is expected to end when its 3rd may start (2 windows on) plus one pull (1 s before any pull ran)', async () => {
    const team = await stravaTeam(3);
    ctx.server.setNow(new Date(NOW));
    const op = await trigger(team, team.users);
    expect(op.estimated_end_at).toBe(at(NOW + 30 * MINUTE + 1_000));
    expect((await listed(team)).map((listedOp) => listedOp.estimated_end_at)).toEqual([at(NOW + 30 * MINUTE + 1_000)]);
  });

  it("when a newer op of the same provider waits behind an older one's pending triggers, then it is expected to end after them", async () => {
    const team = await stravaTeam(2);
    ctx.server.setNow(new Date(NOW));
    const older = await trigger(team, team.users);
    const newer = await trigger(team, [team.users[0]!]);
    const byId = new Map((await listed(team)).map((op) => [op.id, op.estimated_end_at]));
    expect([byId.get(older.id), byId.get(newer.id)]).toEqual([at(NOW + 15 * MINUTE + 1_000), at(NOW + 30 * MINUTE + 1_000)]);
  });

  it('when the window already holds a recent start, then the first pending trigger waits for it to leave', async () => {
    const team = await stravaTeam(1);
    await ctx.server.db.query(
      `INSERT INTO pull_throttle_buckets (team_id, provider, recent_starts) VALUES ($1, 'strava', $2::jsonb)
       ON CONFLICT (team_id, provider) DO UPDATE SET recent_starts = EXCLUDED.recent_starts`,
      [team.team.id, JSON.stringify([NOW - 5 * MINUTE])],
    );
    ctx.server.setNow(new Date(NOW));
    expect((await trigger(team, team.users)).estimated_end_at).toBe(at(NOW + 10 * MINUTE + 1_000));
  });

  it('when time passes without a start, then the estimate is computed from the new now', async () => {
    const team = await stravaTeam(1);
    ctx.server.setNow(new Date(NOW));
    await trigger(team, team.users);
    ctx.server.setNow(new Date(NOW + 2 * MINUTE));
    expect((await listed(team))[0]!.estimated_end_at).toBe(at(NOW + 2 * MINUTE + 1_000));
  });

  it('when an op ended (no user connected), then estimated_end_at is null', async () => {
    const team = await stravaTeam(0);
    const unconnected = await ctx.newUser({}, team.apiKey);
    const response = await ctx.team(team.apiKey).post('/v2/link/bulk_trigger_historical_pull').send({ user_ids: [unconnected.user_id], provider: 'strava' });
    const op = (response.body as PullResponse).operation;
    expect([op.status, op.estimated_end_at]).toEqual(['success', null]);
    expect((await listed(team)).map((listedOp) => [listedOp.status, listedOp.estimated_end_at])).toEqual([['success', null]]);
  });
});
