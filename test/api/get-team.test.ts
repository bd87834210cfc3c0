import { describe, expect, it } from 'vitest';
import { createTeam } from '../../server/storage/repositories/teams.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, uniqueName, UNKNOWN_ID, useApiApp, type ManagementSchemas } from './helpers.js';

type TeamDetail = ManagementSchemas['TeamDetail'];

describe.each(apiEngines)('getTeam (GET /v1/org/{org_id}/team/{team_id}) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const newTeam = async () => expectStatus<ManagementSchemas['TeamListItem']>(await ctx.management().post(`/v1/org/${ctx.server.orgId}/team`).send({ name: uniqueName('Team'), region: 'eu' }), 200);
  const read = (teamId: string, orgId = ctx.server.orgId, key?: string) => ctx.management(key).get(`/v1/org/${orgId}/team/${teamId}`);
  const update = (teamId: string, body: object) => ctx.management().patch(`/v1/org/${ctx.server.orgId}/team/${teamId}`).send(body);

  it('when a team is new, then it reads back with both settings off and the fields of its list item', async () => {
    const team = await newTeam();
    expect(expectStatus<TeamDetail>(await read(team.id), 200)).toEqual({ ...team, link_migration_enabled: false, lab_partial_results_enabled: false });
  });

  it('when a team\'s lab partial-results setting is switched on, then it reads back on, as the update answered it, and off again once switched off', async () => {
    const team = await newTeam();
    const updated = expectStatus<TeamDetail>(await update(team.id, { lab_partial_results_enabled: true }), 200);
    expect(updated.lab_partial_results_enabled).toBe(true);
    expect(expectStatus<TeamDetail>(await read(team.id), 200)).toEqual(updated);
    expectStatus(await update(team.id, { lab_partial_results_enabled: false, link_migration_enabled: true }), 200);
    expect(expectStatus<TeamDetail>(await read(team.id), 200)).toMatchObject({ lab_partial_results_enabled: false, link_migration_enabled: true });
  });

  it('when the team is unknown, then 404 naming it', async () => {
    expectDetail(await read(UNKNOWN_ID), 404, `Team ${UNKNOWN_ID} not found in organization ${ctx.server.orgId}.`);
  });

  it("when the team is another organization's, then 404 as for an unknown one, through either org id, and its own key reads it", async () => {
    const other = await ctx.otherOrg();
    const theirs = await createTeam(ctx.server.db, { org_id: other.orgId, name: uniqueName('Theirs'), region: 'us' });
    expectDetail(await read(theirs.id), 404, `Team ${theirs.id} not found in organization ${ctx.server.orgId}.`);
    expectDetail(await read(theirs.id, other.orgId), 404, `Organization ${other.orgId} not found.`);
    expect(expectStatus<TeamDetail>(await read(theirs.id, other.orgId, other.managementKey), 200).id).toBe(theirs.id);
  });

  it('when the team id is not a UUID, then 422 on ["path", "team_id"]', async () => {
    expectValidation(await read('not-a-uuid'), [{ loc: ['path', 'team_id'] }]);
  });
});
