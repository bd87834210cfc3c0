import { describe, expect, it } from 'vitest';
import { SANDBOX_MFA_CODE, SANDBOX_MFA_USERNAME, SANDBOX_PASSWORD, SANDBOX_USERNAME } from '../../server/domain/link/provider-link.js';
import { apiEngines, expectStatus, expectValidation, LINK_TOKEN_HEADER, useApiApp, type TeamSchemas } from './helpers.js';

type LinkAnswer = TeamSchemas['ProviderLinkResponse'];
type Connection = TeamSchemas['ProviderWithStatus'];

const SANDBOX = { username: SANDBOX_USERNAME, password: SANDBOX_PASSWORD };
const SANDBOX_MFA = { username: SANDBOX_MFA_USERNAME, password: SANDBOX_PASSWORD };

describe.each(apiEngines)('password, MFA and email links (POST /v2/link/provider/password|email/...) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const newToken = async (userId: string, body: Record<string, unknown> = {}, key?: string) =>
    expectStatus<{ link_token: string }>(await ctx.team(key).post('/v2/link/token').send({ user_id: userId, ...body }), 200).link_token;
  const password = (provider: string, token: string | null, body: object) => {
    const request = ctx.team(null).post(`/v2/link/provider/password/${provider}`);
    return (token === null ? request : request.set(LINK_TOKEN_HEADER, token)).send(body);
  };
  const mfa = (provider: string, token: string, code: string) => ctx.team(null).post(`/v2/link/provider/password/${provider}/complete_mfa`).set(LINK_TOKEN_HEADER, token).send({ mfa_code: code });
  const email = (provider: string, token: string, address: string) => ctx.team(null).post(`/v2/link/provider/email/${provider}`).set(LINK_TOKEN_HEADER, token).send({ email: address });
  const providersOf = async (userId: string) => expectStatus<{ providers: Connection[] }>(await ctx.team().get(`/v2/user/providers/${userId}`), 200).providers;
  const eventsOf = async (userId: string, eventType: string) =>
    (await ctx.server.db.query<{ payload: { data: Record<string, unknown> } }>(
      `SELECT payload FROM events WHERE team_id = $1 AND event_type = $2 AND payload->>'user_id' = $3 ORDER BY created_on, id`,
      [ctx.server.teamId, eventType, userId],
    )).map((row) => row.payload);
  const outcome = (answer: LinkAnswer) => ({ state: answer.state, error_type: answer.error_type ?? null, connected: answer.connected });

  it('when the sandbox pair signs in, then the connection is created as a demo one (event, device), the answer is success and the token is used up', async () => {
    const user = await ctx.newUser();
    const token = await newToken(user.user_id, { redirect_url: 'https://app.example.com/connected' });
    const answer = expectStatus<LinkAnswer>(await password('renpho', token, { ...SANDBOX, region: 'us' }), 200);
    expect(answer).toMatchObject({ state: 'success', connected: true, provider: 'renpho', redirect_url: 'https://app.example.com/connected', error_type: null, provider_mfa: null });
    expect(answer.provider_id).toMatch(/^renpho-[0-9a-f]{10}$/);
    const [connection] = await providersOf(user.user_id);
    expect(connection).toMatchObject({ slug: 'renpho', status: 'connected', external_user_id: answer.provider_id });
    const [created, ...more] = await eventsOf(user.user_id, 'provider.connection.created');
    expect(more).toEqual([]);
    expect(created?.data).toMatchObject({ user_id: user.user_id, provider: { slug: 'renpho' }, external_user_id: answer.provider_id });
    expect(await eventsOf(user.user_id, 'provider.device.created')).toHaveLength(1);
    const again = expectStatus<LinkAnswer>(await password('renpho', token, SANDBOX), 200);
    expect(outcome(again)).toEqual({ state: 'error', error_type: 'token_consumed', connected: false });
    expect(await eventsOf(user.user_id, 'provider.connection.created')).toHaveLength(1);
  });

  it('when the username differs only in case and spaces, then it is the same account; the password is compared exactly', async () => {
    const user = await ctx.newUser();
    const token = await newToken(user.user_id);
    expect(outcome(expectStatus<LinkAnswer>(await password('peloton', token, { ...SANDBOX, password: SANDBOX_PASSWORD.toUpperCase() }), 200))).toEqual({ state: 'error', error_type: 'provider_credential_error', connected: false });
    expect(outcome(expectStatus<LinkAnswer>(await password('peloton', token, { ...SANDBOX, username: ` ${SANDBOX_USERNAME.toUpperCase()} ` }), 200))).toEqual({ state: 'success', error_type: null, connected: true });
  });

  it('when the provider refuses the pair, then nothing is connected, no event is written and the token stays usable', async () => {
    const user = await ctx.newUser();
    const token = await newToken(user.user_id);
    const refused = expectStatus<LinkAnswer>(await password('renpho', token, { ...SANDBOX, password: 'not-the-password' }), 200);
    expect(refused).toMatchObject({ state: 'error', error_type: 'provider_credential_error', error: 'Renpho refused the username and password.', connected: false, provider_id: null });
    expect(await providersOf(user.user_id)).toEqual([]);
    expect(await eventsOf(user.user_id, 'provider.connection.created')).toEqual([]);
    expect(outcome(expectStatus<LinkAnswer>(await password('renpho', token, SANDBOX), 200))).toEqual({ state: 'success', error_type: null, connected: true });
  });

  it('when the MFA pair signs in, then the answer is pending_provider_mfa; a wrong code is incorrect_mfa_code and keeps it pending; the right code connects once', async () => {
    const user = await ctx.newUser();
    const token = await newToken(user.user_id);
    const pending = expectStatus<LinkAnswer>(await password('eight_sleep', token, SANDBOX_MFA), 200);
    expect(pending).toMatchObject({ state: 'pending_provider_mfa', connected: false, provider_mfa: { method: 'sms', hint: expect.any(String) } });
    expect(await providersOf(user.user_id)).toEqual([]);
    expect(outcome(expectStatus<LinkAnswer>(await mfa('eight_sleep', token, '111111'), 200))).toEqual({ state: 'error', error_type: 'incorrect_mfa_code', connected: false });
    expect(await providersOf(user.user_id)).toEqual([]);
    expect(outcome(expectStatus<LinkAnswer>(await mfa('eight_sleep', token, ` ${SANDBOX_MFA_CODE} `), 200))).toEqual({ state: 'success', error_type: null, connected: true });
    expect((await providersOf(user.user_id)).map((c) => c.slug)).toEqual(['eight_sleep']);
    expect(outcome(expectStatus<LinkAnswer>(await mfa('eight_sleep', token, SANDBOX_MFA_CODE), 200))).toEqual({ state: 'error', error_type: 'token_consumed', connected: false });
    expect(await eventsOf(user.user_id, 'provider.connection.created')).toHaveLength(1);
  });

  it('when a code comes without a pending sign-in, or for another provider than the pending one, then provider_credential_error and nothing connects', async () => {
    const user = await ctx.newUser();
    const token = await newToken(user.user_id);
    expect(outcome(expectStatus<LinkAnswer>(await mfa('zwift', token, SANDBOX_MFA_CODE), 200))).toEqual({ state: 'error', error_type: 'provider_credential_error', connected: false });
    expectStatus(await password('zwift', token, SANDBOX_MFA), 200);
    expect(outcome(expectStatus<LinkAnswer>(await mfa('hammerhead', token, SANDBOX_MFA_CODE), 200))).toEqual({ state: 'error', error_type: 'provider_credential_error', connected: false });
    expect(await providersOf(user.user_id)).toEqual([]);
  });

  it('when the token is unknown, expired or issued for another provider, then the family error types, and the token is not used', async () => {
    const user = await ctx.newUser();
    expect(outcome(expectStatus<LinkAnswer>(await password('renpho', 'lt_not_a_token', SANDBOX), 200))).toEqual({ state: 'error', error_type: 'invalid_token', connected: false });
    const forOura = await newToken(user.user_id, { provider: 'oura' });
    const wrongProvider = expectStatus<LinkAnswer>(await password('renpho', forOura, SANDBOX), 200);
    expect(wrongProvider).toMatchObject({ state: 'error', error_type: 'invalid_token', error: 'The link token was issued for oura, not renpho.' });
    const forRenpho = await newToken(user.user_id, { provider: 'renpho' });
    expect(outcome(expectStatus<LinkAnswer>(await password('renpho', forRenpho, SANDBOX), 200)).state).toBe('success');
    const expiring = await newToken(user.user_id);
    await ctx.server.db.query(`UPDATE link_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    expect(outcome(expectStatus<LinkAnswer>(await password('peloton', expiring, SANDBOX), 200))).toEqual({ state: 'error', error_type: 'token_expired', connected: false });
    expect(outcome(expectStatus<LinkAnswer>(await email('freestyle_libre', expiring, SANDBOX_USERNAME), 200))).toEqual({ state: 'error', error_type: 'token_expired', connected: false });
    expect((await providersOf(user.user_id)).map((c) => c.slug)).toEqual(['renpho']);
  });

  it('when a connection in error links again with a password, then it is repaired', async () => {
    const user = await ctx.newUser();
    await ctx.connect(user.user_id, 'renpho');
    expectStatus(await ctx.team().post(`/v2/user/${user.user_id}/renpho/simulate_error`).send({ error_type: 'provider_credential_error' }), 200);
    const answer = expectStatus<LinkAnswer>(await password('renpho', await newToken(user.user_id), SANDBOX), 200);
    expect(answer.state).toBe('success');
    expect((await providersOf(user.user_id))[0]).toMatchObject({ slug: 'renpho', status: 'connected', error_details: null });
  });

  it('when the email provider gets the sandbox address, then it connects; another address is provider_credential_error', async () => {
    const user = await ctx.newUser();
    const token = await newToken(user.user_id);
    const refused = expectStatus<LinkAnswer>(await email('freestyle_libre', token, 'someone-else@example.com'), 200);
    expect(refused).toMatchObject({ state: 'error', error_type: 'provider_credential_error', error: 'FreeStyle Libre has no account for someone-else@example.com.' });
    const answer = expectStatus<LinkAnswer>(await email('freestyle_libre', token, SANDBOX_USERNAME), 200);
    expect(answer).toMatchObject({ state: 'success', connected: true, provider: 'freestyle_libre', provider_id: expect.stringMatching(/^user-[0-9a-f]{10}@example\.com$/) });
    expect((await providersOf(user.user_id)).map((c) => c.slug)).toEqual(['freestyle_libre']);
  });

  it("when another team's token is used, then its own user is connected, never one of the key's team (the token is the credential)", async () => {
    const { other, theirs } = await ctx.otherTeamsUser();
    const token = await newToken(theirs.user_id, {}, other.apiKey);
    const answer = expectStatus<LinkAnswer>(await ctx.team().post('/v2/link/provider/password/renpho').set(LINK_TOKEN_HEADER, token).send(SANDBOX), 200);
    expect(answer.state).toBe('success');
    expect((await ctx.team(other.apiKey).get(`/v2/user/providers/${theirs.user_id}`)).body.providers.map((c: Connection) => c.slug)).toEqual(['renpho']);
    expect((await ctx.team().get(`/v2/user/providers/${theirs.user_id}`)).status).toBe(404);
  });

  it('when the request is malformed, then a 422 naming each problem: no token header, a provider of another kind, a missing field, a bad address', async () => {
    expectValidation(await password('renpho', null, SANDBOX), [{ loc: ['header', LINK_TOKEN_HEADER] }]);
    expectValidation(await password('oura', 'lt_x', SANDBOX), [{ loc: ['path', 'provider'], type: 'enum' }]);
    expectValidation(await password('whoop', 'lt_x', SANDBOX), [{ loc: ['path', 'provider'], type: 'enum' }]);
    expectValidation(await password('renpho', 'lt_x', { username: SANDBOX_USERNAME }), [{ loc: ['body', 'password'], type: 'missing' }]);
    expectValidation(await password('renpho', 'lt_x', { ...SANDBOX, region: 'atlantis' }), [{ loc: ['body', 'region'] }]);
    expectValidation(await mfa('renpho', 'lt_x', ''), [{ loc: ['body', 'mfa_code'] }]);
    expectValidation(await email('freestyle_libre', 'lt_x', 'not an address'), [{ loc: ['body', 'email'] }]);
    expectValidation(await email('renpho', 'lt_x', SANDBOX_USERNAME), [{ loc: ['path', 'provider'], type: 'enum' }]);
  });
});

describe.each(apiEngines)('listLinkProviders (GET /v2/link/providers) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  type Source = TeamSchemas['SourceLink'];
  const newToken = async (userId: string, body: Record<string, unknown> = {}) =>
    expectStatus<{ link_token: string }>(await ctx.team().post('/v2/link/token').send({ user_id: userId, ...body }), 200).link_token;

  it("when a token issued for no provider asks, then every active OAuth, password and email provider, by name, OAuth ones with the token's consent page", async () => {
    const user = await ctx.newUser();
    const token = await newToken(user.user_id);
    const list = expectStatus<Source[]>(await ctx.team(null).get('/v2/link/providers').set(LINK_TOKEN_HEADER, token), 200);
    const slugs = list.map((p) => p.slug);
    expect(slugs).toEqual(expect.arrayContaining(['oura', 'garmin', 'renpho', 'abbott_libreview', 'freestyle_libre']));
    for (const absent of ['apple_health_kit', 'freestyle_libre_ble', 'manual', 'whoop', 'dexcom', 'my_fitness_pal', 'kardia']) expect(slugs).not.toContain(absent);
    const names = list.map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const oura = list.find((p) => p.slug === 'oura')!;
    expect(oura).toMatchObject({ auth_type: 'oauth', form_components: {} });
    expect(oura.oauth_url).toContain(encodeURIComponent(token));
    expect(list.find((p) => p.slug === 'freestyle_libre')).toMatchObject({ auth_type: 'email', oauth_url: null, form_components: { email: { type: 'email' } } });
    expect(list.find((p) => p.slug === 'renpho')).toMatchObject({ auth_type: 'password', oauth_url: null, form_components: { username: { type: 'text' }, password: { type: 'password' } } });
  });

  it('when the token was issued for one provider, then only that provider; with the key alone, the full list without oauth_url', async () => {
    const user = await ctx.newUser();
    const forGarmin = await newToken(user.user_id, { provider: 'garmin' });
    expect(expectStatus<Source[]>(await ctx.team(null).get('/v2/link/providers').set(LINK_TOKEN_HEADER, forGarmin), 200).map((p) => p.slug)).toEqual(['garmin']);
    const byKey = expectStatus<Source[]>(await ctx.team().get('/v2/link/providers'), 200);
    expect(byKey.length).toBeGreaterThan(10);
    expect(byKey.every((p) => p.oauth_url === null)).toBe(true);
  });

  it("when the token is unknown or used, or belongs to another team than the key, then 401; nothing at all is 401", async () => {
    expect((await ctx.team(null).get('/v2/link/providers')).status).toBe(401);
    expect((await ctx.team(null).get('/v2/link/providers').set(LINK_TOKEN_HEADER, 'lt_unknown')).status).toBe(401);
    const { other, theirs } = await ctx.otherTeamsUser();
    const theirToken = expectStatus<{ link_token: string }>(await ctx.team(other.apiKey).post('/v2/link/token').send({ user_id: theirs.user_id }), 200).link_token;
    expect((await ctx.team().get('/v2/link/providers').set(LINK_TOKEN_HEADER, theirToken)).status).toBe(401);
    const user = await ctx.newUser();
    const used = await newToken(user.user_id);
    expectStatus(await ctx.team(null).post('/v2/link/provider/password/renpho').set(LINK_TOKEN_HEADER, used).send({ username: SANDBOX_USERNAME, password: SANDBOX_PASSWORD }), 200);
    expect((await ctx.team(null).get('/v2/link/providers').set(LINK_TOKEN_HEADER, used)).status).toBe(401);
  });

  it('when an unknown query parameter is sent, then 422', async () => {
    expectValidation(await ctx.team().get('/v2/link/providers?page=2'), [{ loc: ['query', 'page'] }]);
  });
});
