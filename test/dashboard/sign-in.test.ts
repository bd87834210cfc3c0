/** Signing in to the dashboard in Chromium: the team key, a wrong key, the management key with a team picker, signing out. */
import { describe, expect, it } from 'vitest';
import { because, screenshots, SKIP, TEST_TIMEOUT_MS, useDashboard } from './harness.js';

describe('dashboard sign-in in Chromium', () => {
  const dash = useDashboard({ users: 2, historyDays: 1 });

  it.skipIf(SKIP)(
    `when the team API key is entered, then the users page opens and the key is kept in session storage only${because}`,
    async () => {
      const opened = await dash.open();
      const { page } = opened;
      await page.getByTestId('team-key').waitFor();
      await screenshots(page, 'sign-in');
      await page.getByTestId('team-key').fill(dash.server.apiKey);
      await page.getByTestId('team-sign-in').click();
      await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
      expect(page.url()).toMatch(/\/dashboard\/#\/users$/);
      expect(await page.getByTestId('session-team').innerText()).toBe('team API key');
      const stored = await page.evaluate(() => ({ session: sessionStorage.getItem('dashboard.session'), local: localStorage.length, cookie: document.cookie }));
      expect(JSON.parse(stored.session!)).toEqual({ kind: 'team', teamKey: dash.server.apiKey });
      expect(stored.local).toBe(0);
      expect(stored.cookie).toBe('');
      await dash.expectClean(opened);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when a wrong team key is entered, then it is refused with a message and nothing is stored${because}`,
    async () => {
      const opened = await dash.open();
      const { page } = opened;
      await page.getByTestId('team-key').fill('sk_us_not_a_key_of_this_sandbox_0000');
      await page.getByTestId('team-sign-in').click();
      const error = page.getByTestId('sign-in-error');
      await error.waitFor();
      expect(await error.innerText()).toMatch(/^That key was refused: .+/);
      expect(await page.evaluate(() => sessionStorage.getItem('dashboard.session'))).toBeNull();
      await screenshots(page, 'sign-in-refused');
      // The refused key's 401 is logged by Chromium as a failed fetch: expected.
      await dash.expectClean(opened, [/\/v2\/providers$/]);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when a wrong management key is entered, then it is refused with a message and no team is listed${because}`,
    async () => {
      const opened = await dash.open();
      const { page } = opened;
      await page.getByTestId('management-key').fill('mg_not_a_key_of_this_org_0000000000');
      await page.getByTestId('management-list-teams').click();
      const error = page.getByTestId('management-sign-in-error');
      await error.waitFor();
      expect(await error.innerText()).toMatch(/^That management key or org id was refused: .+/);
      expect(await page.getByTestId('team-picker').locator('button').count()).toBe(0);
      expect(await page.evaluate(() => sessionStorage.getItem('dashboard.session'))).toBeNull();
      await dash.expectClean(opened, [/\/v1\/org\/[^/]+\/team$/]);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when the management key is entered, then the org's teams are listed, picking one signs in with a session key that sign-out revokes${because}`,
    async () => {
      const opened = await dash.open();
      const { page } = opened;
      await page.getByTestId('management-key').fill(dash.server.managementKey);
      expect(await page.getByTestId('org-id').inputValue()).toBe(dash.server.orgId);
      await page.getByTestId('management-list-teams').click();
      const pick = page.getByTestId(`pick-team-${dash.server.teamId}`);
      await pick.waitFor();
      await screenshots(page, 'sign-in-team-picker');
      await pick.click();
      await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
      expect(await page.getByTestId('session-team').innerText()).toContain('(management key)');
      const session = JSON.parse((await page.evaluate(() => sessionStorage.getItem('dashboard.session')))!) as { teamKey: string; teamKeyId: string };
      expect(session.teamKey).toMatch(/^sk_us_/);
      expect(session.teamKey).not.toBe(dash.server.apiKey);
      // The session key works on the team API until sign-out revokes it.
      const before = await fetch(`${dash.server.teamUrl}/v2/providers`, { headers: { 'x-vital-api-key': session.teamKey } });
      expect(before.status).toBe(200);
      await page.getByTestId('sign-out').click();
      await page.getByTestId('team-key').waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('dashboard.session'))).toBeNull();
      await expect.poll(async () => (await fetch(`${dash.server.teamUrl}/v2/providers`, { headers: { 'x-vital-api-key': session.teamKey } })).status).toBe(401);
      await dash.expectClean(opened);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});
