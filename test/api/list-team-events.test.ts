import { describe, expect, it } from 'vitest';
import { webhookMessageId } from '../../server/domain/webhooks/rules.js';
import { emitEvents, type EventEnvelope } from '../../server/storage/repositories/events.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, uniqueName, useApiApp, UNKNOWN_ID, type ManagementSchemas, type OtherTeam } from './helpers.js';

type TeamEvent = ManagementSchemas['TeamEvent'];
type TeamEventPage = ManagementSchemas['TeamEventPage'];

describe.each(apiEngines)('listTeamEvents (GET /v1/org/{org_id}/team/{team_id}/event) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const path = (team: OtherTeam, orgId = ctx.server.orgId) => `/v1/org/${orgId}/team/${team.team.id}/event`;
  const list = (team: OtherTeam, query: Record<string, string | number> = {}) => ctx.management().get(path(team)).query(query);
  const page = async (team: OtherTeam, query: Record<string, string | number> = {}) => expectStatus<TeamEventPage>(await list(team, query), 200);

  /** Emits `count` events of the team in this order, one statement per event (so each has its own instant or a later id). */
  async function emit(team: OtherTeam, count: number, eventType = 'daily.data.sleep.created'): Promise<EventEnvelope[]> {
    const emitted: EventEnvelope[] = [];
    for (let i = 0; i < count; i++) {
      const event: EventEnvelope = { event_type: eventType, data: { n: i, id: uniqueName('sleep') }, team_id: team.team.id, user_id: UNKNOWN_ID, client_user_id: `patient-${i}` };
      await emitEvents(ctx.server.db, team.team.id, [{ event }]);
      emitted.push(event);
    }
    return emitted;
  }

  const newestFirst = (a: TeamEvent, b: TeamEvent) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1);

  it('when a user of the team connects a provider, then its provider.connection.created is listed exactly as its deliveries carry it, with id and time', async () => {
    const team = await ctx.otherTeam();
    const user = await ctx.newUser({}, team.apiKey);
    await ctx.connect(user.user_id, 'oura', team.apiKey);
    // The connection's device is announced with it (provider.device.created).
    const event = (await page(team)).data.find((listed) => listed.event_type === 'provider.connection.created');
    const stored = await ctx.server.db.one<{ id: string; payload: EventEnvelope }>(`SELECT id, payload FROM events WHERE team_id = $1 AND event_type = 'provider.connection.created'`, [team.team.id]);
    expect(event).toEqual({ id: webhookMessageId(stored!.id), created_at: expect.any(String), ...stored!.payload });
    expect(event).toMatchObject({ event_type: 'provider.connection.created', team_id: team.team.id, user_id: user.user_id, client_user_id: user.client_user_id });
    expect(Date.parse(event!.created_at)).not.toBeNaN();
  });

  it('when the team has no events, then an empty last page', async () => {
    expect(await page(await ctx.otherTeam())).toEqual({ data: [], next_cursor: null });
  });

  it('when limit is smaller than the list, then next_cursor pages through every event once, newest first', async () => {
    const team = await ctx.otherTeam();
    await emit(team, 7);
    const seen: TeamEvent[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const current: TeamEventPage = await page(team, { limit: 3, ...(cursor ? { next_cursor: cursor } : {}) });
      seen.push(...current.data);
      cursor = current.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen.map((event) => event.id)).size).toBe(7);
    expect(seen).toEqual([...seen].sort(newestFirst));
    expect(seen.map((event) => (event.data as { n: number }).n).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('when limit is left out, then pages have 50 events', async () => {
    const team = await ctx.otherTeam();
    await emitEvents(
      ctx.server.db,
      team.team.id,
      Array.from({ length: 51 }, (_, n) => ({ event: { event_type: 'daily.data.steps.created', data: { n }, team_id: team.team.id, user_id: UNKNOWN_ID, client_user_id: 'patient-1' } })),
    );
    const first = await page(team);
    expect(first.data).toHaveLength(50);
    expect((await page(team, { next_cursor: first.next_cursor! })).data).toHaveLength(1);
  });

  it('when event_type is given, then only events of exactly that type are listed', async () => {
    const team = await ctx.otherTeam();
    await emit(team, 2, 'daily.data.sleep.created');
    await emit(team, 1, 'daily.data.sleep.updated');
    expect((await page(team, { event_type: 'daily.data.sleep.updated' })).data.map((event) => event.event_type)).toEqual(['daily.data.sleep.updated']);
    expect((await page(team, { event_type: 'daily.data.sleep' })).data).toEqual([]);
    expect((await page(team, { event_type: 'daily.data.sleep.created' })).data).toHaveLength(2);
  });

  it('when after names an event, then the events emitted after it are listed oldest first, at most limit, and polling with the last id goes on', async () => {
    const team = await ctx.otherTeam();
    await emit(team, 2);
    const [newest] = (await page(team, { limit: 1 })).data;
    expect(await page(team, { after: newest!.id })).toEqual({ data: [], next_cursor: null });
    await emit(team, 5);
    const first = await page(team, { after: newest!.id, limit: 3 });
    expect(first.next_cursor).toBeNull();
    expect(first.data).toEqual([...first.data].sort(newestFirst).reverse());
    const second = await page(team, { after: first.data[2]!.id, limit: 3 });
    const polled = [...first.data, ...second.data];
    expect(polled.map((event) => event.id)).toEqual((await page(team, { limit: 5 })).data.map((event) => event.id).reverse());
    expect(await page(team, { after: second.data[1]!.id })).toEqual({ data: [], next_cursor: null });
  });

  it('when after is combined with event_type, then only the newer events of that type come', async () => {
    const team = await ctx.otherTeam();
    await emit(team, 1, 'daily.data.sleep.created');
    const [start] = (await page(team)).data;
    await emit(team, 1, 'daily.data.body.created');
    await emit(team, 1, 'daily.data.sleep.created');
    expect((await page(team, { after: start!.id, event_type: 'daily.data.sleep.created' })).data.map((event) => event.event_type)).toEqual(['daily.data.sleep.created']);
  });

  it("when after is an event of another team, or no event, then 422 naming it", async () => {
    const [mine, theirs] = [await ctx.otherTeam(), await ctx.otherTeam()];
    await emit(theirs, 1);
    const [their] = (await page(theirs)).data;
    const unknown = 'msg_0000000000004000800000000000dead';
    for (const after of [their!.id, unknown]) {
      expectValidation(await list(mine, { after }), [{ loc: ['query', 'after'], msg: `No event ${after} in this team; pass the id of an event it listed`, type: 'value_error' }]);
    }
  });

  it('when after and next_cursor are both sent, then 422', async () => {
    const team = await ctx.otherTeam();
    await emit(team, 3);
    const first = await page(team, { limit: 1 });
    expectValidation(await list(team, { after: first.data[0]!.id, next_cursor: first.next_cursor! }), [{ loc: ['query', 'after'] }]);
  });

  it.each([
    [{ limit: 0 }, 'limit', 'greater_than_equal'],
    [{ limit: 201 }, 'limit', 'less_than_equal'],
    [{ after: 'evt_123' }, 'after', 'pattern'],
    [{ event_type: '' }, 'event_type', 'too_short'],
    [{ next_cursor: 'not-a-cursor' }, 'next_cursor', undefined],
    [{ since: '2026-11-22' }, 'since', undefined],
  ])('when the query is %j, then 422 naming ["query", "%s"]', async (query, name, type) => {
    const team = await ctx.otherTeam();
    expectValidation(await list(team, query), [{ loc: ['query', name], ...(type && { type }) }]);
  });

  it("when the team is another organization's, then 404 as for an unknown team, and its events stay hidden", async () => {
    const other = await ctx.otherOrg();
    const theirs = expectStatus<ManagementSchemas['TeamListItem']>(await ctx.management(other.managementKey).post(`/v1/org/${other.orgId}/team`).send({ name: uniqueName('Theirs') }), 200);
    const team = { team: theirs, apiKey: '' };
    await emit(team, 1);
    expectDetail(await ctx.management().get(path(team)), 404, `Team ${theirs.id} not found in organization ${ctx.server.orgId}.`);
    expectDetail(await ctx.management().get(path(team, other.orgId)), 404, `Organization ${other.orgId} not found.`);
    expect(expectStatus<TeamEventPage>(await ctx.management(other.managementKey).get(path(team, other.orgId)), 200).data).toHaveLength(1);
    expectDetail(await ctx.management().get(`/v1/org/${ctx.server.orgId}/team/${UNKNOWN_ID}/event`), 404);
  });

  it('when the management key is missing or unknown, then 401; a team API key is a 403', async () => {
    const team = await ctx.otherTeam();
    expectDetail(await ctx.management(null).get(path(team)), 401);
    expectDetail(await ctx.management('mg_unknown_key_for_events').get(path(team)), 401);
    expectDetail(await ctx.management(team.apiKey).get(path(team)), 403);
  });
});
