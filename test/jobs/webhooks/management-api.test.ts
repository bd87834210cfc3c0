/**
 * The webhook operations of the management API on the real apps, on every
 * available engine, and the provider.connection.created event end to end
 * (team API -> outbox -> worker -> a loopback receiver).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createManagementClient, createTeamClient, verifyWebhook, type ManagementClient } from '../../../server/client/index.js';
import { webhookMessageId } from '../../../server/domain/webhooks/rules.js';
import { emitEvent } from '../../../server/storage/repositories/events.js';
import { DeliveryWorker } from '../../../server/jobs/webhooks/worker.js';
import { createOrg } from '../../../server/storage/repositories/orgs.js';
import { createTeam } from '../../../server/storage/repositories/teams.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';
import { engineCases, SETUP_TIMEOUT_MS } from '../../storage/helpers.js';
import { FAST, sampleEnvelope, startReceiver, waitFor, waitUntilSettled, type Receiver } from './helpers.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(engineCases)('webhook management API on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('operations', () => {
    let server: TestServer;
    let management: ManagementClient;
    const cleanups: (() => Promise<void>)[] = [];

    beforeAll(async () => {
      server = await startTestServer(engine);
      management = createManagementClient({ baseUrl: server.managementUrl, managementKey: server.managementKey });
    }, SETUP_TIMEOUT_MS);
    afterAll(async () => {
      await server?.close();
    }, SETUP_TIMEOUT_MS);
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    const teamPath = () => ({ org_id: server.orgId, team_id: server.teamId });
    const newTeam = async () => {
      const { data } = await management.POST('/v1/org/{org_id}/team', { params: { path: { org_id: server.orgId } }, body: { name: `Webhooks ${randomUUID().slice(0, 8)}` } });
      return data!.id;
    };
    const createEndpoint = async (body: { url: string; event_types?: string[] | null; description?: string | null }, team_id = server.teamId) => {
      const outcome = await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: { org_id: server.orgId, team_id } }, body });
      if (!outcome.data) throw new Error(`create failed: ${outcome.response.status} ${JSON.stringify(outcome.error)}`);
      return outcome.data;
    };
    /**
     * Emits events one transaction each. Consecutive emits may share a millisecond (created_on is
     * timestamptz(3)), so tests that expect an order set created_on themselves (placeDeliveries).
     */
    const emit = async (count: number, teamId = server.teamId) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) ids.push((await server.db.transaction((tx) => emitEvent(tx, sampleEnvelope(teamId, 'daily.data.steps.created', { seq: i })))).id);
      return ids;
    };
    /** Sets the created_on of the endpoint's delivery of each event: `seconds[i]` after a fixed instant for eventIds[i]. */
    const placeDeliveries = async (endpointId: string, eventIds: readonly string[], seconds: readonly number[]) => {
      await server.db.query(
        `UPDATE webhook_deliveries d SET created_on = '2026-11-01T09:00:00.000Z'::timestamptz + make_interval(secs => p.s)
         FROM unnest($2::uuid[], $3::integer[]) AS p(event_id, s) WHERE d.endpoint_id = $1 AND d.event_id = p.event_id`,
        [endpointId, eventIds, seconds],
      );
    };
    /** One page of the endpoint's deliveries. */
    const deliveryPage = async (path: { org_id: string; team_id: string; endpoint_id: string }, pageSize: number, cursor: string | null) => {
      const { data } = await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', {
        params: { path, query: { page_size: pageSize, ...(cursor ? { next_cursor: cursor } : {}) } },
      });
      return data!;
    };
    /** Every page of the endpoint's deliveries, `pageSize` at a time. */
    const allPages = async (path: { org_id: string; team_id: string; endpoint_id: string }, pageSize: number) => {
      const pages: Awaited<ReturnType<typeof deliveryPage>>['data'][] = [];
      let cursor: string | null = null;
      do {
        const page = await deliveryPage(path, pageSize, cursor);
        pages.push(page.data);
        cursor = page.next_cursor;
      } while (cursor);
      return pages;
    };

    it('when an endpoint is registered, then it answers it with a whsec_ secret, and the list shows it without the secret', async () => {
      const created = await createEndpoint({ url: 'https://hooks.example.com/vital', event_types: ['historical.data.*', 'provider.connection.created'], description: 'Production receiver' });
      expect(created).toEqual({
        id: expect.any(String),
        url: 'https://hooks.example.com/vital',
        event_types: ['historical.data.*', 'provider.connection.created'],
        description: 'Production receiver',
        created_on: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
      });
      const local = await createEndpoint({ url: 'http://localhost:4040/' });
      expect(local).toMatchObject({ event_types: null, description: null });

      const { data } = await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: teamPath() } });
      const { secret: _secret, ...withoutSecret } = created;
      // Oldest first, then by id: two endpoints created in one millisecond are listed by id.
      const both = [withoutSecret, { id: local.id, url: 'http://localhost:4040/', event_types: null, description: null, created_on: local.created_on }];
      const oldestFirst = created.created_on === local.created_on ? [...both].sort((a, b) => (a.id < b.id ? -1 : 1)) : both;
      expect(data?.data.slice(-2)).toEqual(oldestFirst);
      const stored = await server.db.one<{ secret: string }>('SELECT secret FROM webhook_endpoints WHERE id = $1', [created.id]);
      expect(stored?.secret).toBe(created.secret);
    });

    it('when the URL is plain http to a non-loopback host, then 422 names ["body", "url"]', async () => {
      const outcome = await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: teamPath() }, body: { url: 'http://hooks.example.com/vital' } });
      expect(outcome.response.status).toBe(422);
      expect(outcome.error).toEqual({ detail: [{ loc: ['body', 'url'], msg: expect.stringContaining('HTTPS is required'), type: 'value_error' }] });
    });

    it('when an event type filter is malformed, then 422 names it', async () => {
      const outcome = await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', {
        params: { path: teamPath() },
        body: { url: 'https://hooks.example.com/', event_types: ['daily.*.created'] },
      });
      expect(outcome.response.status).toBe(422);
      expect(outcome.error).toMatchObject({ detail: [expect.objectContaining({ loc: ['body', 'event_types', 0] })] });
    });

    it('when an event type filter names no known event type (an unknown type, a prefix without .*, a .* prefix of none), then one 422 names each at its index and no endpoint is made', async () => {
      const team_id = await newTeam();
      const outcome = await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', {
        params: { path: { org_id: server.orgId, team_id } },
        body: { url: 'https://hooks.example.com/', event_types: ['labtest.order.*', 'labtest.bogus', 'labtest', 'provider.connection.created', 'lab.*'] },
      });
      expect(outcome.response.status).toBe(422);
      expect(outcome.error).toEqual({
        detail: [
          { loc: ['body', 'event_types', 1], msg: 'labtest.bogus is not an event type', type: 'value_error' },
          { loc: ['body', 'event_types', 2], msg: 'labtest is not an event type; labtest.* takes every event type under labtest', type: 'value_error' },
          { loc: ['body', 'event_types', 4], msg: 'lab.* matches no event type: no event type starts with lab.', type: 'value_error' },
        ],
      });
      const listed = await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: { org_id: server.orgId, team_id } } });
      expect(listed.data?.data).toEqual([]);
    });

    it('when the URL is not HTTPS and an event type is unknown, then one 422 names both', async () => {
      const outcome = await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', {
        params: { path: teamPath() },
        body: { url: 'http://hooks.example.com/vital', event_types: ['labtest.bogus'] },
      });
      expect(outcome.response.status).toBe(422);
      expect(outcome.error).toMatchObject({ detail: [{ loc: ['body', 'url'] }, { loc: ['body', 'event_types', 0], msg: 'labtest.bogus is not an event type' }] });
    });

    it("when another organization's team or an unknown team is named, then every operation answers 404", async () => {
      const otherOrg = await createOrg(server.db, { name: 'Other org' });
      const otherTeam = await createTeam(server.db, { org_id: otherOrg.id, name: 'Other team', region: 'us' });
      for (const path of [
        { org_id: otherOrg.id, team_id: otherTeam.id },
        { org_id: server.orgId, team_id: otherTeam.id },
        { org_id: server.orgId, team_id: UNKNOWN_ID },
      ]) {
        const create = await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path }, body: { url: 'https://hooks.example.com/' } });
        const list = await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path } });
        const withEndpoint = { ...path, endpoint_id: UNKNOWN_ID };
        const remove = await management.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', { params: { path: withEndpoint } });
        const deliveries = await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', { params: { path: withEndpoint } });
        const replay = await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', { params: { path: withEndpoint }, body: {} });
        expect([create, list, remove, deliveries, replay].map((outcome) => outcome.response.status)).toEqual([404, 404, 404, 404, 404]);
      }
    });

    it("when another team's endpoint is named, then delete, deliveries and replay answer 404 and leave it alone", async () => {
      const otherTeamId = await newTeam();
      const endpoint = await createEndpoint({ url: 'https://hooks.example.com/other' }, otherTeamId);
      const path = { ...teamPath(), endpoint_id: endpoint.id };
      const remove = await management.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', { params: { path } });
      const deliveries = await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', { params: { path } });
      const replay = await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', { params: { path }, body: {} });
      expect([remove, deliveries, replay].map((outcome) => outcome.response.status)).toEqual([404, 404, 404]);
      expect(remove.error).toEqual({ detail: `Webhook endpoint ${endpoint.id} not found in team ${server.teamId}.` });
      const { data } = await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: { org_id: server.orgId, team_id: otherTeamId } } });
      expect(data?.data.map((e) => e.id)).toEqual([endpoint.id]);
    });

    it('when deliveries are listed, then they come newest first, a page at a time, optionally of one status', async () => {
      const teamId = await newTeam();
      const endpoint = await createEndpoint({ url: 'https://hooks.example.com/paging' }, teamId);
      const eventIds = await emit(5, teamId);
      // The third and fifth failed; the first succeeded.
      await server.db.query(
        `UPDATE webhook_deliveries d SET status = CASE WHEN e.payload->'data'->>'seq' IN ('2', '4') THEN 'failed' ELSE 'succeeded' END,
                next_attempt_at = NULL, attempts = 9, last_status_code = 503, last_error = 'endpoint answered 503',
                last_response_body = CASE WHEN e.payload->'data'->>'seq' = '4' THEN repeat('é', 2048) ELSE 'Service Unavailable' END,
                last_response_body_truncated = e.payload->'data'->>'seq' = '4'
         FROM events e WHERE e.id = d.event_id AND d.endpoint_id = $1 AND e.payload->'data'->>'seq' IN ('0', '2', '4')`,
        [endpoint.id],
      );
      // One second apart, in the order they were emitted.
      await placeDeliveries(endpoint.id, eventIds, [0, 1, 2, 3, 4]);
      const path = { ...teamPath(), team_id: teamId, endpoint_id: endpoint.id };
      const newestFirst = [...eventIds].reverse().map(webhookMessageId);

      const pages = (await allPages(path, 2)).map((page) => page.map((delivery) => delivery.event_id));
      expect(pages).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2, 4), newestFirst.slice(4)]);

      const { data: failed } = await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', { params: { path, query: { status: 'failed' } } });
      expect(failed).toEqual({
        data: [4, 2].map((seq) => ({
          id: expect.any(String),
          event_id: webhookMessageId(eventIds[seq]!),
          event_type: 'daily.data.steps.created',
          status: 'failed',
          attempts: 9,
          created_on: expect.any(String),
          last_attempt_at: null,
          next_attempt_at: null,
          last_status_code: 503,
          last_response_body: seq === 4 ? 'é'.repeat(2048) : 'Service Unavailable',
          last_response_body_truncated: seq === 4,
          last_error: 'endpoint answered 503',
        })),
        next_cursor: null,
      });
      const { data: pending } = await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', { params: { path, query: { status: 'pending' } } });
      expect(pending?.data.map((d) => [d.event_id, d.attempts, d.next_attempt_at === null, d.last_response_body, d.last_response_body_truncated])).toEqual([
        [webhookMessageId(eventIds[3]!), 0, false, null, false],
        [webhookMessageId(eventIds[1]!), 0, false, null, false],
      ]);

      const bad = await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', { params: { path, query: { next_cursor: 'garbage' } } });
      expect(bad.response.status).toBe(422);
      expect(bad.error).toMatchObject({ detail: [{ loc: ['query', 'next_cursor'] }] });
    });

    it('when deliveries share a created_on, then they are listed by id descending among themselves, each exactly once, whatever the page size', async () => {
      const teamId = await newTeam();
      const endpoint = await createEndpoint({ url: 'https://hooks.example.com/ties' }, teamId);
      const eventIds = await emit(6, teamId);
      // The first alone, the next four in one instant (they straddle page boundaries), the last alone.
      await placeDeliveries(endpoint.id, eventIds, [0, 1, 1, 1, 1, 2]);
      const path = { ...teamPath(), team_id: teamId, endpoint_id: endpoint.id };
      const rows = await server.db.query<{ id: string; event_id: string }>(`SELECT id, event_id FROM webhook_deliveries WHERE endpoint_id = $1`, [endpoint.id]);
      const deliveryOf = (eventId: string) => rows.find((row) => row.event_id === eventId)!.id;
      // The documented order: created_on descending, then id descending (lowercase uuid text sorts as PostgreSQL's uuid order).
      const tied = eventIds.slice(1, 5).map(deliveryOf).sort().reverse();
      const expected = [deliveryOf(eventIds[5]!), ...tied, deliveryOf(eventIds[0]!)];

      for (const pageSize of [1, 2, 3, 4, 6]) {
        const pages = await allPages(path, pageSize);
        expect(pages.flat().map((delivery) => delivery.id)).toEqual(expected);
        expect(pages.slice(0, -1).every((page) => page.length === pageSize)).toBe(true);
      }
      expect((await allPages(path, 6))[0]!.map((delivery) => delivery.created_on)).toEqual([
        '2026-11-01T09:00:02.000Z',
        ...Array(4).fill('2026-11-01T09:00:01.000Z'),
        '2026-11-01T09:00:00.000Z',
      ]);
    });

    it('when deliveries are replayed, then the failed ones (or the named ones) are pending again from attempt 0 with the same event', async () => {
      const teamId = await newTeam();
      const endpoint = await createEndpoint({ url: 'https://hooks.example.com/replay' }, teamId);
      const eventIds = await emit(3, teamId);
      await server.db.query(`UPDATE webhook_deliveries SET status = 'failed', attempts = 9, next_attempt_at = NULL, last_error = 'endpoint answered 500' WHERE endpoint_id = $1`, [endpoint.id]);
      const path = { ...teamPath(), team_id: teamId, endpoint_id: endpoint.id };
      const rows = () => server.db.query<{ id: string; event_id: string; status: string; attempts: number; last_error: string | null }>(
        'SELECT id, event_id, status, attempts, last_error FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY event_id',
        [endpoint.id],
      );
      const [first] = await rows();

      const one = await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', { params: { path }, body: { delivery_ids: [first!.id, UNKNOWN_ID] } });
      expect(one.data).toEqual({ replayed: 1 });
      expect((await rows()).filter((row) => row.status === 'pending')).toEqual([{ ...first, status: 'pending', attempts: 0, last_error: null }]);

      const all = await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', { params: { path }, body: {} });
      expect(all.data).toEqual({ replayed: 2 });
      const after = await rows();
      expect(after.map((row) => [row.status, row.attempts])).toEqual([
        ['pending', 0],
        ['pending', 0],
        ['pending', 0],
      ]);
      expect(after.map((row) => row.event_id).sort()).toEqual([...eventIds].sort());
      const none = await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', { params: { path }, body: { delivery_ids: null } });
      expect(none.data).toEqual({ replayed: 0 });
    });

    it('when an endpoint is deleted, then it and its deliveries are gone, and deleting again answers 404', async () => {
      const teamId = await newTeam();
      const endpoint = await createEndpoint({ url: 'https://hooks.example.com/delete' }, teamId);
      await emit(2, teamId);
      const count = async () => (await server.db.one<{ n: number }>('SELECT count(*)::integer AS n FROM webhook_deliveries WHERE endpoint_id = $1', [endpoint.id]))!.n;
      expect(await count()).toBe(2);
      const path = { ...teamPath(), team_id: teamId, endpoint_id: endpoint.id };
      const removed = await management.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', { params: { path } });
      expect(removed.data).toEqual({ success: true });
      expect(await count()).toBe(0);
      const { data } = await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: { org_id: server.orgId, team_id: teamId } } });
      expect(data).toEqual({ data: [] });
      const again = await management.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', { params: { path } });
      expect(again.response.status).toBe(404);
    });

    it('when a user connects a demo provider, then the endpoint receives provider.connection.created, signed, with data.provider, and the list shows its answer', async () => {
      let target: Receiver | undefined;
      const worker = new DeliveryWorker(server.db, FAST).start();
      cleanups.push(async () => {
        await worker.stop();
        await target?.close();
      });
      const probe = await startReceiver();
      const created = await createEndpoint({ url: probe.url, event_types: ['provider.connection.created'] });
      await probe.close();
      // It acknowledges with a body: the delivery list shows it.
      target = await startReceiver({ secret: created.secret, port: probe.port, answer: () => ({ status: 200, body: 'got it ✓' }) });

      const team = createTeamClient({ baseUrl: server.teamUrl, apiKey: server.apiKey });
      const clientUserId = `webhooks-${randomUUID().slice(0, 8)}`;
      const { data: user } = await team.POST('/v2/user', { body: { client_user_id: clientUserId } });
      const connected = await team.POST('/v2/link/connect/demo', { body: { user_id: user!.user_id, provider: 'oura' } });
      expect(connected.response.status).toBe(200);
      await waitUntilSettled(server.db, created.id);

      expect(target.deliveries).toHaveLength(1);
      const [delivery] = target.deliveries;
      expect(delivery!.verified).toBe(true);
      const event = verifyWebhook(created.secret, { 'webhook-id': delivery!.id, 'webhook-timestamp': delivery!.timestamp, 'webhook-signature': delivery!.signature }, delivery!.body);
      expect(event).toEqual({
        event_type: 'provider.connection.created',
        data: {
          user_id: user!.user_id,
          provider: { name: 'Oura', slug: 'oura', logo: expect.any(String) },
          source: { name: 'Oura', slug: 'oura', logo: expect.any(String) },
          external_user_id: expect.any(String),
          resource_availability: expect.objectContaining({ sleep: expect.objectContaining({ status: 'available' }) }),
        },
        team_id: server.teamId,
        user_id: user!.user_id,
        client_user_id: clientUserId,
      });
      const events = await server.db.query<{ id: string }>(`SELECT id FROM events WHERE event_type = 'provider.connection.created' AND payload->>'user_id' = $1`, [user!.user_id]);
      expect(delivery!.id).toBe(webhookMessageId(events[0]!.id));

      // Connecting again creates no connection, so no event.
      await team.POST('/v2/link/connect/demo', { body: { user_id: user!.user_id, provider: 'oura' } });
      const { data: listed } = await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', { params: { path: { ...teamPath(), endpoint_id: created.id } } });
      expect(listed?.data.map((d) => [d.event_type, d.status, d.attempts, d.last_status_code, d.last_response_body, d.last_response_body_truncated])).toEqual([
        ['provider.connection.created', 'succeeded', 1, 200, 'got it ✓', false],
      ]);
      await waitFor('no second delivery', () => target!.deliveries.length === 1);
    });
  });
});
