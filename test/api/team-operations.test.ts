import { describe, expect, it } from 'vitest';
import { providersSupplying } from '../../server/domain/team/source-priorities.js';
import { setSourcePriorities } from '../../server/storage/repositories/source-priorities.js';
import { holdingLocks, untilBlockedBy } from '../helpers/locks.js';
import { orderBody } from './lab-order-fixtures.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

type Team = TeamSchemas['ClientFacingTeam'];
type Priorities = TeamSchemas['SourcePriorityList'];
type Physicians = TeamSchemas['ClientFacingPhysicianList'];
type Users = TeamSchemas['ClientFacingUserList'];

const orderOf = (list: Priorities, dataType: string) => list.find((p) => p.data_type === dataType);

describe.each(apiEngines)('getOwnTeam (GET /v2/team/{team_id}) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  it("when the key's own team is asked for, then it answers the team with no secret and no Svix app", async () => {
    const other = await ctx.otherTeam({ name: 'Research cohort' });
    const team = expectStatus<Team>(await ctx.team(other.apiKey).get(`/v2/team/${other.team.id}`), 200);
    expect(team).toEqual({
      id: other.team.id,
      org_id: ctx.server.orgId,
      name: 'Research cohort',
      svix_app_id: null,
      client_id: null,
      client_secret: null,
      airtable_api_key: null,
      airtable_base_id: null,
      webhook_secret: null,
      api_key: null,
      api_keys: null,
      configuration: null,
      testkits_texts_enabled: false,
      lab_tests_patient_communication_enabled: false,
      lab_tests_patient_sms_communication_enabled: false,
      lab_tests_patient_email_communication_enabled: false,
      logo_url: null,
      delegated_flow: 'order_and_results_with_customer_physician_network',
      critical_result_notification_email: null,
    });
    // The id in upper case names the same team.
    expectStatus(await ctx.team(other.apiKey).get(`/v2/team/${other.team.id.toUpperCase()}`), 200);
  });

  it("when another team's id or an unknown id is asked for, then 404 alike", async () => {
    const other = await ctx.otherTeam();
    expectDetail(await ctx.team().get(`/v2/team/${other.team.id}`), 404, `Team ${other.team.id} not found.`);
    expectDetail(await ctx.team().get(`/v2/team/${UNKNOWN_ID}`), 404, `Team ${UNKNOWN_ID} not found.`);
  });

  it('when the id is not a UUID or no key is sent, then 422 and 401', async () => {
    expectValidation(await ctx.team().get('/v2/team/not-a-team'), [{ loc: ['path', 'team_id'], type: 'format' }]);
    expectDetail(await ctx.team(null).get(`/v2/team/${UNKNOWN_ID}`), 401);
  });
});

describe.each(apiEngines)('searchTeamUsers (GET /v2/team/users/search) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const search = async (query: Record<string, string>, key?: string) => expectStatus<Users>(await ctx.team(key).get('/v2/team/users/search').query(query), 200);

  it('when query_id is a user id or a client_user_id, then it finds that user, exactly, with its connections', async () => {
    const user = await ctx.connectedUser('oura');
    await ctx.newUser({ client_user_id: `${user.client_user_id}-sibling` });
    const byReference = await search({ query_id: user.client_user_id });
    expect(byReference.map((u) => u.user_id)).toEqual([user.user_id]);
    expect(byReference[0]!.connected_sources.map((s) => s.provider.slug)).toEqual(['oura']);
    expect((await search({ query_id: user.user_id })).map((u) => u.user_id)).toEqual([user.user_id]);
    expect((await search({ query_id: user.user_id.toUpperCase() })).map((u) => u.user_id)).toEqual([user.user_id]);
    // Exact only: neither a part nor another case of the reference matches.
    expect(await search({ query_id: user.client_user_id.slice(0, -1) })).toEqual([]);
    expect(await search({ query_id: user.client_user_id.toUpperCase() })).toEqual([]);
  });

  it("when one user's id is another's client_user_id, then both are found, newest first", async () => {
    const first = await ctx.newUser();
    const second = await ctx.newUser({ client_user_id: first.user_id });
    expect((await search({ query_id: first.user_id })).map((u) => u.user_id)).toEqual([second.user_id, first.user_id]);
    // Each with its own connections (read for both at once), as GET /v2/user/{user_id} shows them.
    await ctx.connect(first.user_id, 'oura');
    await ctx.connect(second.user_id, 'fitbit');
    await ctx.connect(second.user_id, 'withings');
    const found = await search({ query_id: first.user_id });
    expect(found).toEqual([await ctx.readUser(second.user_id), await ctx.readUser(first.user_id)]);
    expect(found.map((u) => u.connected_sources.map((s) => s.provider.slug))).toEqual([['fitbit', 'withings'], ['oura']]);
  });

  it("when the user is another team's or deleted, or query_id is absent, then nothing is found", async () => {
    const { other, theirs } = await ctx.otherTeamsUser();
    expect(await search({ query_id: theirs.user_id })).toEqual([]);
    expect(await search({ query_id: theirs.client_user_id })).toEqual([]);
    expect((await search({ query_id: theirs.user_id }, other.apiKey)).map((u) => u.user_id)).toEqual([theirs.user_id]);
    const gone = await ctx.newUser();
    expectStatus(await ctx.team().delete(`/v2/user/${gone.user_id}`), 200);
    expect(await search({ query_id: gone.client_user_id })).toEqual([]);
    expect(await search({})).toEqual([]);
  });

  it('when query_id is one character or an unknown parameter is sent, then 422', async () => {
    expectValidation(await ctx.team().get('/v2/team/users/search').query({ query_id: 'x' }), [{ loc: ['query', 'query_id'] }]);
    expectValidation(await ctx.team().get('/v2/team/users/search').query({ query: 'abc' }), [{ loc: ['query', 'query'] }]);
    expectDetail(await ctx.team(null).get('/v2/team/users/search').query({ query_id: 'abc' }), 401);
  });
});

describe.each(apiEngines)('getTeamWebhooksPortalUrl (GET /v2/team/svix/url) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  it("when called, then the signed URL opens the key's team's webhooks page, and an altered one does not", async () => {
    const other = await ctx.otherTeam();
    const made = expectStatus<TeamSchemas['TeamWebhooksPortalUrl']>(await ctx.team(other.apiKey).get('/v2/team/svix/url'), 200);
    expect(made.expires_in).toBe(900);
    const url = new URL(made.url);
    expect(url.pathname).toBe('/dashboard/signed/webhooks');
    expect(url.searchParams.get('team_id')).toBe(other.team.id);
    const opened = await ctx.team(null).get(`${url.pathname}${url.search}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.location).toBe(`/dashboard/#/webhooks?team_id=${other.team.id}`);
    // The signature covers the team: the same URL naming another team opens nothing.
    const altered = new URLSearchParams(url.search);
    altered.set('team_id', ctx.server.teamId);
    const refused = await ctx.team(null).get(`${url.pathname}?${altered.toString()}`);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('not valid');
  });

  it('when no key is sent, then 401', async () => {
    expectDetail(await ctx.team(null).get('/v2/team/svix/url'), 401);
  });
});

describe.each(apiEngines)('getSourcePriorities and updateSourcePriorities (/v2/team/source/priorities) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const read = async (key: string, query: Record<string, string> = {}) => expectStatus<Priorities>(await ctx.team(key).get('/v2/team/source/priorities').query(query), 200);

  it('when a team never ordered its sources, then every data type lists its suppliers by slug, unset', async () => {
    const team = await ctx.otherTeam();
    const all = await read(team.apiKey);
    expect(all.map((p) => p.data_type)).toEqual(['workouts', 'activity', 'sleep', 'body', 'timeseries']);
    for (const p of all) expect(p).toEqual({ data_type: p.data_type, providers: providersSupplying(p.data_type), updated_at: null });
    expect(await read(team.apiKey, { data_type: 'sleep' })).toEqual([orderOf(all, 'sleep')]);
  });

  it('when a team puts providers first, then they lead in its order and the rest follow by slug, for this team only', async () => {
    const team = await ctx.otherTeam();
    const updated = expectStatus<Priorities>(await ctx.team(team.apiKey).patch('/v2/team/source/priorities').send({ sleep: ['withings', 'oura'], workouts: ['strava'] }), 200);
    const sleep = orderOf(updated, 'sleep')!;
    expect(sleep.providers).toEqual(['withings', 'oura', ...providersSupplying('sleep').filter((p) => p !== 'withings' && p !== 'oura')]);
    expect(sleep.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(orderOf(updated, 'workouts')!.providers[0]).toBe('strava');
    expect(orderOf(updated, 'body')).toEqual({ data_type: 'body', providers: providersSupplying('body'), updated_at: null });
    expect(await read(team.apiKey)).toEqual(updated);
    // The sandbox team's order is untouched.
    expect((await read(ctx.server.apiKey)).every((p) => p.updated_at === null)).toBe(true);

    // A later change of one data type keeps the others; an empty list restores the default.
    const later = expectStatus<Priorities>(await ctx.team(team.apiKey).patch('/v2/team/source/priorities').send({ sleep: [] }), 200);
    expect(orderOf(later, 'sleep')).toEqual({ data_type: 'sleep', providers: providersSupplying('sleep'), updated_at: null });
    expect(orderOf(later, 'workouts')).toEqual(orderOf(updated, 'workouts'));
  });

  it('when six changes of the order are sent at once, then each is applied whole, one after another: the stored order is one of the bodies', async () => {
    const [sleep, workouts, activity] = [providersSupplying('sleep'), providersSupplying('workouts'), providersSupplying('activity')];
    // Each body sets some data types and clears others (an empty list removes the stored order).
    const bodies = [0, 1, 2, 3, 4, 5].map((i) => ({
      sleep: i % 2 === 0 ? [sleep[i % sleep.length]!] : [],
      workouts: i % 2 === 1 ? [workouts[i % workouts.length]!] : [],
      activity: i % 3 === 0 ? [] : [activity[(i + 1) % activity.length]!],
    }));
    const team = await ctx.otherTeam();
    expectStatus(await ctx.team(team.apiKey).patch('/v2/team/source/priorities').send({ sleep: [sleep[1]!], workouts: [workouts[1]!], activity: [activity[1]!] }), 200);
    const answers = await Promise.all(bodies.map((body) => ctx.team(team.apiKey).patch('/v2/team/source/priorities').send(body)));
    for (const answer of answers) expectStatus(answer, 200);
    const stored = await read(team.apiKey);
    const asBody = Object.fromEntries(['sleep', 'workouts', 'activity'].map((type) => [type, orderOf(stored, type)!.updated_at === null ? [] : orderOf(stored, type)!.providers.slice(0, 1)]));
    expect(bodies).toContainEqual(asBody);
  });

  it.skipIf(engine.kind !== 'postgres')('when a change comes while another of the same team is being written, then it waits and is applied whole over it (PostgreSQL only: PGlite runs one transaction at a time)', async () => {
    const [sleep, workouts] = [providersSupplying('sleep'), providersSupplying('workouts')];
    const team = await ctx.otherTeam();
    expectStatus(await ctx.team(team.apiKey).patch('/v2/team/source/priorities').send({ workouts: [workouts[0]!] }), 200);
    const { held, release, done } = holdingLocks(ctx.server.db, (tx) => setSourcePriorities(tx, { team_id: team.team.id, change: { sleep: [sleep[0]!], workouts: [] }, at: new Date().toISOString() }), async () => undefined);
    const pid = await held;
    const answer = ctx.team(team.apiKey).patch('/v2/team/source/priorities').send({ sleep: [], workouts: [workouts[1]!] }).then((r) => r);
    await untilBlockedBy(ctx.server.db, pid).finally(release);
    await done;
    const stored = expectStatus<Priorities>(await answer, 200);
    expect(stored.filter((p) => p.updated_at !== null).map((p) => [p.data_type, p.providers[0]])).toEqual([['workouts', workouts[1]]]);
  });

  it('when no body or an empty object is sent, then nothing changes', async () => {
    const team = await ctx.otherTeam();
    expectStatus(await ctx.team(team.apiKey).patch('/v2/team/source/priorities').send({ body: ['withings'] }), 200);
    const before = await read(team.apiKey);
    expect(expectStatus<Priorities>(await ctx.team(team.apiKey).patch('/v2/team/source/priorities'), 200)).toEqual(before);
    expect(expectStatus<Priorities>(await ctx.team(team.apiKey).patch('/v2/team/source/priorities').send({}), 200)).toEqual(before);
  });

  it('when a provider does not supply its data type, then 422 at its place and no data type changes', async () => {
    const team = await ctx.otherTeam();
    const refused = await ctx.team(team.apiKey).patch('/v2/team/source/priorities').send({ sleep: ['oura'], body: ['withings', 'strava'], timeseries: ['dexcom', 'zwift'] });
    expectValidation(refused, [{ loc: ['body', 'body', 1], type: 'value_error' }]);
    expect((await read(team.apiKey)).every((p) => p.updated_at === null)).toBe(true);
  });

  it('when the body breaks the schema, then 422 naming each place', async () => {
    const patch = (body: unknown) => ctx.team().patch('/v2/team/source/priorities').send(body as object);
    expectValidation(await patch({ sleep: ['oura', 'oura'] }), [{ loc: ['body', 'sleep'] }]);
    expectValidation(await patch({ meal: ['oura'] }), [{ loc: ['body', 'meal'] }]);
    expectValidation(await patch({ sleep: 'oura' }), [{ loc: ['body', 'sleep'] }]);
    expectValidation(await ctx.team().get('/v2/team/source/priorities').query({ data_type: 'meal' }), [{ loc: ['query', 'data_type'] }]);
  });

  it('when no key is sent, then 401', async () => {
    expectDetail(await ctx.team(null).get('/v2/team/source/priorities'), 401);
    expectDetail(await ctx.team(null).patch('/v2/team/source/priorities').send({}), 401);
  });
});

describe.each(apiEngines)('listTeamPhysicians (GET /v2/team/{team_id}/physicians) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  it("when the team's orders name physicians, then one per NPI with its latest order's names, by last name; another team's are not listed", async () => {
    const team = await ctx.otherTeam();
    const physicians = async () => expectStatus<Physicians>(await ctx.team(team.apiKey).get(`/v2/team/${team.team.id}/physicians`), 200);
    expect(await physicians()).toEqual([]);
    const user = await ctx.newUser({}, team.apiKey);
    const order = (physician?: object) =>
      ctx.team(team.apiKey).post('/v3/order').send(orderBody(user.user_id, physician ? { physician } : {}));
    expectStatus(await order({ first_name: 'Ana', last_name: 'Reyes', npi: '1234567893' }), 200);
    expectStatus(await order({ first_name: 'Jonas', last_name: 'Lindqvist', npi: '1987654320' }), 200);
    expectStatus(await order(), 200);
    expectStatus(await order({ first_name: 'Ana María', last_name: 'Reyes', npi: '1234567893' }), 200);
    // The sandbox team's order names its own physician: not this team's.
    const ours = await ctx.newUser();
    expectStatus(await ctx.team().post('/v3/order').send(orderBody(ours.user_id, { physician: { first_name: 'Priya', last_name: 'Okafor', npi: '1112223334' } })), 200);

    expect(await physicians()).toEqual([
      { first_name: 'Jonas', last_name: 'Lindqvist', npi: '1987654320' },
      { first_name: 'Ana María', last_name: 'Reyes', npi: '1234567893' },
    ]);
  });

  it("when another team's id or an unknown id is asked for, then 404; a bad id 422; no key 401", async () => {
    const other = await ctx.otherTeam();
    expectDetail(await ctx.team().get(`/v2/team/${other.team.id}/physicians`), 404, `Team ${other.team.id} not found.`);
    expectDetail(await ctx.team().get(`/v2/team/${UNKNOWN_ID}/physicians`), 404);
    expectValidation(await ctx.team().get('/v2/team/abc/physicians'), [{ loc: ['path', 'team_id'], type: 'format' }]);
    expectDetail(await ctx.team(null).get(`/v2/team/${UNKNOWN_ID}/physicians`), 401);
  });
});
