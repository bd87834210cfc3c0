/**
 * The connections pulls run on, made by the mobile SDK: a sign-in token is exchanged once
 * (POST /v2/link/sdk/connect) for a connection in Auto Connect (or Explicit Connect) mode,
 * which shows in the user's connected_sources and emits provider.connection.created.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';
import { engines, SETUP_TIMEOUT_MS } from '../../storage/helpers.js';
import { TEAM_API_KEY_HEADER } from '../../../server/shared/wire.js';

const apiEngines = engines.filter((engine) => engine.available).map((engine) => [engine.label, engine] as const);

describe.each(apiEngines)('connectSdkProvider (POST /v2/link/sdk/connect) on %s', (_label, engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  }, SETUP_TIMEOUT_MS);

  async function userWithToken(): Promise<{ userId: string; token: string }> {
    const created = await request(server.team).post('/v2/user').set(TEAM_API_KEY_HEADER, server.apiKey).send({ client_user_id: `sdk-${randomUUID().slice(0, 8)}` });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const userId = (created.body as { user_id: string }).user_id;
    const token = await request(server.team).post(`/v2/user/${userId}/sign_in_token`).set(TEAM_API_KEY_HEADER, server.apiKey);
    expect(token.status).toBe(200);
    return { userId, token: (token.body as { sign_in_token: string }).sign_in_token };
  }
  const connect = (body: object) => request(server.team).post('/v2/link/sdk/connect').send(body);

  it('when a sign-in token is exchanged, then the store is connected in Auto Connect mode, listed on the user, and the event is emitted', async () => {
    const { userId, token } = await userWithToken();
    const response = await connect({ sign_in_token: token, provider: 'apple_health_kit' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ user_id: userId, provider: 'apple_health_kit', connect_mode: 'auto', created_on: expect.any(String) });

    const user = await request(server.team).get(`/v2/user/${userId}`).set(TEAM_API_KEY_HEADER, server.apiKey);
    expect((user.body as { connected_sources: { source: { slug: string } }[] }).connected_sources.map((s) => s.source.slug)).toEqual(['apple_health_kit']);
    const connection = await server.db.one<{ connect_mode: string; source_type: string }>(`SELECT connect_mode, source_type FROM connections WHERE user_id = $1`, [userId]);
    expect(connection).toEqual({ connect_mode: 'auto', source_type: 'app' });
    // The connection's event, then its device's (the phone the store runs on), each once.
    const events = await server.db.query<{ event_type: string; payload: { user_id: string; data: { provider: { slug: string } | string } } }>(
      `SELECT event_type, payload FROM events WHERE payload->>'user_id' = $1 ORDER BY event_type`,
      [userId],
    );
    const providerOf = (data: { provider: { slug: string } | string }) => (typeof data.provider === 'string' ? data.provider : data.provider.slug);
    expect(events.map((e) => [e.event_type, providerOf(e.payload.data)])).toEqual([['provider.connection.created', 'apple_health_kit'], ['provider.device.created', 'apple_health_kit']]);
  });

  it('when the token was already exchanged or is unknown, then 401 and nothing changes', async () => {
    const { userId, token } = await userWithToken();
    expect((await connect({ sign_in_token: token, provider: 'health_connect', connect_mode: 'explicit' })).status).toBe(200);
    const again = await connect({ sign_in_token: token, provider: 'samsung_health' });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ detail: 'Invalid sign-in token; it is unknown or was already exchanged.' });
    expect((await connect({ sign_in_token: 'sit_sk_us_unknown', provider: 'samsung_health' })).status).toBe(401);
    const connections = await server.db.query<{ provider: string; connect_mode: string }>(`SELECT provider, connect_mode FROM connections WHERE user_id = $1`, [userId]);
    expect(connections).toEqual([{ provider: 'health_connect', connect_mode: 'explicit' }]);
  });

  it('when the provider is not a mobile SDK store, then 422 and the token stays usable', async () => {
    const { token } = await userWithToken();
    const refused = await connect({ sign_in_token: token, provider: 'oura' });
    expect(refused.status).toBe(422);
    expect((await connect({ sign_in_token: token, provider: 'samsung_health' })).status).toBe(200);
  });
});
