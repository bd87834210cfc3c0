import { describe, expect, it } from 'vitest';
import { credentialKey, decryptCredential } from '../../server/jobs/connections/credential-cipher.js';
import { findDataWindows } from '../../server/storage/repositories/data-windows.js';
import { setLinkMigrationEnabled } from '../../server/storage/repositories/teams.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

type Connection = TeamSchemas['ProviderWithStatus'];
type ImportReport = TeamSchemas['BulkImportConnectionsResponse'];
type Recipe = TeamSchemas['ImportConnectionRecipe'];

/** A recipe with tokens unique to the test (so that finding them anywhere else is meaningful). */
const recipe = (userId: string, overrides: Partial<Recipe> = {}): Recipe => {
  const tag = Math.random().toString(36).slice(2, 10);
  return { user_id: userId, access_token: `at_${tag}_secret`, refresh_token: `rt_${tag}_secret`, provider_id: `FB${tag.toUpperCase()}`, expires_at: 1_795_000_000, oauth_scopes: ['activity', 'sleep'], ...overrides };
};

describe.each(apiEngines)('bulkImportConnections (POST /v2/link/bulk_import) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const enable = () => setLinkMigrationEnabled(ctx.server.db, { team_id: ctx.server.teamId, enabled: true });
  const importConnections = (body: object, key?: string | null, query = '') => ctx.team(key).post(`/v2/link/bulk_import${query}`).send(body);
  const providersOf = async (userId: string, key?: string) => expectStatus<{ providers: Connection[] }>(await ctx.team(key).get(`/v2/user/providers/${userId}`), 200).providers;
  const createdEvents = (userId: string) =>
    ctx.server.db.query<{ data: { external_user_id: string; resource_availability: object; provider: { slug: string } } }>(
      `SELECT payload->'data' AS data FROM events WHERE event_type = 'provider.connection.created' AND payload->>'user_id' = $1 ORDER BY created_on`,
      [userId],
    );
  const storedCredentials = (userId: string, provider: string) =>
    ctx.server.db.one<{ access_token_enc: string; refresh_token_enc: string; expires: number; oauth_scopes: string[] | null }>(
      `SELECT k.access_token_enc, k.refresh_token_enc, extract(epoch FROM k.expires_at)::int AS expires, k.oauth_scopes
       FROM connection_credentials k JOIN connections c ON c.id = k.connection_id WHERE c.user_id = $1 AND c.provider = $2`,
      [userId, provider],
    );

  it('when recipes are imported, then each user is connected as by a link (event with the provider_id, data window), the tokens are stored encrypted, the op is listed, and the answer is 202 in request order', async () => {
    await enable();
    const a = await ctx.newUser();
    const b = await ctx.newUser();
    const [ra, rb] = [recipe(a.user_id), recipe(b.user_id.toUpperCase(), { oauth_scopes: null, expires_at: 1_000 })];
    const response = await importConnections({ provider: 'fitbit', connections: [rb, recipe(UNKNOWN_ID), ra] });
    expect(expectStatus<ImportReport>(response, 202)).toEqual({ user_ids_imported: [b.user_id, a.user_id], user_ids_failed: [UNKNOWN_ID] });
    expect((await providersOf(a.user_id))[0]).toMatchObject({ slug: 'fitbit', status: 'connected', external_user_id: ra.provider_id });
    const events = await createdEvents(a.user_id);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ external_user_id: ra.provider_id, provider: { slug: 'fitbit' } });
    expect(Object.keys(events[0]!.data.resource_availability).length).toBeGreaterThan(0);
    const [window] = await findDataWindows(ctx.server.db, { team_id: ctx.server.teamId, user_id: a.user_id, provider: 'fitbit' });
    expect(window?.ended_at).toBeNull();
    // Stored encrypted: the row holds no token, and decrypts to the tokens imported.
    const stored = (await storedCredentials(a.user_id, 'fitbit'))!;
    expect(JSON.stringify(stored)).not.toContain(ra.access_token);
    const key = await credentialKey(ctx.server.db);
    expect([decryptCredential(key, stored.access_token_enc), decryptCredential(key, stored.refresh_token_enc), stored.expires, stored.oauth_scopes]).toEqual([ra.access_token, ra.refresh_token, ra.expires_at, ra.oauth_scopes]);
    // A past expires_at and no scopes are stored as given.
    expect(await storedCredentials(b.user_id, 'fitbit')).toMatchObject({ expires: 1_000, oauth_scopes: null });
    const ops = expectStatus<TeamSchemas['BulkOpsPage']>(await ctx.team().get('/v2/link/bulk_op'), 200).data;
    expect(ops[0]).toMatchObject({ type: 'link_bulk_import', provider: 'fitbit', status: 'failure', pending: 0, running: 0, processed: 2, failed: 1, estimated_end_at: null });
    expect(ops[0]!.ended_at).not.toBeNull();
  });

  it('when the tokens are imported, then no read shows them but the bulk export, which answers them as imported', async () => {
    await enable();
    const user = await ctx.newUser();
    const r = recipe(user.user_id);
    expectStatus(await importConnections({ provider: 'oura', connections: [r], wait_for_completion: true }), 200);
    const reads = [
      await ctx.team().get(`/v2/user/providers/${user.user_id}`),
      await ctx.team().get(`/v2/user/${user.user_id}`),
      await ctx.team().get('/v2/link/bulk_op'),
    ];
    for (const read of reads) expect(read.text).not.toMatch(/_secret/);
    const events = await ctx.server.db.query<{ payload: unknown }>(`SELECT payload FROM events WHERE payload->>'user_id' = $1`, [user.user_id]);
    expect(JSON.stringify(events)).not.toMatch(/_secret/);
    const exported = expectStatus<TeamSchemas['BulkExportConnectionsResponse']>(await ctx.team().post('/v2/link/bulk_export').send({ provider: 'oura', user_ids: [user.user_id] }), 200);
    expect(exported.data).toEqual([r]);
  });

  it('when a user is connected already, then the same account gets the new tokens without an event, a broken one is repaired with an event, another account fails and stays as it was', async () => {
    await enable();
    const same = await ctx.newUser();
    const first = recipe(same.user_id);
    expectStatus(await importConnections({ provider: 'fitbit', connections: [first] }), 202);
    const refreshed = recipe(same.user_id, { provider_id: first.provider_id });
    const broken = await ctx.newUser();
    const brokenRecipe = recipe(broken.user_id);
    expectStatus(await importConnections({ provider: 'fitbit', connections: [brokenRecipe] }), 202);
    expectStatus(await ctx.team().post(`/v2/user/${broken.user_id}/fitbit/simulate_error`).send({ error_type: 'token_refresh_failed' }), 200);
    const linked = await ctx.connectedUser('fitbit');
    const linkedId = (await providersOf(linked.user_id))[0]!.external_user_id!;
    const report = expectStatus<ImportReport>(
      await importConnections({ provider: 'fitbit', connections: [refreshed, recipe(broken.user_id, { provider_id: brokenRecipe.provider_id }), recipe(linked.user_id, { provider_id: 'ANOTHER1' })], wait_for_completion: true }),
      200,
    );
    expect(report).toEqual({ user_ids_imported: [same.user_id, broken.user_id], user_ids_failed: [linked.user_id] });
    const key = await credentialKey(ctx.server.db);
    expect(decryptCredential(key, (await storedCredentials(same.user_id, 'fitbit'))!.access_token_enc)).toBe(refreshed.access_token);
    expect(await createdEvents(same.user_id)).toHaveLength(1);
    expect((await providersOf(broken.user_id))[0]).toMatchObject({ status: 'connected', error_details: null });
    expect((await createdEvents(broken.user_id)).map((e) => e.data.external_user_id)).toEqual([brokenRecipe.provider_id, brokenRecipe.provider_id]);
    expect((await providersOf(linked.user_id))[0]).toMatchObject({ status: 'connected', external_user_id: linkedId });
    expect(await storedCredentials(linked.user_id, 'fitbit')).toBeNull();
    // A linked connection takes the tokens of its own account (its derived external_user_id).
    expect(expectStatus<ImportReport>(await importConnections({ provider: 'fitbit', connections: [recipe(linked.user_id, { provider_id: linkedId })] }), 202).user_ids_imported).toEqual([linked.user_id]);
  });

  it("when another team's user or a deleted user is named, then it is in user_ids_failed and nothing is connected for it", async () => {
    await enable();
    const { other, theirs } = await ctx.otherTeamsUser();
    const gone = await ctx.newUser();
    expectStatus(await ctx.team().delete(`/v2/user/${gone.user_id}`), 200);
    const report = expectStatus<ImportReport>(await importConnections({ provider: 'oura', connections: [recipe(theirs.user_id), recipe(gone.user_id)] }), 202);
    expect(report).toEqual({ user_ids_imported: [], user_ids_failed: [theirs.user_id, gone.user_id] });
    expect(await providersOf(theirs.user_id, other.apiKey)).toEqual([]);
    expect(await ctx.server.db.one(`SELECT 1 FROM connections WHERE user_id = ANY ($1::uuid[])`, [[theirs.user_id, gone.user_id]])).toBeNull();
  });

  it('when two imports of one user and provider run at once, then one connection and one event are stored and both import it', async () => {
    await enable();
    const user = await ctx.newUser();
    const r = recipe(user.user_id);
    const answers = await Promise.all(Array.from({ length: 4 }, () => importConnections({ provider: 'withings', connections: [{ ...r }] })));
    for (const answer of answers) expect(expectStatus<ImportReport>(answer, 202).user_ids_imported).toEqual([user.user_id]);
    expect(await ctx.server.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM connections WHERE user_id = $1 AND provider = 'withings'`, [user.user_id])).toEqual({ n: 1 });
    expect(await createdEvents(user.user_id)).toHaveLength(1);
  });

  it('when the request is refused, then nothing is imported: link migration off is 403; a repeated user, another team id, no or 1,001 recipes, bad tokens, expires_at out of range, an unknown field are 422', async () => {
    const user = await ctx.newUser();
    const other = await ctx.otherTeam();
    const opCount = async () => (await ctx.server.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM bulk_ops WHERE type = 'link_bulk_import'`))!.n;
    const opsBefore = await opCount();
    expectDetail(await importConnections({ provider: 'oura', connections: [recipe(user.user_id)] }, other.apiKey), 403, /not enabled/);
    await enable();
    expectValidation(await importConnections({ provider: 'oura', connections: [recipe(user.user_id), recipe(user.user_id.toUpperCase())] }), [{ loc: ['body', 'connections', 1, 'user_id'], type: 'unique_items' }]);
    expectValidation(await importConnections({ provider: 'oura', connections: [recipe(user.user_id)] }, undefined, `?team_id=${other.team.id}`), [{ loc: ['query', 'team_id'] }]);
    expectValidation(await importConnections({ provider: 'oura', connections: [] }), [{ loc: ['body', 'connections'] }]);
    const many = Array.from({ length: 1001 }, (_, i) => recipe(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`));
    expectValidation(await importConnections({ provider: 'oura', connections: many }), [{ loc: ['body', 'connections'] }]);
    expectValidation(await importConnections({ provider: 'oura', connections: [recipe(user.user_id, { access_token: 'two words' })] }), [{ loc: ['body', 'connections', 0, 'access_token'] }]);
    expectValidation(await importConnections({ provider: 'oura', connections: [recipe(user.user_id, { provider_id: '' })] }), [{ loc: ['body', 'connections', 0, 'provider_id'] }]);
    expectValidation(await importConnections({ provider: 'oura', connections: [recipe(user.user_id, { expires_at: -1 })] }), [{ loc: ['body', 'connections', 0, 'expires_at'] }]);
    expectValidation(await importConnections({ provider: 'oura', connections: [recipe(user.user_id, { expires_at: 1.5 })] }), [{ loc: ['body', 'connections', 0, 'expires_at'] }]);
    expectValidation(await importConnections({ provider: 'oura', connections: [{ ...recipe(user.user_id), scopes: ['x'] }] }), [{ loc: ['body', 'connections', 0, 'scopes'], type: 'extra_forbidden' }]);
    expectValidation(await importConnections({ provider: 'apple_health_kit', connections: [recipe(user.user_id)] }), [{ loc: ['body', 'provider'], type: 'enum' }]);
    expect(await providersOf(user.user_id)).toEqual([]);
    expect(await opCount()).toBe(opsBefore);
  });
});
