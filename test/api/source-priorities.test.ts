/**
 * Source priorities applied to reads (GET/PATCH /v2/team/source/priorities, issue 42): a read
 * without a provider filter lists its sources in the team's order of the read's data type
 * (PRIORITY_OF_READ): the summaries of a day and their raw records, the groups of a grouped
 * timeseries. A PATCH changes the next read at once (the kept bodies of the data reads never
 * answer the old order), another team's order changes nothing, a provider filter reads that
 * provider alone, and the reads of no data type keep the slug order.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../server/domain/synthetic/time-zone.js';
import { extendHistory, findDataWindows } from '../../server/storage/repositories/data-windows.js';
import { apiEngines, expectStatus, useApiApp, type OtherTeam, type TeamSchemas } from './helpers.js';

type Grouped = TeamSchemas['GroupedTimeseriesResponse'];
const PROVIDERS = ['fitbit', 'oura'] as const;

/** Each day's providers in the order the summaries list them (a provider once per day). */
function providersByDay(items: readonly { calendar_date: string; source: { provider: string } }[]): Record<string, string[]> {
  const days: Record<string, string[]> = {};
  for (const item of items) {
    const day = (days[item.calendar_date] ??= []);
    if (day[day.length - 1] !== item.source.provider) day.push(item.source.provider);
  }
  return days;
}

const byId = <T extends { id: string }>(items: readonly T[]) => [...items].sort((a, b) => (a.id < b.id ? -1 : 1));

describe.each(apiEngines)('source priorities applied to reads on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  /** A user of `team` connected to fitbit and oura, both windows reaching back `days` days. */
  async function userOfBoth(team: OtherTeam, days: number) {
    const user = await ctx.newUser({}, team.apiKey);
    let start = '';
    for (const provider of PROVIDERS) {
      await ctx.connect(user.user_id, provider, team.apiKey);
      const [window] = await findDataWindows(ctx.server.db, { team_id: team.team.id, user_id: user.user_id, provider });
      start = addDays(window!.history_start, -days);
      await extendHistory(ctx.server.db, { team_id: team.team.id, user_id: user.user_id, provider, start_date: start });
    }
    return { user, range: `start_date=${start}&end_date=${addDays(start, days - 1)}` };
  }

  const patch = async (team: OtherTeam, body: object) => expectStatus(await ctx.team(team.apiKey).patch('/v2/team/source/priorities').send(body), 200);
  const sleepOf = async (team: OtherTeam, userId: string, query: string) =>
    expectStatus<TeamSchemas['ClientSleepResponse']>(await ctx.team(team.apiKey).get(`/v2/summary/sleep/${userId}?${query}`), 200).sleep;

  it('when the team puts oura first for sleep, then each day lists its oura sleep first, the same summaries as before; an empty list restores the slug order', async () => {
    const team = await ctx.otherTeam();
    const { user, range } = await userOfBoth(team, 3);
    // Read twice: the second answer is the kept body, which the PATCH must not leave in place.
    const before = await sleepOf(team, user.user_id, range);
    expect(await sleepOf(team, user.user_id, range)).toEqual(before);
    const days = providersByDay(before);
    expect(Object.values(days).some((providers) => providers.length === 2)).toBe(true);
    for (const providers of Object.values(days)) expect(providers).toEqual([...providers].sort());

    await patch(team, { sleep: ['oura'] });
    const after = await sleepOf(team, user.user_id, range);
    expect(byId(after)).toEqual(byId(before));
    for (const [day, providers] of Object.entries(providersByDay(after))) expect(providers).toEqual(days[day]!.includes('oura') ? ['oura', ...days[day]!.filter((p) => p !== 'oura')] : days[day]);
    expect(after.map((s) => s.calendar_date)).toEqual([...after.map((s) => s.calendar_date)].sort());

    // The raw records follow the same order; another data type (activity) keeps the slug order.
    const raw = expectStatus<TeamSchemas['RawSleep']>(await ctx.team(team.apiKey).get(`/v2/summary/sleep/${user.user_id}/raw?${range}`), 200);
    expect(raw.sleep.map((r) => r.source.slug)).toEqual(after.map((s) => s.source.provider));
    const activity = expectStatus<TeamSchemas['ClientActivityResponse']>(await ctx.team(team.apiKey).get(`/v2/summary/activity/${user.user_id}?${range}`), 200).activity;
    for (const providers of Object.values(providersByDay(activity))) expect(providers).toEqual([...providers].sort());

    // A provider filter reads that provider alone, whatever the order.
    const fitbitOnly = await sleepOf(team, user.user_id, `${range}&provider=fitbit`);
    expect(fitbitOnly.length).toBeGreaterThan(0);
    expect(fitbitOnly.every((s) => s.source.provider === 'fitbit')).toBe(true);

    await patch(team, { sleep: [] });
    expect(await sleepOf(team, user.user_id, range)).toEqual(before);
  });

  it('when the team puts oura first for timeseries, then the grouped heart rate lists the oura group first, with the same samples', async () => {
    const team = await ctx.otherTeam();
    const { user, range } = await userOfBoth(team, 1);
    const url = `/v2/timeseries/${user.user_id}/heartrate/grouped?${range}`;
    const before = expectStatus<Grouped>(await ctx.team(team.apiKey).get(url), 200);
    expect(Object.keys(before.groups)).toEqual(['fitbit', 'oura']);
    expectStatus(await ctx.team(team.apiKey).get(url), 200);

    await patch(team, { timeseries: ['oura'] });
    const after = expectStatus<Grouped>(await ctx.team(team.apiKey).get(url), 200);
    expect(Object.keys(after.groups)).toEqual(['oura', 'fitbit']);
    expect(after.groups).toEqual(before.groups);

    // Sleep was not ordered: its days keep the slug order.
    for (const providers of Object.values(providersByDay(await sleepOf(team, user.user_id, range)))) expect(providers).toEqual([...providers].sort());
  });

  it('when the first source of the order has no samples on the first days of a page, then its group still comes first', async () => {
    const team = await ctx.otherTeam();
    const user = await ctx.newUser({}, team.apiKey);
    // oura reaches back 3 days, fitbit 1: the page's first two days have oura samples alone.
    let start = '';
    for (const [provider, days] of [['oura', 3], ['fitbit', 1]] as const) {
      await ctx.connect(user.user_id, provider, team.apiKey);
      const [window] = await findDataWindows(ctx.server.db, { team_id: team.team.id, user_id: user.user_id, provider });
      if (provider === 'oura') start = addDays(window!.history_start, -days);
      await extendHistory(ctx.server.db, { team_id: team.team.id, user_id: user.user_id, provider, start_date: addDays(window!.history_start, -days) });
    }
    await patch(team, { timeseries: ['fitbit'] });
    const url = `/v2/timeseries/${user.user_id}/heartrate/grouped?start_date=${start}&end_date=${addDays(start, 2)}`;
    const page = expectStatus<Grouped>(await ctx.team(team.apiKey).get(url), 200);
    expect(Object.keys(page.groups)).toEqual(['fitbit', 'oura']);
    const firstDay = (group: Grouped['groups'][string]) => group.flatMap((g) => g.data).map((s) => s.timestamp).sort()[0]!;
    expect(firstDay(page.groups.fitbit!) > firstDay(page.groups.oura!)).toBe(true);
  });

  it("when another team orders its sources, then this team's reads keep their order", async () => {
    const team = await ctx.otherTeam();
    const other = await ctx.otherTeam();
    const { user, range } = await userOfBoth(team, 1);
    const url = `/v2/timeseries/${user.user_id}/heartrate/grouped?${range}`;
    const before = expectStatus<Grouped>(await ctx.team(team.apiKey).get(url), 200);
    await patch(other, { timeseries: ['oura'], sleep: ['oura'] });
    const after = expectStatus<Grouped>(await ctx.team(team.apiKey).get(url), 200);
    expect(Object.keys(after.groups)).toEqual(['fitbit', 'oura']);
    expect(after).toEqual(before);
    // The other team cannot read this team's user at all.
    expectStatus(await ctx.team(other.apiKey).get(url), 404);
  });
});
