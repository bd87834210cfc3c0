/**
 * POST /v2/link/sdk/connect when the store is already connected: the SDK's connect_mode is
 * the connection's mode from then on (and so what deregistering it does). The first connect,
 * the token's single use and the event are in test/jobs/bulk-pull/sdk-connect.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { findConnection } from '../../server/storage/repositories/connections.js';
import { listEventPayloads } from '../storage/stored-state.js';
import { apiEngines, expectStatus, useApiApp, type TeamSchemas } from './helpers.js';

type SdkConnection = TeamSchemas['SdkConnection'];

describe.each(apiEngines)('connectSdkProvider (POST /v2/link/sdk/connect) again on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  const signInToken = async (userId: string) => expectStatus<{ sign_in_token: string }>(await ctx.team().post(`/v2/user/${userId}/sign_in_token`), 200).sign_in_token;
  const sdkConnect = async (userId: string, provider: string, connectMode?: 'auto' | 'explicit') =>
    expectStatus<SdkConnection>(
      await ctx.team(null).post('/v2/link/sdk/connect').send({ sign_in_token: await signInToken(userId), provider, ...(connectMode && { connect_mode: connectMode }) }),
      200,
    );
  const stored = (userId: string, provider: string) => findConnection(ctx.server.db, { team_id: ctx.server.teamId, user_id: userId, provider });
  const createdEvents = async (userId: string) =>
    (await listEventPayloads<{ user_id: string }>(ctx.server.db, { team_id: ctx.server.teamId, event_type: 'provider.connection.created' })).filter((event) => event.user_id === userId);

  it('when a store connected in Auto Connect mode is connected again in Explicit Connect mode, then the answer and the connection say explicit, and deregistering removes it', async () => {
    const user = await ctx.newUser();
    const first = await sdkConnect(user.user_id, 'apple_health_kit');
    expect(first.connect_mode).toBe('auto');
    const before = await stored(user.user_id, 'apple_health_kit');

    const again = await sdkConnect(user.user_id, 'apple_health_kit', 'explicit');
    expect(again).toEqual({ ...first, connect_mode: 'explicit' });
    expect(await stored(user.user_id, 'apple_health_kit')).toEqual({ ...before, connect_mode: 'explicit' });
    expect(await createdEvents(user.user_id)).toHaveLength(1);

    expect(expectStatus(await ctx.team().delete(`/v2/user/${user.user_id}/apple_health_kit`), 200)).toEqual({ success: true });
    expect(await stored(user.user_id, 'apple_health_kit')).toBeNull();
  });

  it('when a store connected in Explicit Connect mode is connected again in Auto Connect mode (given or by default), then it is auto, and deregistering keeps it', async () => {
    for (const mode of ['auto', undefined] as const) {
      const user = await ctx.newUser();
      const first = await sdkConnect(user.user_id, 'health_connect', 'explicit');
      expect(first.connect_mode).toBe('explicit');
      expect(await sdkConnect(user.user_id, 'health_connect', mode)).toEqual({ ...first, connect_mode: 'auto' });
      expect((await stored(user.user_id, 'health_connect'))?.connect_mode).toBe('auto');
      expect(expectStatus(await ctx.team().delete(`/v2/user/${user.user_id}/health_connect`), 200)).toEqual({ success: false });
      expect((await stored(user.user_id, 'health_connect'))?.connect_mode).toBe('auto');
    }
  });

  it('when a store is connected again in the same mode, then nothing changes', async () => {
    const user = await ctx.newUser();
    const first = await sdkConnect(user.user_id, 'samsung_health', 'explicit');
    const before = await stored(user.user_id, 'samsung_health');
    expect(await sdkConnect(user.user_id, 'samsung_health', 'explicit')).toEqual(first);
    expect(await stored(user.user_id, 'samsung_health')).toEqual(before);
  });

  it('when a store the SDK connected in Explicit Connect mode is connected again through the demo connect (no SDK mode), then it keeps its mode', async () => {
    const user = await ctx.newUser();
    await sdkConnect(user.user_id, 'apple_health_kit', 'explicit');
    await ctx.connect(user.user_id, 'apple_health_kit');
    expect((await stored(user.user_id, 'apple_health_kit'))?.connect_mode).toBe('explicit');
  });
});
