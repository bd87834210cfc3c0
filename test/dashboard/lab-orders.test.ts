/**
 * The Lab orders pages in Chromium: place an order (patient prefilled from the user's
 * info), simulate it to completed, see its timeline and flagged results, download the
 * result and requisition PDFs; cancel another order.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';
import type { TestServer } from '../helpers/test-server.js';
import { because, CHROMIUM, screenshots, SKIP, TEST_TIMEOUT_MS, useDashboard } from './harness.js';

const WALK_IN_PANEL = '0b1f8a3e-3c57-4d0f-9b5e-3f7a8d2c1e01';

/** Downloads the PDF behind a button (fetched with the key by the page) and returns its bytes. */
async function downloadPdf(page: Page, testid: string): Promise<Buffer> {
  await page.getByTestId(testid).click();
  const link = page.getByTestId(`${testid}-download`);
  await link.waitFor();
  expect(await link.getAttribute('href')).toMatch(/^blob:/);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return readFile((await download.path())!);
}

/** An order of the walk-in panel for the user, placed through the API. */
async function placeOrder(server: TestServer, userId: string): Promise<string> {
  const placed = await request(server.team)
    .post('/v3/order')
    .set(TEAM_API_KEY_HEADER, server.apiKey)
    .send({
      user_id: userId,
      patient_details: { first_name: 'Ana', last_name: 'Silva', dob: '1990-02-03', gender: 'female', phone_number: '+14155550100', email: 'ana@example.com' },
      patient_address: { first_line: '1 Test Street', city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' },
      order_set: { lab_test_ids: [WALK_IN_PANEL] },
    });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return (placed.body as { order: { id: string } }).order.id;
}

describe('dashboard lab orders in Chromium', () => {
  // The simulator walks orders in the background, as the server does.
  const dash = useDashboard({ users: 2, historyDays: 1 }, { labSimulator: true });

  beforeAll(async () => {
    if (!CHROMIUM) return;
    const { server, seeded } = dash;
    const info = await request(server.team)
      .patch(`/v2/user/${seeded.users[0]!.user_id}/info`)
      .set(TEAM_API_KEY_HEADER, server.apiKey)
      .send({
        first_name: 'Maria',
        last_name: 'Lopez',
        email: 'maria.lopez@example.com',
        phone_number: '+14155550123',
        gender: 'female',
        dob: '1986-04-21',
        address: { first_line: '123 Main St.', second_line: 'Apt. 4B', city: 'San Francisco', state: 'CA', zip_code: '94110' },
      });
    expect(info.status, JSON.stringify(info.body)).toBe(200);
  });

  it.skipIf(SKIP)(
    `when an order is placed through the form, then the patient is prefilled from the user's info and the order page opens in its first status${because}`,
    async () => {
      const opened = await dash.signedIn('#/lab-orders');
      const { page } = opened;
      await page.getByRole('heading', { name: 'Lab orders', level: 1 }).waitFor();
      await page.getByTestId('lab-tests-table').waitFor();
      expect(await page.getByTestId('lab-tests-table').innerText()).toContain('Essential Health Panel (walk-in)');
      await page.getByTestId('order-user').selectOption({ label: 'dash-user-01' });
      await page.getByText('Prefilled from the user’s info record.').waitFor();
      expect(await page.getByTestId('patient-last_name').inputValue()).toBe('Lopez');
      expect(await page.getByTestId('patient-zip').inputValue()).toBe('94110');
      await page.getByTestId('order-lab-test').selectOption(WALK_IN_PANEL);
      await screenshots(page, 'lab-orders-new');
      await page.getByTestId('order-place').click();

      await page.waitForURL(/#\/lab-orders\/[0-9a-f-]{36}$/);
      const status = page.getByTestId('order-status');
      await status.waitFor();
      expect(await status.getAttribute('data-status')).toBe('received.walk_in_test.ordered');
      expect(await page.getByTestId('results-none').isVisible()).toBe(true);
      // The direct next statuses of the walk-in table are buttons; cancellation is its own button.
      expect(await page.getByTestId('simulate-requisition_created').isVisible()).toBe(true);
      expect(await page.getByTestId('simulate-requisition_bypassed').isVisible()).toBe(true);
      await screenshots(page, 'lab-order-new');

      // The orders list shows it, and filters by status.
      await page.goto(page.url().replace(/#.*$/, '#/lab-orders'));
      await page.locator('[data-testid="order-link"]', { hasText: 'Essential Health Panel (walk-in)' }).first().waitFor();
      await page.getByTestId('orders-status-filter').selectOption('ordered');
      await page.locator('[data-testid="order-row-status"]', { hasText: 'Ordered' }).first().waitFor();
      await page.getByTestId('orders-status-filter').selectOption('lost');
      await page.getByTestId('orders-empty').waitFor();
      await page.getByTestId('orders-status-filter').selectOption('');
      await page.getByTestId('order-link').first().waitFor();
      await screenshots(page, 'lab-orders');
      await dash.expectClean(opened);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when an order is simulated to completed with critical results, then its timeline, the flagged results and both PDFs are there${because}`,
    async () => {
      const orderId = await placeOrder(dash.server, dash.seeded.users[1]!.user_id);
      const opened = await dash.signedIn(`#/lab-orders/${orderId}`);
      const { page } = opened;
      await page.getByTestId('order-status').waitFor();
      await page.getByTestId('simulate-interpretation').selectOption('critical');
      await page.getByTestId('simulate-target').selectOption('completed.walk_in_test.completed');
      await page.getByTestId('simulate-to').click();
      // The page follows the walk by itself (polling), up to the target.
      await page.locator('[data-testid="order-status"][data-status="completed.walk_in_test.completed"]').waitFor();
      const timeline = await page.getByTestId('timeline-entry').evaluateAll((items) => items.map((item) => item.getAttribute('data-status')));
      expect(timeline).toEqual([
        'received.walk_in_test.ordered',
        'received.walk_in_test.requisition_created',
        'collecting_sample.walk_in_test.appointment_pending',
        'collecting_sample.walk_in_test.appointment_scheduled',
        'sample_with_lab.walk_in_test.partial_results',
        'completed.walk_in_test.completed',
      ]);
      expect(await page.locator('[data-testid="timeline-entry"][aria-current="step"]').getAttribute('data-status')).toBe('completed.walk_in_test.completed');
      // The date of birth as given (the API answers it at midnight UTC), and what was said in the notes.
      const facts = await page.locator('dl.details').first().innerText();
      expect(facts).toContain('Date of birth');
      expect(facts).toContain('1990-02-03');
      expect(facts).not.toContain('1990-02-03T');
      expect(await page.getByTestId('order-notes').innerText()).toContain('Appointment booked at the first free slot by the simulation.');

      await page.getByTestId('order-results').waitFor();
      expect(await page.getByTestId('result-row').count()).toBeGreaterThan(0);
      expect(await page.locator('[data-testid="result-flag"][data-flag="critical"]').count()).toBeGreaterThan(0);
      expect(await page.locator('tr.highlighted[data-testid="result-row"]').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('results-summary').innerText()).toMatch(/^\d+ results?: \d+ critical/);
      // Only the correction is left after completion, and a completed order cannot be cancelled.
      expect(await page.getByTestId('simulate-corrected').isVisible()).toBe(true);
      expect(await page.getByTestId('order-cancel-refused').innerText()).toMatch(/^A walk_in_test order can be cancelled only while it is ordered, .*; this one is completed\.walk_in_test\.completed\.$/);

      const result = await downloadPdf(page, 'result-pdf');
      expect(result.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const requisition = await downloadPdf(page, 'requisition-pdf');
      expect(requisition.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await screenshots(page, 'lab-order-completed');
      await dash.expectClean(opened);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when a new order is cancelled after confirming, then its timeline ends cancelled and nothing more can be simulated${because}`,
    async () => {
      const orderId = await placeOrder(dash.server, dash.seeded.users[1]!.user_id);
      const opened = await dash.signedIn(`#/lab-orders/${orderId}`);
      const { page } = opened;
      await page.getByTestId('order-cancel').click();
      // Nothing happens before the confirmation.
      await page.getByTestId('order-cancel-dismiss').click();
      expect(await page.getByTestId('order-status').getAttribute('data-status')).toBe('received.walk_in_test.ordered');
      await page.getByTestId('order-cancel').click();
      await page.getByTestId('order-cancel-confirm').click();
      await page.locator('[data-testid="order-status"][data-status="cancelled.walk_in_test.cancelled"]').waitFor();
      await page.getByTestId('simulate-none').waitFor();
      expect(await page.getByTestId('timeline-entry').count()).toBe(2);
      await dash.expectClean(opened);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when a walk-in order's sample failed, then the page redraws it after confirming, opens the new order, and both pages list the transaction's two orders${because}`,
    async () => {
      const { server } = dash;
      const orderId = await placeOrder(server, dash.seeded.users[1]!.user_id);
      const waiting = 'collecting_sample.walk_in_test.redraw_available';
      const walk = await request(server.team).post(`/v3/order/${orderId}/test?final_status=${waiting}`).set(TEAM_API_KEY_HEADER, server.apiKey).send({});
      expect(walk.status, JSON.stringify(walk.body)).toBe(200);
      const opened = await dash.signedIn(`#/lab-orders/${orderId}`);
      const { page } = opened;
      await page.locator(`[data-testid="order-status"][data-status="${waiting}"]`).waitFor();
      expect(await page.getByTestId('transaction-order').count()).toBe(1);
      await page.getByTestId('order-redraw').click();
      await page.getByTestId('order-redraw-confirm').click();
      await page.waitForURL((url) => /#\/lab-orders\/[0-9a-f-]{36}$/.test(url.hash) && !url.hash.endsWith(orderId));
      const redrawId = page.url().split('/').at(-1)!;
      await page.locator('[data-testid="order-status"][data-status="received.walk_in_test.ordered"]').waitFor();
      const members = page.getByTestId('transaction-order');
      await members.nth(1).waitFor();
      expect(await members.evaluateAll((items) => items.map((item) => item.getAttribute('data-order-id')))).toEqual([orderId, redrawId]);
      expect(await members.nth(0).innerText()).toContain('Cancelled');
      // The parent's page: cancelled by the redraw, which it lists, and no second redraw offered.
      await page.getByRole('link', { name: orderId }).click();
      await page.locator('[data-testid="order-status"][data-status="cancelled.walk_in_test.cancelled"]').waitFor();
      expect(await page.getByTestId('transaction-order').count()).toBe(2);
      expect(await page.getByTestId('order-redraw').count()).toBe(0);
      await dash.expectClean(opened);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});
