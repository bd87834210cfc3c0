import { describe, expect, it } from 'vitest';
import { findTeam } from '../../server/storage/repositories/teams.js';
import { apiEngines, expectStatus, expectValidation, uniqueName, useApiApp, type ManagementSchemas } from './helpers.js';

describe.each(apiEngines)('updateTeam (PATCH /v1/org/{org_id}/team/{team_id}) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const newTeam = async () => expectStatus<ManagementSchemas['TeamListItem']>(await ctx.management().post(`/v1/org/${ctx.server.orgId}/team`).send({ name: uniqueName('Team') }), 200);
  const update = (teamId: string, body: object) => ctx.management().patch(`/v1/org/${ctx.server.orgId}/team/${teamId}`).send(body);

  it.each(['   ', '\t', ' \u00a0 '])('when the new name is %j (whitespace only), then 422 on ["body", "name"] and the name is kept', async (name) => {
    const team = await newTeam();
    expectValidation(await update(team.id, { name }), [{ loc: ['body', 'name'], type: 'value_error', msg: /not whitespace/ }]);
    expect((await findTeam(ctx.server.db, team.id))?.name).toBe(team.name);
  });

  it('when the new name has surrounding spaces, then it is stored trimmed, as TeamName says', async () => {
    const team = await newTeam();
    const name = uniqueName('Renamed');
    expect(expectStatus<{ name: string }>(await update(team.id, { name: `  ${name} ` }), 200).name).toBe(name);
    expect((await findTeam(ctx.server.db, team.id))?.name).toBe(name);
  });
});
