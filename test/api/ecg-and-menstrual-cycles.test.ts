/**
 * getElectrocardiograms and getMenstrualCycles: the ECG recordings and menstrual cycles a
 * connected user's data windows let a team read, agreeing with the timeseries beside them.
 */
import { describe, expect, it } from 'vitest';
import { generateDay } from '../../server/domain/synthetic/day.js';
import { personOf } from '../../server/domain/synthetic/person.js';
import { addDays } from '../../server/domain/synthetic/time-zone.js';
import { extendHistory, findDataWindows } from '../../server/storage/repositories/data-windows.js';
import { firstSuitable } from '../helpers/suitable.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, useApiApp, type TeamSchemas } from './helpers.js';

type Sample = TeamSchemas['ClientFacingSample'];

function someDay(from: string, days: number, has: (date: string) => boolean): boolean {
  for (let i = 0; i < days; i += 1) if (has(addDays(from, i))) return true;
  return false;
}

describe.each(apiEngines)('ECG recordings and menstrual cycles on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const get = (url: string, key?: string) => ctx.team(key).get(url);

  /** A user connected to `provider` whose history reaches back `days` days, chosen so that `suits` holds. */
  async function userWithHistory(provider: string, days: number, suits: (userId: string, start: string) => boolean) {
    const connected = async () => {
      const user = await ctx.newUser();
      await ctx.connect(user.user_id, provider);
      const [window] = await findDataWindows(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id, provider });
      return { user, start: addDays(window!.history_start, -days), end: addDays(window!.history_start, -1) };
    };
    const chosen = await firstSuitable(connected, ({ user, start }) => suits(user.user_id, start));
    await extendHistory(ctx.server.db, { team_id: ctx.server.teamId, user_id: chosen.user.user_id, provider, start_date: chosen.start });
    return chosen;
  }

  it('when a Kardia user with history reads ECG recordings, then each spans exactly its voltage samples, by count and time', async () => {
    const ecgOn = (userId: string) => (date: string) => generateDay({ userId, provider: 'kardia', date, timeZone: 'UTC', resources: ['electrocardiogram'] }).electrocardiogram.length > 0;
    const { user, start, end } = await userWithHistory('kardia', 10, (userId, from) => someDay(from, 10, ecgOn(userId)));
    const recordings = expectStatus<TeamSchemas['ClientFacingElectrocardiogramResponse']>(await get(`/v2/summary/electrocardiogram/${user.user_id}?start_date=${start}&end_date=${end}`), 200).electrocardiogram;
    expect(recordings.length).toBeGreaterThan(0);
    for (const ecg of recordings) {
      expect(ecg).toMatchObject({ user_id: user.user_id, source_provider: 'kardia', source: { provider: 'kardia' } });
      const day = ecg.session_start.slice(0, 10);
      const voltage = expectStatus<Sample[]>(await get(`/v2/timeseries/${user.user_id}/electrocardiogram_voltage?start_date=${day}&end_date=${day}&provider=kardia`), 200);
      const within = voltage.filter((s) => Date.parse(s.timestamp) >= Date.parse(ecg.session_start) && Date.parse(s.timestamp) < Date.parse(ecg.session_end));
      expect(within).toHaveLength(ecg.voltage_sample_count);
      expect(within).toHaveLength(voltage.length);
      // A cause exactly when the classifier could not read a rhythm.
      expect(ecg.inconclusive_cause === null).toBe(ecg.classification !== 'inconclusive');
    }
    // Ordered oldest first.
    expect(recordings.map((r) => r.session_start)).toEqual([...recordings.map((r) => r.session_start)].sort());
  });

  it('when a user with cycles reads menstrual cycles, then the cycle whose last day lies in the range is listed, with its period, and not when only its start does', async () => {
    const cycleEnd = (userId: string, from: string) => {
      for (let i = 0; i < 40; i += 1) {
        const date = addDays(from, i);
        if (generateDay({ userId, provider: 'oura', date, timeZone: 'UTC', resources: ['menstrual_cycle'] }).menstrual_cycle.length > 0) return date;
      }
      return null;
    };
    const suits = (userId: string, from: string) => {
      const person = personOf(userId);
      return person.sex === 'female' && person.age <= 52 && cycleEnd(userId, from) !== null;
    };
    const { user, start, end } = await userWithHistory('oura', 40, suits);
    const last = cycleEnd(user.user_id, start)!;
    expect(last <= end).toBe(true);
    const read = async (from: string, to: string) =>
      expectStatus<TeamSchemas['MenstrualCycleResponse']>(await get(`/v2/summary/menstrual_cycle/${user.user_id}?start_date=${from}&end_date=${to}`), 200).menstrual_cycle;
    const [cycle, ...others] = await read(last, last);
    expect(others).toEqual([]);
    expect(cycle).toMatchObject({ cycle_end: last, period_start: addDays(last, -27), is_predicted: false, user_id: user.user_id, source: { provider: 'oura' }, basal_body_temperature: [] });
    expect(cycle!.menstrual_flow![0]).toMatchObject({ date: cycle!.period_start });
    expect(cycle!.menstrual_flow!.at(-1)).toMatchObject({ date: cycle!.period_end });
    // A range holding the period but not the last day does not list the cycle.
    expect(await read(cycle!.period_start, addDays(last, -1))).toEqual(expect.not.arrayContaining([expect.objectContaining({ id: cycle!.id })]));
    expect((await read(start, end)).map((c) => c.id)).toContain(cycle!.id);
  });

  it('when a user has no connection, then both lists are empty; another team\'s user is a 404; a range over 366 days is a 422', async () => {
    const user = await ctx.newUser();
    expect(expectStatus(await get(`/v2/summary/electrocardiogram/${user.user_id}?start_date=2026-01-01`), 200)).toEqual({ electrocardiogram: [] });
    expect(expectStatus(await get(`/v2/summary/menstrual_cycle/${user.user_id}?start_date=2026-01-01`), 200)).toEqual({ menstrual_cycle: [] });
    const { other } = await ctx.otherTeamsUser();
    expectDetail(await get(`/v2/summary/electrocardiogram/${user.user_id}?start_date=2026-01-01`, other.apiKey), 404);
    expectDetail(await get(`/v2/summary/menstrual_cycle/${user.user_id}?start_date=2026-01-01`, other.apiKey), 404);
    expectValidation(await get(`/v2/summary/menstrual_cycle/${user.user_id}?start_date=2025-01-01&end_date=2026-01-02`), [{ loc: ['query', 'end_date'] }]);
    expectValidation(await get(`/v2/summary/electrocardiogram/${user.user_id}?start_date=2026-01-01&provider=nope`), [{ loc: ['query', 'provider'] }]);
  });
});
