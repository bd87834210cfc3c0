/**
 * The Webhooks page in Chromium: it needs the management key; an endpoint is added with
 * an event-type filter and its secret shown once; a delivery the receiver refuses is
 * shown failed with the answer (its status and body), replayed and delivered; the live feed shows a new event;
 * the endpoint is deleted after confirming.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryWorker } from '../../server/jobs/webhooks/worker.js';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';
import { because, CHROMIUM, screenshots, SKIP, TEST_TIMEOUT_MS, useDashboard } from './harness.js';

/** What the receiver answers the first delivery with: recognisable, with markup the page must show as text. */
const REFUSAL = 'receiver down: <b>maintenance</b> until 10:00 & retry later ✓';

/** A local receiver: answers 500 with REFUSAL to the first delivery, 200 without a body to the others, and keeps what it got. */
async function startReceiver() {
  const received: { id: string | undefined; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ id: req.headers['webhook-id'] as string | undefined, body });
      res.writeHead(received.length === 1 ? 500 : 200, { 'content-type': 'text/plain; charset=utf-8' }).end(received.length === 1 ? REFUSAL : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function signInWithManagementKey(page: Page, key: string, teamId: string) {
  await page.getByTestId('management-key').fill(key);
  await page.getByTestId('management-list-teams').click();
  await page.getByTestId(`pick-team-${teamId}`).click();
  await page.getByTestId('sign-out').waitFor();
}

describe('dashboard webhooks in Chromium', () => {
  const dash = useDashboard({ users: 2, historyDays: 1 });
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
  let worker: DeliveryWorker | undefined;

  beforeAll(async () => {
    if (!CHROMIUM) return;
    receiver = await startReceiver();
    // No retry schedule: the first refused attempt makes the delivery failed (replayable) at once.
    worker = new DeliveryWorker(dash.server.db, { retryScheduleMs: [], timeoutMs: 5000, pollIntervalMs: 100 }).start();
  });

  afterAll(async () => {
    await worker?.stop();
    await receiver?.close();
  });

  it.skipIf(SKIP)(
    `when signed in with a team key, then the page explains that webhooks need the management key and offers that sign-in${because}`,
    async () => {
      const opened = await dash.signedIn('#/webhooks');
      const { page } = opened;
      await page.getByTestId('webhooks-needs-management').waitFor();
      await screenshots(page, 'webhooks-team-key');
      await page.getByTestId('webhooks-management-sign-in').click();
      await page.getByTestId('management-key').waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('dashboard.session'))).toBeNull();
      await dash.expectClean(opened);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when an endpoint is added and its first delivery is refused, then the failed delivery shows the answer and its body, a replay delivers it and the feed shows the event${because}`,
    async () => {
      const { server, seeded } = dash;
      const opened = await dash.open('#/webhooks');
      const { page } = opened;
      await signInWithManagementKey(page, server.managementKey, server.teamId);
      await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
      await page.getByTestId('webhook-endpoints-empty').waitFor();
      await page.getByTestId('event-feed-state').filter({ hasText: /^(Live|No event)/ }).waitFor();

      // Add, with a filter on one event type chosen from the spec's webhooks.
      await page.getByTestId('webhook-url').fill(receiver!.url);
      await page.getByTestId('webhook-description').fill('dashboard test receiver');
      await page.getByText('Filter by event type').click();
      await page.getByTestId('webhook-filter-search').fill('provider.connection');
      await page.locator('[data-testid="webhook-event-type"][value="provider.connection.created"]').check();
      await screenshots(page, 'webhooks-add');
      await page.getByTestId('webhook-add').click();
      const secret = page.getByTestId('webhook-secret');
      await secret.waitFor();
      const secretText = await secret.innerText();
      expect(secretText).toMatch(/^whsec_/);
      const endpoint = page.getByTestId('webhook-endpoint');
      await endpoint.waitFor();
      expect(await endpoint.getByTestId('webhook-endpoint-url').innerText()).toBe(receiver!.url);
      expect(await endpoint.getByTestId('webhook-endpoint-filter').innerText()).toBe('provider.connection.created');
      await endpoint.getByTestId('deliveries-empty').waitFor();
      await screenshots(page, 'webhooks-secret');

      // A user connects a provider: the event reaches the feed, and the receiver refuses its first delivery.
      const connected = await request(server.team).post('/v2/link/connect/demo').set(TEAM_API_KEY_HEADER, server.apiKey).send({ user_id: seeded.users[0]!.user_id, provider: 'oura' });
      expect(connected.status, JSON.stringify(connected.body)).toBe(200);
      await page.locator('[data-testid="feed-event"][data-event-type="provider.connection.created"]').first().waitFor();
      const failed = endpoint.locator('[data-testid="delivery"][data-delivery-status="failed"]');
      await failed.waitFor();
      expect(await failed.getByTestId('delivery-response').innerText()).toMatch(/^HTTP 500/);
      expect(await failed.getByTestId('delivery-status-text').innerText()).toBe('Failed after 1 attempt');
      const deliveryId = await failed.getAttribute('data-delivery-id');
      const payloadRow = endpoint.locator(`tr[data-payload-for="${deliveryId}"]`);
      await payloadRow.locator('details.payload summary').click();
      const payload = payloadRow.getByTestId('delivery-payload');
      await payload.waitFor();
      expect(await payload.innerText()).toContain('"provider.connection.created"');
      // The body the receiver answered, as text (its markup is not markup on the page).
      await payloadRow.locator('details.response summary').click();
      const answerBody = payloadRow.getByTestId('delivery-response-body');
      expect(await payloadRow.locator('details.response summary').innerText()).toBe('Response body (HTTP 500)');
      expect(await answerBody.innerText()).toBe(REFUSAL);
      expect(await answerBody.locator('b').count()).toBe(0);
      await screenshots(page, 'webhooks-failed');

      await failed.getByTestId('delivery-replay').click();
      await endpoint.locator('[data-testid="delivery"][data-delivery-status="succeeded"]').waitFor();
      expect(await endpoint.getByTestId('delivery').count()).toBe(1);
      expect(receiver!.received).toHaveLength(2);
      // The replay was acknowledged without a body; the open answer stays open across the refresh.
      await payloadRow.getByTestId('delivery-response-body').filter({ hasText: '(empty)' }).waitFor();
      expect(await payloadRow.locator('details.response summary').innerText()).toBe('Response body (HTTP 200)');
      // A replay is the same event: the same webhook-id.
      expect(receiver!.received[1]!.id).toBe(receiver!.received[0]!.id);
      await screenshots(page, 'webhooks');

      // The secret was shown once: a fresh page lists the endpoint without it.
      await page.reload();
      await page.getByTestId('webhook-endpoint').waitFor();
      expect(await page.getByTestId('webhook-secret-once').count()).toBe(0);
      expect(await page.content()).not.toContain(secretText);

      // Delete, after confirming.
      await page.getByTestId('webhook-delete').click();
      await page.getByTestId('webhook-delete-confirm').click();
      await page.getByTestId('webhook-endpoints-empty').waitFor();
      await dash.expectClean(opened);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});
