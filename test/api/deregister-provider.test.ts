import { describe, expect, it } from 'vitest';
import { MOBILE_SDK_PROVIDER_SLUGS } from '../../server/domain/providers/catalog.js';
import { createConnection, deleteConnection, findConnection, listConnections } from '../../server/storage/repositories/connections.js';
import { holdingLocks, untilBlockedBy } from '../helpers/locks.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp } from './helpers.js';

describe.each(apiEngines)('deregisterProvider (DELETE /v2/user/{user_id}/{provider}) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const deregister = (userId: string, provider: string, key?: string) => ctx.team(key).delete(`/v2/user/${userId}/${provider}`);
  const slugsOf = async (userId: string) => (await ctx.readUser(userId)).connected_sources.map((source) => source.source.slug).sort();

  it('when a cloud connection is deregistered, then {success: true} and only that connection is gone', async () => {
    const user = await ctx.connectedUser('oura');
    await ctx.connect(user.user_id, 'fitbit');
    expect(expectStatus(await deregister(user.user_id, 'oura'), 200)).toEqual({ success: true });
    expect(await slugsOf(user.user_id)).toEqual(['fitbit']);
    expect(await findConnection(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id, provider: 'oura' })).toBeNull();
  });

  it('when the same connection is deregistered again, then 404 saying there is no connection', async () => {
    const user = await ctx.connectedUser('strava');
    expectStatus(await deregister(user.user_id, 'strava'), 200);
    expectDetail(await deregister(user.user_id, 'strava'), 404, `User ${user.user_id} has no connection to strava.`);
  });

  it('when the same connection is deregistered six times at once, then one {success: true} and five 404s, and the connection is gone once', async () => {
    const user = await ctx.connectedUser('strava');
    await ctx.connect(user.user_id, 'oura');
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => deregister(user.user_id, 'strava')));
    expect(answers.filter((a) => a.status === 200).map((a) => a.body)).toEqual([{ success: true }]);
    for (const refused of answers.filter((a) => a.status !== 200)) expectDetail(refused, 404, `User ${user.user_id} has no connection to strava.`);
    expect(await slugsOf(user.user_id)).toEqual(['oura']);
  });

  it.skipIf(engine.kind !== 'postgres')('when another transaction is removing the connection as it is deregistered, then the deregistration waits for it and is a 404 (PostgreSQL only: PGlite runs one transaction at a time)', async () => {
    const user = await ctx.connectedUser('strava');
    const key = { team_id: ctx.server.teamId, user_id: user.user_id, provider: 'strava' };
    const { held, release, done } = holdingLocks(ctx.server.db, (tx) => deleteConnection(tx, key), async () => undefined);
    const pid = await held;
    const answer = deregister(user.user_id, 'strava').then((r) => r);
    await untilBlockedBy(ctx.server.db, pid).finally(release);
    await done;
    expectDetail(await answer, 404, `User ${user.user_id} has no connection to strava.`);
  });

  it('when the user has no connection to the provider, then 404', async () => {
    const user = await ctx.connectedUser('fitbit');
    expectDetail(await deregister(user.user_id, 'oura'), 404, `User ${user.user_id} has no connection to oura.`);
    expect(await slugsOf(user.user_id)).toEqual(['fitbit']);
  });

  it('when a deregistered provider is connected again, then it is a new connection', async () => {
    const user = await ctx.connectedUser('withings');
    const before = await findConnection(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id, provider: 'withings' });
    expectStatus(await deregister(user.user_id, 'withings'), 200);
    await ctx.connect(user.user_id, 'withings');
    const after = await findConnection(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id, provider: 'withings' });
    expect(after?.id).not.toBe(before?.id);
  });

  it.each(MOBILE_SDK_PROVIDER_SLUGS)('when a %s connection made in Auto Connect mode (the default) is deregistered, then {success: false} and it stays', async (slug) => {
    const user = await ctx.newUser();
    await ctx.connect(user.user_id, slug);
    const before = await findConnection(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id, provider: slug });
    expect(before?.connect_mode).toBe('auto');
    expect(expectStatus(await deregister(user.user_id, slug), 200)).toEqual({ success: false });
    expect(await findConnection(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id, provider: slug })).toEqual(before);
    expect(await slugsOf(user.user_id)).toEqual([slug]);
  });

  it.each(MOBILE_SDK_PROVIDER_SLUGS)('when a %s connection made in Explicit Connect mode is deregistered, then {success: true} and it is gone', async (slug) => {
    const user = await ctx.newUser();
    await createConnection(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id, provider: slug, source_type: 'app', connect_mode: 'explicit' });
    expect(await slugsOf(user.user_id)).toEqual([slug]);
    expect(expectStatus(await deregister(user.user_id, slug), 200)).toEqual({ success: true });
    expect(await listConnections(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id })).toEqual([]);
  });

  it('when a Bluetooth (SDK, not health store) connection is deregistered, then it is removed', async () => {
    const user = await ctx.connectedUser('omron_ble');
    expect(expectStatus(await deregister(user.user_id, 'omron_ble'), 200)).toEqual({ success: true });
    expect(await slugsOf(user.user_id)).toEqual([]);
  });

  it('when no user has the id, then 404 naming the user', async () => {
    expectDetail(await deregister(UNKNOWN_ID, 'oura'), 404, `User ${UNKNOWN_ID} not found.`);
  });

  it("when the user is another team's, then 404 and its connection stays", async () => {
    const { other, theirs } = await ctx.otherTeamsUser();
    await ctx.connect(theirs.user_id, 'oura', other.apiKey);
    expectDetail(await deregister(theirs.user_id, 'oura'), 404, `User ${theirs.user_id} not found.`);
    expect(await findConnection(ctx.server.db, { team_id: other.team.id, user_id: theirs.user_id, provider: 'oura' })).not.toBeNull();
  });

  it('when the provider is not in the catalog, then 422 on ["path", "provider"]', async () => {
    const user = await ctx.newUser();
    expectValidation(await deregister(user.user_id, 'myspace'), [{ loc: ['path', 'provider'], type: 'enum' }]);
  });
});
