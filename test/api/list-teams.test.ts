import { describe, expect, it } from 'vitest';
import { apiEngines, expectDetail, expectOnlyViolations, expectStatus, expectValidation, uniqueName, UNKNOWN_ID, useApiApp, type ManagementSchemas } from './helpers.js';

type TeamList = ManagementSchemas['TeamList'];
type Team = ManagementSchemas['TeamListItem'];

const cursorOf = (position: object) => Buffer.from(JSON.stringify(position)).toString('base64url');
const oldestFirst = (a: Team, b: Team) => (a.created_on === b.created_on ? (a.id < b.id ? -1 : 1) : a.created_on < b.created_on ? -1 : 1);

describe.each(apiEngines)('listTeams (GET /v1/org/{org_id}/team) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  /** A new organization (no teams yet) and a way to add teams and list them with its key. */
  async function freshOrg() {
    const { orgId, managementKey } = await ctx.otherOrg();
    const api = ctx.management(managementKey);
    return {
      orgId,
      managementKey,
      addTeam: async (name: string, region?: 'us' | 'eu') => expectStatus<Team>(await api.post(`/v1/org/${orgId}/team`).send({ name, ...(region ? { region } : {}) }), 200),
      list: (query: string = '') => api.get(`/v1/org/${orgId}/team${query ? `?${query}` : ''}`),
      page: async (query: string = '') => expectStatus<TeamList>(await api.get(`/v1/org/${orgId}/team${query ? `?${query}` : ''}`), 200),
    };
  }
  const search = (text: string) => `search_query=${encodeURIComponent(text)}`;

  it('when the organization has teams, then they are listed oldest first in the wire shape, on one last page', async () => {
    const org = await freshOrg();
    const created = [await org.addTeam('Cardiology Research'), await org.addTeam('Sleep Lab (EU)', 'eu'), await org.addTeam('Oncology')];
    const listed = await org.page();
    expect(listed).toEqual({ teams: [...created].sort(oldestFirst), next_cursor: null });
    for (const team of listed.teams) expect(Object.keys(team).sort()).toEqual(['created_on', 'id', 'name', 'region']);
  });

  it('when the organization has no teams, then an empty last page', async () => {
    expect(await (await freshOrg()).page()).toEqual({ teams: [], next_cursor: null });
  });

  it("when the sandbox organization is listed, then its teams are there and another organization's are not", async () => {
    const other = await freshOrg();
    const theirs = await other.addTeam('Not Yours');
    const listed = expectStatus<TeamList>(await ctx.management().get(`/v1/org/${ctx.server.orgId}/team`).query({ search_query: 'Sandbox team' }), 200);
    expect(listed.teams.map((team) => team.id)).toContain(ctx.server.teamId);
    expect(listed.teams.map((team) => team.id)).not.toContain(theirs.id);
  });

  it('when filtered by one region, then only teams of that region', async () => {
    const org = await freshOrg();
    const [us, eu] = [await org.addTeam('Alpha', 'us'), await org.addTeam('Beta', 'eu')];
    expect((await org.page('region=eu')).teams).toEqual([eu]);
    expect((await org.page('region=us')).teams).toEqual([us]);
  });

  it('when the region parameter is repeated, then teams of each of those regions', async () => {
    const org = await freshOrg();
    const teams = [await org.addTeam('Alpha', 'us'), await org.addTeam('Beta', 'eu')];
    expect((await org.page('region=us&region=eu')).teams).toEqual(teams);
  });

  it('when the region is unknown, then 422 naming its index', async () => {
    const org = await freshOrg();
    expectValidation(await org.list('region=us&region=asia'), [{ loc: ['query', 'region', 1], type: 'enum' }]);
  });

  it('when search_query is part of a name in another case, then the team is found', async () => {
    const org = await freshOrg();
    const [cardiology] = [await org.addTeam('Cardiology Research'), await org.addTeam('Sleep Lab')];
    expect((await org.page(search('CARDIO'))).teams).toEqual([cardiology]);
    expect((await org.page(search('research'))).teams).toEqual([cardiology]);
  });

  it('when search_query has accented letters in another case, then the match is still case-insensitive', async () => {
    const org = await freshOrg();
    const cafe = await org.addTeam('Équipe Café Ørsted');
    await org.addTeam('Equipe Cafe Orsted');
    expect((await org.page(search('équipe café'))).teams).toEqual([cafe]);
    expect((await org.page(search('ÉQUIPE CAFÉ ØRSTED'))).teams).toEqual([cafe]);
  });

  it('when a name and a search use Latin letters beyond Latin-1 and Extended-A (ș, ț, ệ, a decomposed é), then the team is made and found', async () => {
    const org = await freshOrg();
    const [romanian, vietnamese, decomposed] = [await org.addTeam('Cardiologie Știință'), await org.addTeam('Bệnh viện'), await org.addTeam('Cafe\u0301 Lab')];
    expect((await org.page(search('știință'))).teams).toEqual([romanian]);
    expect((await org.page(search('BỆNH'))).teams).toEqual([vietnamese]);
    expect((await org.page(search('cafe\u0301'))).teams).toEqual([decomposed]);
    expectValidation(await org.list(search('Кардио')), [{ loc: ['query', 'search_query'], type: 'pattern' }]);
  });

  it("when search_query uses every allowed punctuation character ( ) , / : ' | & _ - ’, then it matches the name literally", async () => {
    const org = await freshOrg();
    const name = "R&D (EU), Sleep/Wake: O'Neil | D’Arcy_lab - 2";
    const team = await org.addTeam(name);
    await org.addTeam('R and D EU Sleep Wake');
    expect((await org.page(search(name))).teams).toEqual([team]);
    expect((await org.page(search('(eu), sleep/wake: o'))).teams).toEqual([team]);
  });

  it('when search_query is an underscore, then it is not a wildcard', async () => {
    const org = await freshOrg();
    const underscored = await org.addTeam('lab_one');
    await org.addTeam('lab one');
    expect((await org.page(search('_'))).teams).toEqual([underscored]);
  });

  it('when search_query has surrounding spaces or only spaces, then it is trimmed, and blank means no filter', async () => {
    const org = await freshOrg();
    const teams = [await org.addTeam('Cardiology'), await org.addTeam('Neurology')];
    expect((await org.page(search('  cardio  '))).teams).toEqual([teams[0]]);
    expect((await org.page(search('   '))).teams).toEqual(teams);
    expect((await org.page('search_query=')).teams).toEqual(teams);
  });

  it('when search_query is 80 characters, then it is accepted', async () => {
    const org = await freshOrg();
    const name = 'A'.repeat(80);
    const team = await org.addTeam(name);
    expect((await org.page(search(name))).teams).toEqual([team]);
  });

  it.each(['<script>', 'a;b', '50%', 'say "hi"', 'a*b', 'tab\u0000null', 'team.name', 'emoji 😀'])('when search_query has a character it does not accept (%j), then 422 on ["query", "search_query"]', async (text) => {
    const org = await freshOrg();
    expectOnlyViolations(await org.list(search(text)), [['query', 'search_query']]);
    expectValidation(await org.list(search(text)), [{ loc: ['query', 'search_query'], type: 'pattern' }]);
  });

  it('when search_query is 81 characters, then 422 with type too_long', async () => {
    const org = await freshOrg();
    expectValidation(await org.list(search('a'.repeat(81))), [{ loc: ['query', 'search_query'], type: 'too_long' }]);
  });

  it('when there are more than 50 teams, then pages of 50 follow next_cursor, and teams created while paging never repeat or shift a team', async () => {
    const org = await freshOrg();
    const created: Team[] = [];
    for (let i = 0; i < 55; i++) created.push(await org.addTeam(`Team ${String(i).padStart(2, '0')}`, i % 2 ? 'eu' : 'us'));
    const first = await org.page();
    expect(first.teams).toHaveLength(50);
    expect(first.next_cursor).toEqual(expect.any(String));
    const later = [await org.addTeam('Created while paging 1'), await org.addTeam('Created while paging 2', 'eu')];
    const second = await org.page(`next_cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second.next_cursor).toBeNull();
    const all = [...first.teams, ...second.teams];
    expect(new Set(all.map((team) => team.id)).size).toBe(all.length);
    expect(all).toEqual([...created, ...later].sort(oldestFirst));
    expect(second.teams.slice(-2)).toEqual(later);
  });

  it('when paging with a filter, then every page keeps the filter', async () => {
    const org = await freshOrg();
    for (let i = 0; i < 52; i++) await org.addTeam(`Filtered ${i}`, 'eu');
    for (let i = 0; i < 3; i++) await org.addTeam(`Other ${i}`, 'us');
    const first = await org.page('region=eu');
    const second = await org.page(`region=eu&next_cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect([...first.teams, ...second.teams].map((team) => team.region)).toEqual(Array(52).fill('eu'));
    expect(second.next_cursor).toBeNull();
  });

  it.each([
    ['not base64 JSON', 'not-a-cursor'],
    ['JSON without the position', cursorOf({ started_at: '2026-01-01T00:00:00.000Z' })],
    ['a position that is not a timestamp', cursorOf({ created_on: 'last tuesday', id: UNKNOWN_ID })],
    ['a position whose id is not a UUID', cursorOf({ created_on: '2026-01-01T00:00:00.000Z', id: '42' })],
  ])('when next_cursor is %s, then 422 on ["query", "next_cursor"]', async (_what, cursor) => {
    const org = await freshOrg();
    expectOnlyViolations(await org.list(`next_cursor=${encodeURIComponent(cursor)}`), [['query', 'next_cursor']]);
  });

  it('when filtered by team_id, then a page of that team only, also combined with the other filters', async () => {
    const org = await freshOrg();
    await org.addTeam(uniqueName('First'), 'us');
    const wanted = await org.addTeam(uniqueName('Wanted'), 'eu');
    await org.addTeam(uniqueName('Third'), 'eu');
    expect(await org.page(`team_id=${wanted.id}`)).toEqual({ teams: [wanted], next_cursor: null });
    expect(await org.page(`team_id=${wanted.id.toUpperCase()}&region=eu`)).toEqual({ teams: [wanted], next_cursor: null });
    expect(await org.page(`team_id=${wanted.id}&region=us`)).toEqual({ teams: [], next_cursor: null });
  });

  it("when team_id is unknown or another organization's team, then an empty page (not a 404)", async () => {
    const org = await freshOrg();
    await org.addTeam(uniqueName('Mine'));
    expect(await org.page(`team_id=${UNKNOWN_ID}`)).toEqual({ teams: [], next_cursor: null });
    expect(await org.page(`team_id=${ctx.server.teamId}`)).toEqual({ teams: [], next_cursor: null });
  });

  it('when team_id is not a UUID, then 422 on ["query", "team_id"]', async () => {
    const org = await freshOrg();
    expectOnlyViolations(await org.list('team_id=team-1'), [['query', 'team_id']]);
  });

  it("when the org id is another organization's, then 404 as for an unknown organization", async () => {
    const other = await freshOrg();
    expectDetail(await ctx.management().get(`/v1/org/${other.orgId}/team`), 404, `Organization ${other.orgId} not found.`);
    expectDetail(await ctx.management().get(`/v1/org/${UNKNOWN_ID}/team`), 404, `Organization ${UNKNOWN_ID} not found.`);
    expectDetail(await ctx.management(other.managementKey).get(`/v1/org/${ctx.server.orgId}/team`), 404);
  });

  it('when the org id is in upper case, then it is the same organization', async () => {
    const org = await freshOrg();
    const team = await org.addTeam(uniqueName('Upper'));
    const listed = expectStatus<TeamList>(await ctx.management(org.managementKey).get(`/v1/org/${org.orgId.toUpperCase()}/team`), 200);
    expect(listed.teams).toEqual([team]);
  });
});
