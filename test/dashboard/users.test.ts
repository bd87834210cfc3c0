/** The users page in Chromium: the newest-first list, search, paging, creating a user, opening its page; keyboard use. */
import { describe, expect, it } from 'vitest';
import { because, screenshots, SKIP, TEST_TIMEOUT_MS, useDashboard } from './harness.js';

describe('dashboard users page in Chromium', () => {
  // 60 plain users and the demo user: two pages of 50.
  const dash = useDashboard({ users: 60, historyDays: 1 });

  it.skipIf(SKIP)(
    `when the users page opens, then it lists the newest first with created time and providers, and pages through the rest${because}`,
    async () => {
      const opened = await dash.signedIn();
      const { page } = opened;
      const rows = page.getByTestId('users-table').locator('tbody tr');
      await rows.first().waitFor();
      expect(await page.getByTestId('users-count').innerText()).toBe('1–50 of 61');
      expect(await rows.count()).toBe(50);
      // Newest first: the demo user was created last.
      expect(await rows.first().locator('td').first().innerText()).toBe('demo-runner');
      expect(await rows.first().locator('td').nth(2).innerText()).toBe('fitbit, freestyle_libre');
      expect(await rows.first().locator('td').nth(1).innerText()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
      await screenshots(page, 'users');
      await page.getByTestId('users-next').click();
      await expect.poll(() => page.getByTestId('users-count').innerText()).toBe('51–61 of 61');
      expect(await rows.count()).toBe(11);
      expect(await rows.last().locator('td').first().innerText()).toBe('dash-user-01');
      expect(page.url()).toContain('#/users?offset=50');
      expect(await page.getByTestId('users-next').isDisabled()).toBe(true);
      await dash.expectClean(opened);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when a part of a client_user_id is typed in any case, then the list narrows to the matches, and a user_id finds its user${because}`,
    async () => {
      const opened = await dash.signedIn();
      const { page } = opened;
      await page.getByTestId('users-table').waitFor();
      await page.getByTestId('user-search').fill('USER-0');
      await expect.poll(() => page.getByTestId('users-count').innerText()).toBe('1–9 of 9');
      const names = await page.getByTestId('users-table').locator('tbody tr td:first-child').allInnerTexts();
      expect(names).toEqual(['dash-user-09', 'dash-user-08', 'dash-user-07', 'dash-user-06', 'dash-user-05', 'dash-user-04', 'dash-user-03', 'dash-user-02', 'dash-user-01']);
      expect(page.url()).toContain('#/users?search=USER-0');
      await page.getByTestId('user-search').fill(dash.seeded.demo.user_id);
      await expect.poll(() => page.getByTestId('users-count').innerText()).toBe('1–1 of 1');
      await page.getByTestId('user-search').fill('nobody-has-this-name');
      await page.getByTestId('users-empty').waitFor();
      expect(await page.getByTestId('users-empty').innerText()).toBe('No user matches "nobody-has-this-name".');
      await dash.expectClean(opened);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when a user is found and opened by keyboard, then its page opens; Back returns to the same search${because}`,
    async () => {
      const opened = await dash.signedIn();
      const { page } = opened;
      await page.getByTestId('users-table').waitFor();
      await page.getByTestId('user-search').fill('demo-run');
      await expect.poll(() => page.getByTestId('users-count').innerText()).toBe('1–1 of 1');
      await page.getByTestId('user-link').first().focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('user-client-id').innerText()).toBe('demo-runner');
      await page.goBack();
      await expect.poll(() => page.getByTestId('users-count').innerText()).toBe('1–1 of 1');
      expect(await page.getByTestId('user-search').inputValue()).toBe('demo-run');
      await dash.expectClean(opened, [/\/info\/latest$/, /\/insurance\/latest$/]);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when a user is created from the form, then its page opens; a taken client_user_id gets the API's message${because}`,
    async () => {
      const opened = await dash.signedIn();
      const { page } = opened;
      await page.getByTestId('new-client-user-id').fill('made-in-the-dashboard');
      await page.getByTestId('create-user').click();
      await expect.poll(() => page.getByTestId('user-client-id').innerText()).toBe('made-in-the-dashboard');
      await page.goto(`${dash.server.teamUrl}/dashboard/#/users`);
      await page.getByTestId('new-client-user-id').fill('made-in-the-dashboard');
      await page.getByTestId('new-client-user-id').press('Enter');
      await page.getByTestId('create-user-error').waitFor({ state: 'visible' });
      expect(await page.getByTestId('create-user-error').innerText()).toMatch(/made-in-the-dashboard/);
      await dash.expectClean(opened, [/\/info\/latest$/, /\/insurance\/latest$/, /\/v2\/user$/]);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});
