/**
 * The user page's Data section in Chromium for the ECG recordings and the menstrual cycles
 * (`/v2/summary/electrocardiogram/{user_id}`, `/v2/summary/menstrual_cycle/{user_id}`): a
 * user connected to Apple HealthKit with 90 days of history shows every recording of the range
 * (date, classification, heart rate) and every cycle (period, length, phases), the ovulation
 * day where the sandbox's model puts it.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { components } from '../../generated/team/schema.js';
import { addDays, isoDate } from '../../server/dashboard/src/lib/format.js';
import { OVULATION_DAY } from '../../server/domain/synthetic/menstrual-cycle.js';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';
import { extendHistory, findDataWindows } from '../../server/storage/repositories/data-windows.js';
import { firstSuitable } from '../helpers/suitable.js';
import { because, screenshots, SKIP, TEST_TIMEOUT_MS, useDashboard } from './harness.js';

type Ecg = components['schemas']['ClientFacingElectrocardiogram'];
type Cycle = components['schemas']['ClientFacingMenstrualCycle'];

/** "No user info yet" and "no insurance yet" are 404s the page expects. */
const EXPECTED_404S = [/\/info\/latest$/, /\/insurance\/latest$/];
const RANGE_DAYS = 31;
const HISTORY_DAYS = 90;

const CLASSIFICATION: Record<string, string> = { sinus_rhythm: 'Sinus rhythm', atrial_fibrillation: 'Atrial fibrillation', inconclusive: 'Inconclusive' };
const CAUSE: Record<string, string> = { high_heart_rate: 'heart rate too high', low_heart_rate: 'heart rate too low', poor_reading: 'poor reading' };

describe('dashboard ECG recordings and menstrual cycles in Chromium', () => {
  const dash = useDashboard({ users: 0, historyDays: 1 });

  /**
   * A user connected to Apple HealthKit whose last RANGE_DAYS days hold an ECG recording and a
   * cycle with a basal temperature reading on each of its days (the synthetic data is random
   * per user: a man or an older woman has no cycle), with the API's answers for the range.
   */
  async function cycleUser(from: string, to: string) {
    const { server } = dash;
    const team = (method: 'get' | 'post', url: string) => request(server.team)[method](url).set(TEAM_API_KEY_HEADER, server.apiKey);
    let n = 0;
    return firstSuitable(
      async () => {
        const created = await team('post', '/v2/user').send({ client_user_id: `cycle-runner-${++n}` });
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        const user_id = (created.body as { user_id: string }).user_id;
        const connected = await team('post', '/v2/link/connect/demo').send({ user_id, provider: 'apple_health_kit' });
        expect(connected.status, JSON.stringify(connected.body)).toBe(200);
        const [window] = await findDataWindows(server.db, { team_id: server.teamId, user_id, provider: 'apple_health_kit' });
        await extendHistory(server.db, { team_id: server.teamId, user_id, provider: 'apple_health_kit', start_date: addDays(window!.history_start, -HISTORY_DAYS) });
        const range = `start_date=${from}&end_date=${to}`;
        const ecgs = (await team('get', `/v2/summary/electrocardiogram/${user_id}?${range}`)).body as { electrocardiogram: Ecg[] };
        const cycles = (await team('get', `/v2/summary/menstrual_cycle/${user_id}?${range}`)).body as { menstrual_cycle: Cycle[] };
        return { user_id, ecgs: ecgs.electrocardiogram, cycles: cycles.menstrual_cycle };
      },
      (candidate) => candidate.ecgs.length > 0 && candidate.cycles.length > 0 && candidate.cycles.every((c) => (c.basal_body_temperature ?? []).length === 28),
      'an ECG recording and a cycle with a basal temperature each day in the range',
    );
  }

  it.skipIf(SKIP)(
    `when a user with ECG recordings and menstrual cycles is shown over ${RANGE_DAYS} days, then both tables list them with their classification, heart rate, period, length and phases${because}`,
    async () => {
      const to = isoDate(new Date());
      const from = addDays(to, -(RANGE_DAYS - 1));
      const { user_id, ecgs, cycles } = await cycleUser(from, to);
      const opened = await dash.signedIn(`#/users/${user_id}?from=${from}&to=${to}`);
      const { page } = opened;
      expect(await page.getByTestId('range-from').inputValue()).toBe(from);

      // ECG: one row per recording, as the API lists it (the user has no time zone: UTC).
      const ecgTable = page.getByTestId('electrocardiograms-table');
      await ecgTable.waitFor();
      const ecgCells = await ecgTable.locator('tbody tr').evaluateAll((trs) =>
        trs.map((tr) => ['date', 'classification', 'heart-rate', 'provider'].map((name) => tr.querySelector(`[data-cell="${name}"]`)!.textContent!.trim())),
      );
      expect(ecgCells).toEqual(
        ecgs.map((ecg) => [
          ecg.session_start.slice(0, 10),
          ecg.inconclusive_cause ? `${CLASSIFICATION[ecg.classification!]} (${CAUSE[ecg.inconclusive_cause]})` : CLASSIFICATION[ecg.classification!],
          `${ecg.heart_rate_mean} bpm`,
          'apple_health_kit',
        ]),
      );

      // Cycles: period, 28-day length, and ovulation on the model's day, read from the temperature shift.
      const cycleTable = page.getByTestId('menstrual-cycles-table');
      await cycleTable.waitFor();
      const cycleCells = await cycleTable.locator('tbody tr').evaluateAll((trs) =>
        trs.map((tr) => ({
          cells: ['period-start', 'period-end', 'cycle-length', 'ovulation'].map((name) => tr.querySelector(`[data-cell="${name}"]`)!.textContent!.trim()),
          phases: [...tr.querySelectorAll('[data-phase]')].map((li) => li.getAttribute('data-phase')),
        })),
      );
      expect(cycleCells).toEqual(
        cycles.map((cycle) => ({
          cells: [cycle.period_start, cycle.period_end, '28 days', `${addDays(cycle.period_start, OVULATION_DAY)} (temperature shift)`],
          phases: ['menstrual', 'follicular', 'ovulation', 'luteal'],
        })),
      );
      const firstPhases = await cycleTable.locator('tbody tr').first().locator('[data-phase]').allInnerTexts();
      const first = cycles[0]!;
      expect(firstPhases[0]).toBe(`Menstrual ${first.period_start.slice(5)} to ${first.period_end!.slice(5)} (${(first.menstrual_flow ?? []).length} d)`);
      expect(firstPhases[3]).toBe(`Luteal ${addDays(first.period_start, OVULATION_DAY + 1).slice(5)} to ${first.cycle_end!.slice(5)} (${28 - OVULATION_DAY - 1} d)`);

      await screenshots(page, 'user-ecg-cycles');
      await dash.expectClean(opened, EXPECTED_404S);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.skipIf(SKIP)(
    `when a user has no ECG recording or cycle in the range, then both sections say so${because}`,
    async () => {
      const opened = await dash.signedIn(`#/users/${dash.seeded.demo.user_id}`);
      const { page } = opened;
      // The demo user is connected to fitbit and freestyle_libre, which deliver neither.
      await page.getByTestId('electrocardiograms-none').waitFor();
      await page.getByTestId('menstrual-cycles-none').waitFor();
      await dash.expectClean(opened, EXPECTED_404S);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});
