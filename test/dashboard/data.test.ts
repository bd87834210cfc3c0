/**
 * The user page in Chromium: record, user info and insurance, connections (connect
 * a demo provider, deregister), the generators, refresh, and the Data section's
 * charts (summaries, one day's timeseries, a workout's stream, a night's hypnogram)
 * drawn from the seeded demo user's history.
 */
import type { Page } from 'playwright-core';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { insuranceBody, UNKNOWN_ID, userInfoBody } from '../../scripts/conformance/values.js';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';
import { createTeamWithKey } from '../api/helpers.js';
import { isoDate, addDays } from '../../server/dashboard/src/lib/format.js';
import { generateDay } from '../../server/domain/synthetic/day.js';
import { because, screenshots, SKIP, TEST_TIMEOUT_MS, useDashboard, walks } from './harness.js';

/** "No user info yet" and "no insurance yet" are 404s the page expects. */
const EXPECTED_404S = [/\/info\/latest$/, /\/insurance\/latest$/];

/** The chart's series count, once it is drawn (a canvas, or the empty message). */
async function seriesCount(page: Page, name: string): Promise<number> {
  const chart = page.getByTestId(`chart-${name}`);
  await chart.waitFor();
  return Number(await chart.getAttribute('data-series-count'));
}

/** Whether the chart's canvas has any painted pixel. */
const canvasPainted = (page: Page, name: string) =>
  page.getByTestId(`chart-${name}`).locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
    return false;
  });

async function setRange(page: Page, from: string, to: string) {
  await page.getByTestId('range-from').fill(from);
  await page.getByTestId('range-to').fill(to);
  await page.getByTestId('show-data').click();
}

/** Days of the demo user's history, and of the range the tests show. */
const HISTORY_DAYS = 30;

/**
 * Whether the user's Fitbit data has a workout and a weigh-in on the whole days before today of
 * the last HISTORY_DAYS (UTC: the demo user has no time zone), which the workouts table and the
 * weight chart draw. About 1 user in 13,000 has no workout in 30 days; Fitbit weighs on about 1 day
 * in 3, so a few users in a million have no weigh-in.
 */
function hasWorkoutAndWeighIn(userId: string): boolean {
  const today = isoDate(new Date());
  const days = Array.from({ length: HISTORY_DAYS - 1 }, (_, i) => addDays(today, -1 - i));
  const fitbit = (date: string, resource: 'workouts' | 'body') => generateDay({ userId, provider: 'fitbit', date, timeZone: 'UTC', resources: [resource] });
  return days.some((date) => fitbit(date, 'body').body !== null) && days.some((date) => fitbit(date, 'workouts').workouts.length > 0);
}

describe('dashboard user page and data in Chromium', () => {
  const dash = useDashboard({ users: 3, historyDays: HISTORY_DAYS, demoSuits: (userId) => walks(userId) && hasWorkoutAndWeighIn(userId) });
  const today = () => isoDate(new Date());

  it.skipIf(SKIP)(
    `when the demo user's page is opened, then its record, "none yet" info and insurance, connections and charts render with the expected series${because}`,
    async () => {
      const opened = await dash.signedIn(`#/users/${dash.seeded.demo.user_id}`);
      const { page } = opened;
      await expect.poll(() => page.getByTestId('user-client-id').innerText()).toBe('demo-runner');
      await page.getByTestId('user-info-none').waitFor();
      await page.getByTestId('insurance-none').waitFor();
      await page.getByTestId('connection-fitbit').waitFor();
      await page.getByTestId('connection-freestyle_libre').waitFor();

      // The default range: the last 7 days.
      expect(await page.getByTestId('range-to').inputValue()).toBe(today());
      expect(await page.getByTestId('range-from').inputValue()).toBe(addDays(today(), -6));
      // Daily summaries: fitbit has activity, sleep and body; freestyle_libre only glucose.
      expect(await seriesCount(page, 'steps')).toBe(1);
      expect(await seriesCount(page, 'calories')).toBe(1);
      expect(await seriesCount(page, 'sleep-stages')).toBe(4);
      for (const name of ['steps', 'calories', 'sleep-stages']) expect(await canvasPainted(page, name), `${name} painted`).toBe(true);
      // One day (yesterday: a whole day of samples): heart rate from fitbit, glucose from freestyle_libre, steps per bucket.
      await page.getByTestId('day-picker').fill(addDays(today(), -1));
      await page.getByTestId('day-picker').dispatchEvent('change');
      await expect.poll(() => page.getByTestId('chart-day-heartrate').locator('figcaption').innerText()).toContain(addDays(today(), -1));
      for (const name of ['day-heartrate', 'day-glucose', 'day-steps']) {
        expect(await seriesCount(page, name), name).toBe(1);
        expect(await canvasPainted(page, name), `${name} painted`).toBe(true);
      }
      await screenshots(page, 'user');
      await dash.expectClean(opened, EXPECTED_404S);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when 30 days are shown and filtered to one provider, then weight is drawn, and glucose's provider has no steps${because}`,
    async () => {
      const opened = await dash.signedIn(`#/users/${dash.seeded.demo.user_id}`);
      const { page } = opened;
      await setRange(page, addDays(today(), -(HISTORY_DAYS - 1)), today());
      expect(await seriesCount(page, 'weight')).toBe(1);
      expect(await canvasPainted(page, 'weight')).toBe(true);
      await page.getByTestId('provider-filter').locator('option[value="freestyle_libre"]').waitFor({ state: 'attached' });
      await page.getByTestId('provider-filter').selectOption('freestyle_libre');
      await expect.poll(() => seriesCount(page, 'steps')).toBe(0);
      expect(await page.getByTestId('chart-steps').innerText()).toContain('No data in this range');
      await dash.expectClean(opened, EXPECTED_404S);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when a range over 31 days is asked, then the page says so and draws nothing new${because}`,
    async () => {
      const opened = await dash.signedIn(`#/users/${dash.seeded.demo.user_id}`);
      const { page } = opened;
      await page.getByTestId('chart-steps').waitFor();
      await setRange(page, addDays(today(), -40), today());
      expect(await page.getByTestId('range-problem').innerText()).toBe('At most 31 days at once.');
      await setRange(page, today(), addDays(today(), -1));
      expect(await page.getByTestId('range-problem').innerText()).toBe('The start date is after the end date.');
      await dash.expectClean(opened, EXPECTED_404S);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when a workout's stream and a night's hypnogram are asked, then heart rate, pace and the stage steps are drawn${because}`,
    async () => {
      const opened = await dash.signedIn(`#/users/${dash.seeded.demo.user_id}`);
      const { page } = opened;
      await setRange(page, addDays(today(), -(HISTORY_DAYS - 1)), today());
      // The demo user has a workout in these days (hasWorkoutAndWeighIn). One that moved (a distance in
      // km) when the synthetic person did one: yoga and the like have no speed, so their pace chart is
      // the empty message.
      const rows = page.getByTestId('workouts-table').locator('tbody tr');
      await rows.first().waitFor();
      const moved = rows.filter({ hasText: / km/ });
      const withDistance = (await moved.count()) > 0;
      await (withDistance ? moved : rows).first().getByTestId('show-workout-stream').click();
      expect(await seriesCount(page, 'workout-heartrate')).toBe(1);
      expect(await canvasPainted(page, 'workout-heartrate')).toBe(true);
      expect(await seriesCount(page, 'workout-pace')).toBe(withDistance ? 1 : 0);
      if (withDistance) expect(await canvasPainted(page, 'workout-pace')).toBe(true);
      else expect(await page.getByTestId('chart-workout-pace').innerText()).toContain('No data in this range');
      await page.getByTestId('show-hypnogram').first().click();
      expect(await seriesCount(page, 'hypnogram')).toBe(1);
      expect(await canvasPainted(page, 'hypnogram')).toBe(true);
      await page.getByTestId('chart-hypnogram').scrollIntoViewIfNeeded();
      await screenshots(page, 'user-streams');
      await dash.expectClean(opened, EXPECTED_404S);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when the user has user info and insurance, then the page shows them${because}`,
    async () => {
      const user = dash.seeded.users[1]!;
      const team = (method: 'patch' | 'post', url: string) => request(dash.server.team)[method](url).set(TEAM_API_KEY_HEADER, dash.server.apiKey);
      expect((await team('patch', `/v2/user/${user.user_id}/info`).send(userInfoBody())).status).toBe(200);
      expect((await team('post', `/v2/user/${user.user_id}/insurance`).send(insuranceBody())).status).toBe(200);
      const opened = await dash.signedIn(`#/users/${user.user_id}`);
      const { page } = opened;
      await expect.poll(() => page.getByTestId('user-info').innerText()).toContain("Anne-Marie O'Connor");
      expect(await page.getByTestId('user-info').innerText()).toContain('anne.oconnor@example.com');
      await expect.poll(() => page.getByTestId('user-insurance').innerText()).toContain('W123456789');
      expect(await page.getByTestId('user-insurance').innerText()).toContain('AETNA');
      await dash.expectClean(opened);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when the user does not exist (or is another team's), then the page shows the API's message with a Retry button${because}`,
    async () => {
      const opened = await dash.signedIn(`#/users/${UNKNOWN_ID}`);
      const { page } = opened;
      const alert = page.getByTestId('user-page-status').getByRole('alert');
      await alert.waitFor();
      expect(await alert.innerText()).toMatch(/HTTP 404.*not found/);
      // One error for the page: the sections (whose reads were 404s too) stay hidden.
      expect(await page.getByRole('alert').count()).toBe(1);
      expect(await page.getByTestId('user-info').isVisible()).toBe(false);
      await alert.getByRole('button', { name: 'Retry' }).waitFor();
      await screenshots(page, 'user-error');
      await dash.expectClean(opened, [new RegExp(UNKNOWN_ID)]);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when another team's user is opened by its id, then the page says it is not found and shows none of its data${because}`,
    async () => {
      const other = await createTeamWithKey(dash.server);
      const created = await request(dash.server.team).post('/v2/user').set(TEAM_API_KEY_HEADER, other.apiKey).send({ client_user_id: 'other-teams-user' });
      expect(created.status).toBe(200);
      const userId = (created.body as { user_id: string }).user_id;
      const opened = await dash.signedIn(`#/users/${userId}`);
      const { page } = opened;
      const alert = page.getByTestId('user-page-status').getByRole('alert');
      await alert.waitFor();
      expect(await alert.innerText()).toContain('not found');
      expect(await page.locator('body').innerText()).not.toContain('other-teams-user');
      await dash.expectClean(opened, [new RegExp(userId)]);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when a demo provider is connected from the user page and then deregistered, then the connections and the record follow${because}`,
    async () => {
      const user = dash.seeded.users[0]!;
      const opened = await dash.signedIn(`#/users/${user.user_id}`);
      const { page } = opened;
      page.on('dialog', (dialog) => void dialog.accept());
      await page.getByTestId('connections').getByText('No connection yet.').waitFor();
      await page.getByTestId('demo-provider').selectOption('oura');
      await page.getByTestId('connect-demo').click();
      await page.getByTestId('connection-oura').waitFor();
      await expect.poll(() => page.getByTestId('user-record').innerText()).toContain('oura');
      await page.getByTestId('provider-filter').locator('option[value="oura"]').waitFor({ state: 'attached' });
      await page.getByTestId('deregister-oura').click();
      await page.getByTestId('connections').getByText('No connection yet.').waitFor();
      await dash.expectClean(opened, EXPECTED_404S);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when the link code, the sign-in token and refresh are asked, then each answer is shown (codes with a Copy button)${because}`,
    async () => {
      const opened = await dash.signedIn(`#/users/${dash.seeded.demo.user_id}`);
      const { page } = opened;
      await page.getByTestId('create-link-code').click();
      expect(await page.getByTestId('link-code').innerText()).toMatch(/^sk(us|eu)[0-9a-f]{8}$/);
      expect(await page.getByTestId('link-code-url').innerText()).toMatch(/^\S+:\/\//);
      await page.getByTestId('create-sign-in-token').click();
      expect(await page.getByTestId('sign-in-token').innerText()).not.toBe('');
      await page.getByTestId('tools-output').getByRole('button', { name: 'Copy' }).waitFor();
      await page.getByTestId('refresh-user').click();
      await expect.poll(() => page.getByTestId('tools-output').innerText()).toContain('Refreshed');
      await dash.expectClean(opened, EXPECTED_404S);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});
