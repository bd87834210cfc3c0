import { describe, expect, it } from 'vitest';
import { findTeam } from '../../server/storage/repositories/teams.js';
import { readBundle } from '../../scripts/conformance/openapi.js';
import { ISO_TIMESTAMP } from '../storage/helpers.js';
import { apiEngines, expectDetail, expectOnlyViolations, expectStatus, expectValidation, uniqueName, UNKNOWN_ID, useApiApp, type ManagementSchemas } from './helpers.js';

type Team = ManagementSchemas['TeamListItem'];

describe.each(apiEngines)('createTeam (POST /v1/org/{org_id}/team) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const create = (body: unknown, orgId = ctx.server.orgId, key?: string) => ctx.management(key).post(`/v1/org/${orgId}/team`).send(body as object);
  const listed = async (name: string) =>
    expectStatus<ManagementSchemas['TeamList']>(await ctx.management().get(`/v1/org/${ctx.server.orgId}/team`).query({ search_query: name }), 200).teams;

  it('when a team is created without a region, then it is a US team of the org, stored and listed', async () => {
    const name = uniqueName('Cardiology');
    const team = expectStatus<Team>(await create({ name }), 200);
    expect(team).toEqual({ id: expect.any(String), name, created_on: expect.stringMatching(ISO_TIMESTAMP), region: 'us' });
    expect(await listed(name)).toEqual([team]);
    expect(await findTeam(ctx.server.db, team.id)).toMatchObject({ org_id: ctx.server.orgId, name, region: 'us' });
  });

  it('when a team is created in the EU region, then it is an EU team', async () => {
    const team = expectStatus<Team>(await create({ name: uniqueName('Sleep Lab'), region: 'eu' }), 200);
    expect(team.region).toBe('eu');
    expect((await findTeam(ctx.server.db, team.id))?.region).toBe('eu');
  });

  it('when a team is created, then its link migration endpoints start disabled', async () => {
    const team = expectStatus<Team>(await create({ name: uniqueName('New') }), 200);
    expect((await findTeam(ctx.server.db, team.id))?.link_migration_enabled).toBe(false);
  });

  it('when two teams get the same name, then both are created', async () => {
    const name = uniqueName('Twin');
    const [a, b] = [expectStatus<Team>(await create({ name }), 200), expectStatus<Team>(await create({ name }), 200)];
    expect(a.id).not.toBe(b.id);
    expect((await listed(name)).map((team) => team.id)).toEqual([a.id, b.id]);
  });

  it.each([
    ['accented letters', 'Équipe Cardiologie Ørsted'],
    ['the allowed punctuation', "R&D (EU), Sleep/Wake: O'Neil | D’Arcy_lab - 2"],
    ['80 characters', 'T'.repeat(80)],
    ['digits', 'Team 42'],
  ])('when the name has %s, then it is accepted as sent', async (_what, name) => {
    expect(expectStatus<Team>(await create({ name }), 200).name).toBe(name);
  });

  it('when the name has surrounding spaces, then they are trimmed', async () => {
    const name = uniqueName('Padded');
    expect(expectStatus<Team>(await create({ name: `  ${name}  ` }), 200).name).toBe(name);
  });

  it.each([
    ['a character it does not accept', 'Team <b>', 'pattern'],
    ['a semicolon', 'Team; DROP', 'pattern'],
    ['an emoji', 'Team 😀', 'pattern'],
    ['81 characters', 'T'.repeat(81), 'too_long'],
    ['nothing', '', 'too_short'],
  ])('when the name has %s, then 422 on ["body", "name"]', async (_what, name, type) => {
    expectValidation(await create({ name }), [{ loc: ['body', 'name'], type }]);
  });

  it('when the name is only whitespace, then 422 on ["body", "name"] and no nameless team is made', async () => {
    const before = await listed('');
    expectOnlyViolations(await create({ name: '   ' }), [['body', 'name']]);
    expect(await listed('')).toEqual(before);
  });

  it.each(['   ', '\t\n', ' \u00a0 '])('when the name is %j, then 422 on ["body", "name"], as TeamName\'s description says', async (name) => {
    const schema = (readBundle('management').components as { schemas: Record<string, { description: string }> }).schemas.TeamName!;
    expect(schema.description).toMatch(/a name of spaces only is a `422`/);
    expectValidation(await create({ name }), [{ loc: ['body', 'name'], msg: /not whitespace/ }]);
  });

  it('when the region is unknown, then 422 on ["body", "region"]', async () => {
    expectValidation(await create({ name: uniqueName('Team'), region: 'asia' }), [{ loc: ['body', 'region'], type: 'enum' }]);
  });

  it("when the org is another organization's or unknown, then 404 and no team is made there", async () => {
    const other = await ctx.otherOrg();
    expectDetail(await create({ name: uniqueName('Intruder') }, other.orgId), 404, `Organization ${other.orgId} not found.`);
    expectDetail(await create({ name: uniqueName('Nowhere') }, UNKNOWN_ID), 404, `Organization ${UNKNOWN_ID} not found.`);
    expect(expectStatus<ManagementSchemas['TeamList']>(await ctx.management(other.managementKey).get(`/v1/org/${other.orgId}/team`), 200).teams).toEqual([]);
  });
});
