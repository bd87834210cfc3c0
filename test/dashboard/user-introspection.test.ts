/**
 * The user page's Devices and Introspection sections in Chromium: the demo-connected user
 * (fitbit and freestyle_libre, 30 days of history, a fitbit historical pull run by the real
 * worker) shows its devices and exactly the introspection rows the API answered the page.
 */
import type { Page, Response } from 'playwright-core';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { components } from '../../generated/team/schema.js';
import { formatDateTime } from '../../server/dashboard/src/lib/format.js';
import { notPulled, pullProgressText, pullRows, resourceRows, type UserPullsLike, type UserResourcesLike } from '../../server/dashboard/src/lib/introspection.js';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';
import { because, screenshots, SKIP, TEST_TIMEOUT_MS, useDashboard } from './harness.js';

type Device = components['schemas']['ClientFacingDevice'];

/** "No user info yet" and "no insurance yet" are 404s the page expects. */
const EXPECTED_404S = [/\/info\/latest$/, /\/insurance\/latest$/];

/** The text of each row's cells, by `data-cell` (or all cells when the table has none). */
const cellTexts = (page: Page, testid: string) =>
  page.getByTestId(testid).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim())));

describe('dashboard user devices and introspection in Chromium', () => {
  const dash = useDashboard({ users: 1, historyDays: 30 }, { bulkPullWorker: true });

  /** Starts a fitbit historical pull of the demo user and waits until the worker ran it (introspection says so). */
  async function pullFitbit(userId: string) {
    const { server } = dash;
    const team = (method: 'get' | 'post', url: string) => request(server.team)[method](url).set(TEAM_API_KEY_HEADER, server.apiKey);
    const pull = await team('post', '/v2/link/bulk_trigger_historical_pull').send({ user_ids: [userId], provider: 'fitbit' });
    expect([200, 202], JSON.stringify(pull.body)).toContain(pull.status);
    await expect
      .poll(
        async () => {
          const answer = (await team('get', `/v2/introspect/historical_pull?user_id=${userId}`)).body as { data: UserPullsLike[] };
          return Object.values(answer.data[0]?.provider.fitbit?.pulled ?? {}).map((p) => p?.status);
        },
        { timeout: 60_000, interval: 200 },
      )
      .toSatisfy((statuses: unknown[]) => statuses.length > 0 && statuses.every((s) => s === 'success'));
  }

  it.skipIf(SKIP)(
    `when the demo user's page is opened, then its devices and the introspection rows the API answered are shown${because}`,
    async () => {
      const { demo } = dash.seeded;
      await pullFitbit(demo.user_id);
      const opened = await dash.open(`#/users/${demo.user_id}`);
      const { page } = opened;
      const answered = (path: string) => page.waitForResponse((r: Response) => new URL(r.url()).pathname === path && r.request().method() === 'GET');
      const devicesAnswer = answered(`/v2/user/${demo.user_id}/device`);
      const resourcesAnswer = answered('/v2/introspect/resources');
      const pullsAnswer = answered('/v2/introspect/historical_pull');
      await page.getByTestId('team-key').fill(dash.server.apiKey);
      await page.getByTestId('team-sign-in').click();

      // Devices: one per connected provider, as the API answered.
      const devices = (await (await devicesAnswer).json()) as Device[];
      expect(devices.map((d) => d.provider).sort()).toEqual(['fitbit', 'freestyle_libre']);
      await page.getByTestId('devices-table').waitFor();
      expect(await cellTexts(page, 'devices-table')).toEqual(
        devices.map((d) => [d.provider, String(d.source_type), d.device_manufacturer || '–', d.device_model || '–', d.device_version || '–', d.device_id || '–', d.app_id || '–']),
      );

      // Resources: per provider and resource, whether there is data and since when.
      const resources = (await (await resourcesAnswer).json()) as { data: UserResourcesLike[] };
      expect(resources.data.map((u) => u.user_id)).toEqual([demo.user_id]);
      const expectedResources = resourceRows(resources.data);
      expect(expectedResources.some((row) => row.provider === 'fitbit' && row.hasData)).toBe(true);
      expect(expectedResources.some((row) => row.provider === 'freestyle_libre' && row.resource === 'glucose')).toBe(true);
      await page.getByTestId('introspect-resources-table').waitFor();
      expect(await cellTexts(page, 'introspect-resources-table')).toEqual(
        expectedResources.map((row) => [
          row.provider,
          row.resource,
          row.hasData ? 'yes' : 'none yet',
          row.oldest ? formatDateTime(row.oldest) : '–',
          row.newest ? formatDateTime(row.newest) : '–',
          row.lastAttempt ? `${row.lastAttempt} ${formatDateTime(row.lastAttemptAt)}`.trim() : '–',
        ]),
      );

      // Historical pulls: fitbit's pull succeeded over its whole range.
      const pulls = (await (await pullsAnswer).json()) as { data: UserPullsLike[] };
      const expectedPulls = pullRows(pulls.data);
      expect(expectedPulls.map((row) => [row.provider, row.status, row.percent])).toEqual([['fitbit', 'success', 100]]);
      await page.getByTestId('introspect-pulls-table').waitFor();
      const shown = await cellTexts(page, 'introspect-pulls-table');
      expect(shown.map((cells) => [cells[0], cells[1], cells[2], cells[4]])).toEqual(expectedPulls.map((row) => [row.provider, row.resources.join(', '), row.status, pullProgressText(row)]));
      expect(await page.getByTestId('introspect-pulls-table').locator('progress').getAttribute('value')).toBe(String(expectedPulls[0]!.daysWithData));
      // The resources no pull covered, per provider: all of freestyle_libre's.
      const missing = notPulled(pulls.data);
      expect(missing.find((entry) => entry.provider === 'freestyle_libre')?.resources).toEqual(['glucose']);
      expect(await page.getByTestId('introspect-not-pulled').locator('li').allInnerTexts()).toEqual(missing.map((entry) => `${entry.provider} not pulled: ${entry.resources.join(', ')}`));

      await screenshots(page, 'user-introspection');
      await dash.expectClean(opened, EXPECTED_404S);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when a user has no connection, then the page says there is no device, no resource and no pull${because}`,
    async () => {
      const opened = await dash.signedIn(`#/users/${dash.seeded.users[0]!.user_id}`);
      const { page } = opened;
      await page.getByTestId('devices-none').waitFor();
      await page.getByTestId('introspect-resources-none').waitFor();
      await page.getByTestId('introspect-pulls-none').waitFor();
      await dash.expectClean(opened, EXPECTED_404S);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});
