import { describe, expect, it } from 'vitest';
import { hashSecret } from '../../server/domain/credentials/secrets.js';
import { findActiveTeamApiKeyByHash, listTeamApiKeys } from '../../server/storage/repositories/credentials.js';
import { createTeam } from '../../server/storage/repositories/teams.js';
import { ISO_TIMESTAMP } from '../storage/helpers.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, uniqueName, UNKNOWN_ID, useApiApp, type ManagementSchemas, type TeamSchemas } from './helpers.js';

type TeamApiKey = ManagementSchemas['TeamApiKey'];
type Team = ManagementSchemas['TeamListItem'];

describe.each(apiEngines)('createTeamApiKey (POST /v1/org/{org_id}/team/{team_id}/api_key) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const newTeam = async (region: 'us' | 'eu' = 'us') =>
    expectStatus<Team>(await ctx.management().post(`/v1/org/${ctx.server.orgId}/team`).send({ name: uniqueName('Team'), region }), 200);
  const createKey = (teamId: string, body: unknown = {}, orgId = ctx.server.orgId, key?: string) =>
    ctx.management(key).post(`/v1/org/${orgId}/team/${teamId}/api_key`).send(body as object);

  it('when a key is created, then it is shown once, and only its hash is stored for the team', async () => {
    const team = await newTeam();
    const key = expectStatus<TeamApiKey>(await createKey(team.id, { label: 'backend production' }), 200);
    expect(key).toEqual({
      id: expect.any(String),
      team_id: team.id,
      label: 'backend production',
      key: expect.stringMatching(/^sk_us_[A-Za-z0-9_-]{32}$/),
      created_on: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(await listTeamApiKeys(ctx.server.db, team.id)).toEqual([{ id: key.id, team_id: team.id, label: 'backend production', created_on: key.created_on, revoked_on: null }]);
    expect(await findActiveTeamApiKeyByHash(ctx.server.db, hashSecret(key.key))).toMatchObject({ key_id: key.id, team_id: team.id, org_id: ctx.server.orgId });
    expect(JSON.stringify(await ctx.server.db.query('SELECT * FROM team_api_keys'))).not.toContain(key.key);
  });

  it('when the team is in the EU region, then the key starts with sk_eu_', async () => {
    const team = await newTeam('eu');
    expect(expectStatus<TeamApiKey>(await createKey(team.id), 200).key).toMatch(/^sk_eu_/);
  });

  it('when no label is sent, then the label is null', async () => {
    const team = await newTeam();
    expect(expectStatus<TeamApiKey>(await createKey(team.id, {}), 200).label).toBeNull();
    expect(expectStatus<TeamApiKey>(await createKey(team.id, { label: null }), 200).label).toBeNull();
  });

  it("when the key is used on the team API, then it works for that team and sees only that team's users", async () => {
    const team = await newTeam();
    const { key } = expectStatus<TeamApiKey>(await createKey(team.id), 200);
    const mine = await ctx.newUser({}, key);
    expect(mine.team_id).toBe(team.id);
    const sandboxUser = await ctx.newUser();
    expectStatus(await ctx.team(key).get(`/v2/user/${mine.user_id}`), 200);
    expectDetail(await ctx.team(key).get(`/v2/user/${sandboxUser.user_id}`), 404);
    expectDetail(await ctx.team(key).get(`/v2/user/resolve/${sandboxUser.client_user_id}`), 404);
    expectDetail(await ctx.team().get(`/v2/user/${mine.user_id}`), 404);
  });

  it('when a second key is created, then both keys work for the same team', async () => {
    const team = await newTeam();
    const first = expectStatus<TeamApiKey>(await createKey(team.id, { label: 'one' }), 200);
    const second = expectStatus<TeamApiKey>(await createKey(team.id, { label: 'two' }), 200);
    expect(first.key).not.toBe(second.key);
    const user = await ctx.newUser({}, first.key);
    expect(expectStatus<TeamSchemas['ClientFacingUser']>(await ctx.team(second.key).get(`/v2/user/${user.user_id}`), 200).team_id).toBe(team.id);
    expect((await listTeamApiKeys(ctx.server.db, team.id)).map((row) => row.label)).toEqual(['one', 'two']);
  });

  it('when the team does not exist, then 404 naming it and no key is made', async () => {
    expectDetail(await createKey(UNKNOWN_ID), 404, `Team ${UNKNOWN_ID} not found in organization ${ctx.server.orgId}.`);
    expect(await listTeamApiKeys(ctx.server.db, UNKNOWN_ID)).toEqual([]);
  });

  it("when the team is another organization's, then 404, through either org id", async () => {
    const other = await ctx.otherOrg();
    const theirs = await createTeam(ctx.server.db, { org_id: other.orgId, name: uniqueName('Theirs'), region: 'us' });
    expectDetail(await createKey(theirs.id), 404, `Team ${theirs.id} not found in organization ${ctx.server.orgId}.`);
    expectDetail(await createKey(theirs.id, {}, other.orgId), 404, `Organization ${other.orgId} not found.`);
    expect(await listTeamApiKeys(ctx.server.db, theirs.id)).toEqual([]);
    expectStatus(await createKey(theirs.id, {}, other.orgId, other.managementKey), 200);
  });

  it('when the label is longer than 80 characters, then 422 on ["body", "label"]', async () => {
    const team = await newTeam();
    expectValidation(await createKey(team.id, { label: 'x'.repeat(81) }), [{ loc: ['body', 'label'], type: 'too_long' }]);
  });
});
