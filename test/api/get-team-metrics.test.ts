import { describe, expect, it } from 'vitest';
import { metricWeekStarts } from '../../server/domain/users/metrics.js';
import { orderBody } from './lab-order-fixtures.js';
import { apiEngines, expectDetail, expectStatus, useApiApp, type TeamSchemas } from './helpers.js';

type Metrics = TeamSchemas['TeamMetrics'];

describe.each(apiEngines)('getTeamMetrics (GET /v2/user/metrics) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const metrics = async (key: string) => expectStatus<Metrics>(await ctx.team(key).get('/v2/user/metrics'), 200);

  it("when a team has users, connections and orders, then it counts its own only, with each connection in the week it was made", async () => {
    const team = await ctx.otherTeam();
    const empty = await metrics(team.apiKey);
    expect({ ...empty, number_of_connected_sources_by_week: undefined }).toEqual({
      team_id: team.team.id,
      number_of_connected_sources: 0,
      number_of_users: 0,
      number_of_errored_connected_sources: 0,
      number_of_connected_sources_by_week: undefined,
      number_of_ordered_tests: 0,
    });
    const early = await ctx.newUser({}, team.apiKey);
    await ctx.connect(early.user_id, 'oura', team.apiKey);
    // A connection of the week before (connections are stamped by the database's clock).
    await ctx.server.db.query(`UPDATE connections SET created_on = created_on - interval '7 days' WHERE user_id = $1`, [early.user_id]);
    const late = await ctx.newUser({}, team.apiKey);
    await ctx.connect(late.user_id, 'fitbit', team.apiKey);
    await ctx.connect(late.user_id, 'apple_health_kit', team.apiKey);
    expectStatus(await ctx.team(team.apiKey).post('/v3/order').send(orderBody(late.user_id)), 200);
    await ctx.newUser(); // the sandbox team's: not counted
    const removed = await ctx.newUser({}, team.apiKey);
    expectStatus(await ctx.team(team.apiKey).delete(`/v2/user/${removed.user_id}`), 200);

    const counted = await metrics(team.apiKey);
    expect(counted).toMatchObject({ team_id: team.team.id, number_of_users: 2, number_of_connected_sources: 3, number_of_errored_connected_sources: 0, number_of_ordered_tests: 1 });
    const weeks = counted.number_of_connected_sources_by_week;
    expect(weeks).toHaveLength(12);
    const starts = metricWeekStarts(new Date()).map((start) => start.replace('.000Z', 'Z'));
    expect(weeks.map((week) => week.date)).toEqual(starts);
    expect(weeks.at(-1)).toMatchObject({ value: 2, all: 3 });
    expect(weeks.at(-2)).toMatchObject({ value: 1, all: 1 });
    expect(weeks.slice(0, -2).every((week) => week.value === 0 && week.all === 0)).toBe(true);
  });

  it('when no key is sent, then 401', async () => {
    expectDetail(await ctx.team(null).get('/v2/user/metrics'), 401);
  });
});
