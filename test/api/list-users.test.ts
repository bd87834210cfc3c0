import { describe, expect, it } from 'vitest';
import { apiEngines, expectDetail, expectStatus, expectValidation, uniqueName, useApiApp, type OtherTeam, type TeamSchemas } from './helpers.js';

type User = TeamSchemas['ClientFacingUser'];
type Page = TeamSchemas['PaginatedUsersResponse'];

const newestFirst = (a: User, b: User) => (a.created_on === b.created_on ? (a.user_id < b.user_id ? 1 : -1) : a.created_on < b.created_on ? 1 : -1);

describe.each(apiEngines)('listUsers (GET /v2/user) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const list = (team: OtherTeam | null, query: Record<string, string | number> = {}) => ctx.team(team?.apiKey).get('/v2/user').query(query);
  const page = async (team: OtherTeam | null, query: Record<string, string | number> = {}) => expectStatus<Page>(await list(team, query), 200);

  /** A new team (its list starts empty) with `count` users, newest first as the list orders them. */
  async function teamWithUsers(count: number): Promise<{ team: OtherTeam; users: User[] }> {
    const team = await ctx.otherTeam();
    const users: User[] = [];
    for (let i = 0; i < count; i++) users.push(await ctx.newUser({ client_user_id: uniqueName(`member-${i}`) }, team.apiKey));
    return { team, users: users.sort(newestFirst) };
  }

  it('when the team has no users, then an empty page with total 0 and the default offset and limit', async () => {
    const team = await ctx.otherTeam();
    expect(await page(team)).toEqual({ users: [], total: 0, offset: 0, limit: 100 });
  });

  it('when the team has users, then each is listed newest first exactly as GET /v2/user/{user_id} shows it, connections included', async () => {
    const { team, users } = await teamWithUsers(3);
    await ctx.connect(users[1]!.user_id, 'oura', team.apiKey);
    await ctx.connect(users[1]!.user_id, 'withings', team.apiKey);
    const listed = await page(team);
    expect(listed.total).toBe(3);
    const records = await Promise.all(users.map((user) => ctx.readUser(user.user_id, team.apiKey)));
    expect(listed.users).toEqual(records);
    expect(listed.users[1]!.connected_sources.map((source) => source.provider.slug).sort()).toEqual(['oura', 'withings']);
  });

  it('when offset and limit page through the list, then every user comes once, in order, and total stays the count', async () => {
    const { team, users } = await teamWithUsers(7);
    const seen: User[] = [];
    for (let offset = 0; offset < 7; offset += 3) {
      const current = await page(team, { offset, limit: 3 });
      expect({ total: current.total, offset: current.offset, limit: current.limit }).toEqual({ total: 7, offset, limit: 3 });
      seen.push(...current.users);
    }
    expect(seen.map((user) => user.user_id)).toEqual(users.map((user) => user.user_id));
  });

  it('when the offset is past the last user, then an empty page that still counts them all', async () => {
    const { team } = await teamWithUsers(2);
    expect(await page(team, { offset: 2, limit: 1 })).toEqual({ users: [], total: 2, offset: 2, limit: 1 });
  });

  it('when search is part of client_user_ids in another case, then only those users match, and total counts the matches', async () => {
    const team = await ctx.otherTeam();
    const tag = uniqueName('Ward');
    const ward = [await ctx.newUser({ client_user_id: `${tag}-bed-1` }, team.apiKey), await ctx.newUser({ client_user_id: `x-${tag}-bed-2` }, team.apiKey)];
    await ctx.newUser({ client_user_id: uniqueName('elsewhere') }, team.apiKey);
    const found = await page(team, { search: tag.toUpperCase() });
    expect(found.total).toBe(2);
    expect(found.users.map((user) => user.user_id).sort()).toEqual(ward.map((user) => user.user_id).sort());
    expect((await page(team, { search: tag.toLowerCase(), limit: 1, offset: 1 })).users).toHaveLength(1);
    expect(await page(team, { search: tag, offset: 2 })).toEqual({ users: [], total: 2, offset: 2, limit: 100 });
  });

  it('when search has letters beyond ASCII in another case, or LIKE wildcards, then they match literally', async () => {
    const team = await ctx.otherTeam();
    const accented = await ctx.newUser({ client_user_id: uniqueName('Ørsted-Ä') }, team.apiKey);
    const percent = await ctx.newUser({ client_user_id: uniqueName('100%_done') }, team.apiKey);
    expect((await page(team, { search: 'ørsted-ä' })).users.map((user) => user.user_id)).toEqual([accented.user_id]);
    expect((await page(team, { search: '%_' })).users.map((user) => user.user_id)).toEqual([percent.user_id]);
    expect((await page(team, { search: '_' })).total).toBe(1);
  });

  it('when search is a user_id, then that user is found (in either case), and a part of a user_id finds nobody', async () => {
    const { team, users } = await teamWithUsers(2);
    const target = users[1]!;
    expect((await page(team, { search: target.user_id.toUpperCase() })).users.map((user) => user.user_id)).toEqual([target.user_id]);
    expect(await page(team, { search: target.user_id.slice(0, 8) })).toMatchObject({ users: [], total: 0 });
  });

  it('when search is empty, then it matches every user', async () => {
    const { team } = await teamWithUsers(2);
    expect((await page(team, { search: '' })).total).toBe(2);
  });

  it("when another team has users, then they are never listed, not even searched by their user_id or client_user_id", async () => {
    const { other, theirs } = await ctx.otherTeamsUser();
    const mine = await teamWithUsers(1);
    expect((await page(mine.team)).users.map((user) => user.user_id)).toEqual([mine.users[0]!.user_id]);
    expect(await page(null, { search: theirs.user_id })).toMatchObject({ users: [], total: 0 });
    expect(await page(null, { search: theirs.client_user_id })).toMatchObject({ users: [], total: 0 });
    expect((await page(other, { search: theirs.user_id })).users.map((user) => user.user_id)).toEqual([theirs.user_id]);
  });

  it.each([
    [{ limit: 0 }, 'limit', 'greater_than_equal'],
    [{ limit: 501 }, 'limit', 'less_than_equal'],
    [{ limit: 'ten' }, 'limit', undefined],
    [{ offset: -1 }, 'offset', 'greater_than_equal'],
    [{ offset: 1.5 }, 'offset', undefined],
    [{ search: 'x'.repeat(321) }, 'search', undefined],
    [{ page: 2 }, 'page', undefined],
  ])('when the query is %j, then 422 naming ["query", "%s"]', async (query, name, type) => {
    expectValidation(await list(null, query), [{ loc: ['query', name], ...(type && { type }) }]);
  });

  it('when the key is missing or unknown, then 401', async () => {
    expectDetail(await ctx.team(null).get('/v2/user'), 401);
    expectDetail(await ctx.team('sk_us_unknown_key_for_list_users').get('/v2/user'), 401);
  });
});
