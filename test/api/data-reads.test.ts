/**
 * The data reads (/v2/summary/*, /v2/timeseries/*): what a connected user's data windows let a
 * team read, and every documented error. A window opens when the connection is made; tests
 * move its history back as a historical pull does (extendHistory) to read past days.
 */
import { describe, expect, it } from 'vitest';
import { generateDay } from '../../server/domain/synthetic/day.js';
import { addDays } from '../../server/domain/synthetic/time-zone.js';
import { extendHistory, findDataWindows } from '../../server/storage/repositories/data-windows.js';
import { firstSuitable } from '../helpers/suitable.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

type Grouped = TeamSchemas['GroupedTimeseriesResponse'];
type Sample = TeamSchemas['ClientFacingSample'];

const today = (timeZone = 'UTC') => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** Whether the user's synthetic data at `provider` has a workout on a day from `from` to `to` (days of a user without a time zone, UTC). */
function hasWorkout(userId: string, provider: string, from: string, to: string): boolean {
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (generateDay({ userId, provider, date, timeZone: 'UTC', resources: ['workouts'] }).workouts.length > 0) return true;
  }
  return false;
}

describe.each(apiEngines)('data reads on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const get = (url: string, key?: string) => ctx.team(key).get(url);

  /**
   * A user connected to `provider` whose history reaches back `days` days (as after a historical pull).
   * The synthetic data is random per user id: a test that needs something in it takes a user whose
   * readable days have it (`suits`, given the user and the first readable day).
   */
  async function userWithHistory(
    provider: string,
    days: number,
    body: Partial<TeamSchemas['CreateUserRequest']> = {},
    suits: (userId: string, start: string) => boolean = () => true,
  ) {
    const connected = async () => {
      const user = await ctx.newUser(body);
      await ctx.connect(user.user_id, provider);
      const [window] = await findDataWindows(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id, provider });
      return { user, start: addDays(window!.history_start, -days), end: window!.history_start };
    };
    const chosen = await firstSuitable(connected, ({ user, start }) => suits(user.user_id, start));
    await extendHistory(ctx.server.db, { team_id: ctx.server.teamId, user_id: chosen.user.user_id, provider, start_date: chosen.start });
    return chosen;
  }

  describe('summaries', () => {
    it('when a connected user with history reads activity, then one summary per past day whose steps equal the day of steps samples', async () => {
      const { user, start } = await userWithHistory('fitbit', 3);
      const end = addDays(start, 2);
      const body = expectStatus<TeamSchemas['ClientActivityResponse']>(await get(`/v2/summary/activity/${user.user_id}?start_date=${start}&end_date=${end}`), 200);
      expect(body.activity.map((a) => a.calendar_date)).toEqual([start, addDays(start, 1), end]);
      for (const activity of body.activity) {
        expect(activity.user_id).toBe(user.user_id);
        expect(activity.source.provider).toBe('fitbit');
        const steps = expectStatus<Grouped>(
          await get(`/v2/timeseries/${user.user_id}/steps/grouped?start_date=${activity.calendar_date}&end_date=${activity.calendar_date}`),
          200,
        );
        const samples = (steps.groups.fitbit ?? []).flatMap((g) => g.data) as { value: number }[];
        expect(samples.reduce((sum, s) => sum + s.value, 0)).toBe(activity.steps);
      }
    });

    it('when sleep and sleep cycles are read, then each sleep has its cycle whose stages add up to its durations', async () => {
      const { user, start } = await userWithHistory('fitbit', 2);
      const range = `start_date=${start}&end_date=${addDays(start, 1)}`;
      const sleep = expectStatus<TeamSchemas['ClientSleepResponse']>(await get(`/v2/summary/sleep/${user.user_id}?${range}`), 200).sleep;
      const cycles = expectStatus<TeamSchemas['ClientSleepCycleResponse']>(await get(`/v2/summary/sleep_cycle/${user.user_id}?${range}`), 200).sleep_cycle;
      expect(sleep.length).toBeGreaterThan(0);
      for (const s of sleep) {
        const cycle = cycles.find((c) => c.sleep_id === s.id);
        expect(cycle).toBeDefined();
        const seconds = (stage: number) =>
          cycle!.stage_type.reduce((sum, type, i) => (type === stage ? sum + cycle!.stage_end_offset_second[i]! - cycle!.stage_start_offset_second[i]! : sum), 0);
        expect([seconds(1), seconds(2), seconds(3), seconds(4)]).toEqual([s.deep, s.light, s.rem, s.awake]);
      }
    });

    it('when body, workouts, meals and raw records are read, then they answer lists of the range', async () => {
      const { user, start } = await userWithHistory('fitbit', 7);
      const range = `start_date=${start}&end_date=${addDays(start, 6)}`;
      const body = expectStatus<TeamSchemas['ClientBodyResponse']>(await get(`/v2/summary/body/${user.user_id}?${range}`), 200).body;
      const workouts = expectStatus<TeamSchemas['ClientWorkoutResponse']>(await get(`/v2/summary/workouts/${user.user_id}?${range}`), 200).workouts;
      const meals = expectStatus<TeamSchemas['ClientFacingMealResponse']>(await get(`/v2/summary/meal/${user.user_id}?${range}`), 200).meals;
      for (const list of [body, workouts, meals]) for (const item of list) expect(item.user_id).toBe(user.user_id);
      expect(workouts.length + body.length + meals.length).toBeGreaterThan(0);
      const rawWorkouts = expectStatus<TeamSchemas['RawWorkout']>(await get(`/v2/summary/workouts/${user.user_id}/raw?${range}`), 200).workouts;
      expect(rawWorkouts.map((r) => [r.sport?.slug, r.data.averageHeartrate])).toEqual(workouts.map((w) => [w.sport.slug, w.average_hr]));
      const activity = expectStatus<TeamSchemas['ClientActivityResponse']>(await get(`/v2/summary/activity/${user.user_id}?${range}`), 200).activity;
      const rawActivity = expectStatus<TeamSchemas['RawActivity']>(await get(`/v2/summary/activity/${user.user_id}/raw?${range}`), 200).activity;
      expect(rawActivity.map((r) => (r.data.summary as { steps: number }).steps)).toEqual(activity.map((a) => a.steps));
    });

    it('when the same range is read twice, then the answers are identical (the data is derived, deterministic)', async () => {
      const { user, start } = await userWithHistory('oura', 2);
      const url = `/v2/summary/sleep/${user.user_id}?start_date=${start}&end_date=${addDays(start, 1)}`;
      expect(expectStatus(await get(url), 200)).toEqual(expectStatus(await get(url), 200));
    });

    it('when a read is repeated after the window synced further or its history reached back, then it answers the new data, not the earlier body', async () => {
      const { user, start } = await userWithHistory('fitbit', 2);
      const yesterday = addDays(today(), -1);
      const key = { team_id: ctx.server.teamId, user_id: user.user_id, provider: 'fitbit' };
      const sleepUrl = `/v2/summary/sleep/${user.user_id}?start_date=${addDays(start, -3)}&end_date=${yesterday}`;
      const heartUrl = `/v2/timeseries/${user.user_id}/heartrate/grouped?start_date=${yesterday}&end_date=${yesterday}`;
      const samples = (body: Grouped) => (body.groups.fitbit ?? []).flatMap((g) => g.data);
      // Synced through yesterday noon (UTC, the user's zone): yesterday's samples stop there.
      await ctx.server.db.query(`UPDATE data_windows SET synced_through = $3 WHERE user_id = $1 AND provider = $2`, [user.user_id, 'fitbit', `${yesterday}T12:00:00Z`]);
      const sleepBefore = expectStatus<TeamSchemas['ClientSleepResponse']>(await get(sleepUrl), 200).sleep;
      const heartBefore = samples(expectStatus<Grouped>(await get(heartUrl), 200));
      expect(samples(expectStatus<Grouped>(await get(heartUrl), 200))).toEqual(heartBefore);
      expect(heartBefore.every((sample) => Date.parse(sample.timestamp) <= Date.parse(`${yesterday}T12:00:00Z`))).toBe(true);

      await ctx.server.db.query(`UPDATE data_windows SET synced_through = now() WHERE user_id = $1 AND provider = $2`, [user.user_id, 'fitbit']);
      const heartAfter = samples(expectStatus<Grouped>(await get(heartUrl), 200));
      expect(heartAfter.length).toBeGreaterThan(heartBefore.length);
      expect(heartAfter.slice(0, heartBefore.length)).toEqual(heartBefore);

      await extendHistory(ctx.server.db, { ...key, start_date: addDays(start, -3) });
      const sleepAfter = expectStatus<TeamSchemas['ClientSleepResponse']>(await get(sleepUrl), 200).sleep;
      expect(sleepAfter.length).toBeGreaterThan(sleepBefore.length);
      expect(sleepAfter.map((s) => s.calendar_date)[0]! < start).toBe(true);
    });

    it('when a user has no connection, then every summary list is empty', async () => {
      const user = await ctx.newUser();
      const range = `start_date=${addDays(today(), -3)}`;
      for (const [path, prop] of [['activity', 'activity'], ['sleep', 'sleep'], ['body', 'body'], ['workouts', 'workouts'], ['meal', 'meals'], ['sleep_cycle', 'sleep_cycle']]) {
        expect(expectStatus(await get(`/v2/summary/${path}/${user.user_id}?${range}`), 200)).toEqual({ [prop!]: [] });
      }
    });

    it('when the range lies before the connection history, then the lists are empty', async () => {
      const user = await ctx.connectedUser('fitbit');
      const before = addDays(today(), -10);
      expect(expectStatus(await get(`/v2/summary/activity/${user.user_id}?start_date=${before}&end_date=${addDays(before, 2)}`), 200)).toEqual({ activity: [] });
    });

    it('when the provider filter names another provider of the user, then only that provider answers', async () => {
      const { user, start } = await userWithHistory('fitbit', 2);
      await ctx.connect(user.user_id, 'oura');
      const range = `start_date=${start}&end_date=${addDays(start, 1)}`;
      const all = expectStatus<TeamSchemas['ClientActivityResponse']>(await get(`/v2/summary/activity/${user.user_id}?${range}`), 200).activity;
      const oura = expectStatus<TeamSchemas['ClientActivityResponse']>(await get(`/v2/summary/activity/${user.user_id}?${range}&provider=oura`), 200).activity;
      expect(all.every((a) => a.source.provider === 'fitbit')).toBe(true);
      expect(oura).toEqual([]);
    });

    it('when activity is read, then low, medium and high are seconds: the provider record\'s minutes times 60', async () => {
      const { user, start } = await userWithHistory('fitbit', 3);
      const range = `start_date=${start}&end_date=${addDays(start, 2)}`;
      const activity = expectStatus<TeamSchemas['ClientActivityResponse']>(await get(`/v2/summary/activity/${user.user_id}?${range}`), 200).activity;
      const raw = expectStatus<TeamSchemas['RawActivity']>(await get(`/v2/summary/activity/${user.user_id}/raw?${range}`), 200).activity;
      type Minutes = { lightlyActiveMinutes: number; fairlyActiveMinutes: number; veryActiveMinutes: number };
      const minutes = raw.map((r) => r.data.summary as Minutes);
      expect(activity).toHaveLength(3);
      expect(activity.some((a) => a.low! > 0)).toBe(true);
      expect(activity.map((a) => [a.low, a.medium, a.high])).toEqual(minutes.map((m) => [m.lightlyActiveMinutes * 60, m.fairlyActiveMinutes * 60, m.veryActiveMinutes * 60]));
    });

    it('when the profile is read, then it is the first connected provider\'s, or the named one\'s, and 404 without a provider', async () => {
      const user = await ctx.connectedUser('fitbit');
      const profile = expectStatus<TeamSchemas['ClientFacingProfile']>(await get(`/v2/summary/profile/${user.user_id}`), 200);
      expect(profile).toMatchObject({ user_id: user.user_id, source: { provider: 'fitbit' } });
      const raw = expectStatus<TeamSchemas['RawProfile']>(await get(`/v2/summary/profile/${user.user_id}/raw?provider=fitbit`), 200);
      expect(raw.profile).toMatchObject({ user_id: user.user_id, source: { slug: 'fitbit' } });
      expectDetail(await get(`/v2/summary/profile/${user.user_id}?provider=oura`), 404);
      const lonely = await ctx.newUser();
      expectDetail(await get(`/v2/summary/profile/${lonely.user_id}`), 404);
    });
  });

  describe('bad input', () => {
    it('when start_date is missing or malformed, then 422 naming start_date', async () => {
      const user = await ctx.connectedUser('fitbit');
      expectValidation(await get(`/v2/summary/sleep/${user.user_id}`), [{ loc: ['query', 'start_date'] }]);
      for (const bad of ['yesterday', '2026-02-30', '2026-11-21T25:00:00Z', '20261121']) {
        expectValidation(await get(`/v2/summary/sleep/${user.user_id}?start_date=${encodeURIComponent(bad)}`), [{ loc: ['query', 'start_date'] }]);
      }
    });

    it('when end_date is before start_date or the range is too long, then 422 naming end_date', async () => {
      const user = await ctx.connectedUser('fitbit');
      expectValidation(await get(`/v2/summary/activity/${user.user_id}?start_date=2026-11-21&end_date=2026-11-20`), [{ loc: ['query', 'end_date'] }]);
      expectValidation(await get(`/v2/summary/activity/${user.user_id}?start_date=2025-01-01&end_date=2026-01-02`), [{ loc: ['query', 'end_date'] }]);
      expectStatus(await get(`/v2/summary/activity/${user.user_id}?start_date=2025-01-01&end_date=2026-01-01`), 200);
      expectValidation(await get(`/v2/timeseries/${user.user_id}/heartrate?start_date=2026-01-01&end_date=2026-02-01`), [{ loc: ['query', 'end_date'] }]);
    });

    it('when the provider is not a catalog slug, then 422 naming provider', async () => {
      const user = await ctx.connectedUser('fitbit');
      expectValidation(await get(`/v2/summary/activity/${user.user_id}?start_date=2026-11-21&provider=fitbitt`), [{ loc: ['query', 'provider'] }]);
      expectValidation(await get(`/v2/timeseries/${user.user_id}/steps/grouped?start_date=2026-11-21&provider=nope`), [{ loc: ['query', 'provider'] }]);
      expectValidation(await get(`/v2/summary/profile/${user.user_id}?provider=nope`), [{ loc: ['query', 'provider'] }]);
    });

    it('when the resource is unknown, then 422 naming resource', async () => {
      const user = await ctx.connectedUser('fitbit');
      expectValidation(await get(`/v2/timeseries/${user.user_id}/heartbeat/grouped?start_date=2026-11-21`), [{ loc: ['path', 'resource'] }]);
    });

    it("when another team's user, workout or sleep is read, then 404", async () => {
      const { other } = await ctx.otherTeamsUser();
      // About 3 users in 100 have no workout in a given week, and about 1 in 18,000 none in 30 days:
      // the test takes a user with a workout in its 30 days.
      const { user, start } = await userWithHistory('fitbit', 30, {}, (userId, first) => hasWorkout(userId, 'fitbit', first, addDays(first, 29)));
      const range = `start_date=${start}&end_date=${addDays(start, 29)}`;
      expectDetail(await get(`/v2/summary/sleep/${user.user_id}?${range}`, other.apiKey), 404);
      expectDetail(await get(`/v2/timeseries/${user.user_id}/heartrate/grouped?${range}`, other.apiKey), 404);
      const workouts = expectStatus<TeamSchemas['ClientWorkoutResponse']>(await get(`/v2/summary/workouts/${user.user_id}?${range}`), 200).workouts;
      const sleep = expectStatus<TeamSchemas['ClientSleepResponse']>(await get(`/v2/summary/sleep/${user.user_id}?${range}`), 200).sleep;
      expect(workouts.length).toBeGreaterThan(0);
      expectStatus(await get(`/v2/timeseries/workouts/${workouts[0]!.id}/stream`), 200);
      expectDetail(await get(`/v2/timeseries/workouts/${workouts[0]!.id}/stream`, other.apiKey), 404);
      expectStatus(await get(`/v2/timeseries/sleep/${sleep[0]!.id}/stream`), 200);
      expectDetail(await get(`/v2/timeseries/sleep/${sleep[0]!.id}/stream`, other.apiKey), 404);
      expectDetail(await get(`/v2/timeseries/workouts/${UNKNOWN_ID}/stream`), 404);
      expectDetail(await get(`/v2/summary/activity/${UNKNOWN_ID}?start_date=2026-11-21`), 404);
    });
  });

  describe('streams', () => {
    it("when a workout's stream is read, then its heart rate agrees with the workout's average and max", async () => {
      // About 3 users in 100 have no workout in a given week, and about 1 in 18,000 none in 30 days:
      // the test takes a user with a workout in its 30 days.
      const { user, start } = await userWithHistory('fitbit', 30, {}, (userId, first) => hasWorkout(userId, 'fitbit', first, addDays(first, 29)));
      const workouts = expectStatus<TeamSchemas['ClientWorkoutResponse']>(
        await get(`/v2/summary/workouts/${user.user_id}?start_date=${start}&end_date=${addDays(start, 29)}`),
        200,
      ).workouts;
      expect(workouts.length).toBeGreaterThan(0);
      for (const workout of workouts) {
        const stream = expectStatus<TeamSchemas['ClientFacingStream']>(await get(`/v2/timeseries/workouts/${workout.id}/stream`), 200);
        expect(stream.time.length).toBeGreaterThan(0);
        expect(Math.max(...stream.heartrate)).toBe(workout.max_hr);
        expect(Math.abs(stream.heartrate.reduce((a, b) => a + b, 0) / stream.heartrate.length - workout.average_hr!)).toBeLessThanOrEqual(1);
      }
    });
  });

  describe('grouped timeseries', () => {
    it('when every page is walked, then each sample of the range comes exactly once, oldest first, and matches the plain read', async () => {
      const { user, start } = await userWithHistory('fitbit', 60);
      const end = addDays(start, 59);
      const base = `/v2/timeseries/${user.user_id}/heartrate/grouped?start_date=${start}&end_date=${end}`;
      const seen: Sample[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: Grouped = expectStatus<Grouped>(await get(cursor ? `${base}&next_cursor=${cursor}` : base), 200);
        expect(page.next).toBe(page.next_cursor);
        for (const group of page.groups.fitbit ?? []) seen.push(...group.data);
        cursor = page.next_cursor;
        pages += 1;
      } while (cursor && pages < 100);
      expect(pages).toBeGreaterThan(1);
      const stamps = seen.map((s) => s.timestamp);
      expect(new Set(stamps).size).toBe(stamps.length);
      expect([...stamps].sort((a, b) => Date.parse(a) - Date.parse(b))).toEqual(stamps);
      expect(seen.every((s) => 'value' in s && s.unit === 'bpm')).toBe(true);
    });

    it('when a cursor is forged or belongs to another query, then 422 naming next_cursor', async () => {
      const { user, start } = await userWithHistory('fitbit', 60);
      const base = `/v2/timeseries/${user.user_id}/heartrate/grouped?start_date=${start}&end_date=${addDays(start, 59)}`;
      const first = expectStatus<Grouped>(await get(base), 200);
      expect(first.next_cursor).not.toBeNull();
      expectValidation(await get(`/v2/timeseries/${user.user_id}/hrv/grouped?start_date=${start}&next_cursor=${first.next_cursor}`), [{ loc: ['query', 'next_cursor'] }]);
      expectValidation(await get(`${base}&next_cursor=garbage`), [{ loc: ['query', 'next_cursor'] }]);
      expectStatus(await get(`${base}&cursor=${first.next_cursor}`), 200);
      // The same cursor with its day changed to one no calendar has.
      const position = JSON.parse(Buffer.from(first.next_cursor!, 'base64url').toString('utf8')) as { day: string; query: string };
      for (const day of ['2026-02-30', '2026-11-31']) {
        const edited = Buffer.from(JSON.stringify({ ...position, day }), 'utf8').toString('base64url');
        expectValidation(await get(`${base}&next_cursor=${edited}`), [{ loc: ['query', 'next_cursor'] }]);
      }
    });

    it('when a user has no data in the range, then groups are empty and there is no next page', async () => {
      const user = await ctx.newUser();
      expect(expectStatus(await get(`/v2/timeseries/${user.user_id}/heartrate/grouped?start_date=${today()}`), 200)).toEqual({ groups: {}, next_cursor: null, next: null });
      expect(expectStatus(await get(`/v2/timeseries/${user.user_id}/heartrate?start_date=${today()}`), 200)).toEqual([]);
    });

    it('when interval samples are read, then end is after start and timestamp equals start', async () => {
      const { user, start } = await userWithHistory('fitbit', 1);
      const read = async (resource: string) =>
        (expectStatus<Grouped>(await get(`/v2/timeseries/${user.user_id}/${resource}/grouped?start_date=${start}&end_date=${start}`), 200).groups.fitbit ?? []).flatMap(
          (g) => g.data,
        ) as TeamSchemas['ClientFacingIntervalSample'][];
      // Steps and distance: a wheelchair user (about 1 in 75 seeds) has pushes and no steps, while everyone moves some distance.
      const samples = [...(await read('steps')), ...(await read('distance'))];
      expect(samples.length).toBeGreaterThan(0);
      for (const s of samples) {
        expect(s.timestamp).toBe(s.start);
        expect(Date.parse(s.end)).toBeGreaterThan(Date.parse(s.start));
      }
    });
  });

  describe('time zones', () => {
    it('when the user lives in UTC+14, then a bare date is that local day and samples carry the +14 h offset', async () => {
      const { user, start } = await userWithHistory('fitbit', 2, { fallback_time_zone: 'Pacific/Kiritimati' });
      const page = expectStatus<Grouped>(await get(`/v2/timeseries/${user.user_id}/heartrate/grouped?start_date=${start}&end_date=${start}`), 200);
      const samples = (page.groups.fitbit ?? []).flatMap((g) => g.data) as TeamSchemas['ClientFacingPointSample'][];
      expect(samples.length).toBeGreaterThan(0);
      const dayStart = Date.parse(`${start}T00:00:00+14:00`);
      for (const s of samples) {
        expect(s.timezone_offset).toBe(14 * 3600);
        expect(Date.parse(s.timestamp)).toBeGreaterThanOrEqual(dayStart);
        expect(Date.parse(s.timestamp)).toBeLessThan(dayStart + 86_400_000);
      }
      const activity = expectStatus<TeamSchemas['ClientActivityResponse']>(await get(`/v2/summary/activity/${user.user_id}?start_date=${start}&end_date=${start}`), 200).activity;
      expect(activity.map((a) => a.calendar_date)).toEqual([start]);
    });

    it('when the user lives in London and reads the day the clocks go back, then the day has 25 hours of samples and its steps add up', async () => {
      const dstDay = '2026-10-25';
      const back = Math.ceil((Date.parse(today('Europe/London')) - Date.parse(dstDay)) / 86_400_000) + 1;
      const { user } = await userWithHistory('fitbit', back, { fallback_time_zone: 'Europe/London' });
      const range = `start_date=${dstDay}&end_date=${dstDay}`;
      const hr = expectStatus<Grouped>(await get(`/v2/timeseries/${user.user_id}/heartrate/grouped?${range}`), 200);
      const samples = (hr.groups.fitbit ?? []).flatMap((g) => g.data) as TeamSchemas['ClientFacingPointSample'][];
      const [start, end] = [Date.parse('2026-10-24T23:00:00Z'), Date.parse('2026-10-26T00:00:00Z')];
      expect(samples.every((s) => Date.parse(s.timestamp) >= start && Date.parse(s.timestamp) < end)).toBe(true);
      expect(Date.parse(samples.at(-1)!.timestamp) - Date.parse(samples[0]!.timestamp)).toBeGreaterThan(24 * 3_600_000);
      expect(new Set(samples.map((s) => s.timezone_offset))).toEqual(new Set([3600, 0]));
      const steps = expectStatus<Grouped>(await get(`/v2/timeseries/${user.user_id}/steps/grouped?${range}`), 200);
      const total = (steps.groups.fitbit ?? []).flatMap((g) => g.data).reduce((sum, s) => sum + (s as { value: number }).value, 0);
      const activity = expectStatus<TeamSchemas['ClientActivityResponse']>(await get(`/v2/summary/activity/${user.user_id}?${range}`), 200).activity;
      expect(activity.map((a) => [a.calendar_date, a.steps])).toEqual([[dstDay, total]]);
    });

    it('when a date-time with an offset bounds the range, then only samples of that instant range come back', async () => {
      const { user, start } = await userWithHistory('fitbit', 1);
      const from = `${start}T10:00:00Z`;
      const to = `${start}T11:00:00Z`;
      const page = expectStatus<Grouped>(await get(`/v2/timeseries/${user.user_id}/heartrate/grouped?start_date=${encodeURIComponent(from)}&end_date=${encodeURIComponent(to)}`), 200);
      const samples = (page.groups.fitbit ?? []).flatMap((g) => g.data);
      expect(samples.length).toBeGreaterThan(0);
      for (const s of samples) {
        expect(Date.parse(s.timestamp)).toBeGreaterThanOrEqual(Date.parse(from));
        expect(Date.parse(s.timestamp)).toBeLessThanOrEqual(Date.parse(to));
      }
    });
  });

  describe('what the events announced', () => {
    /** The user's events in the outbox: type and data. */
    const eventsOf = (userId: string) =>
      ctx.server.db.query<{ event_type: string; data: Record<string, unknown> }>(`SELECT event_type, payload->'data' AS data FROM events WHERE payload->>'user_id' = $1 ORDER BY created_on`, [
        userId,
      ]);
    const refresh = async (userId: string) =>
      expect(expectStatus<TeamSchemas['UserRefreshResponse']>(await ctx.team().post(`/v2/user/refresh/${userId}`), 200).failed_sources).toEqual([]);
    const dailyData = async (userId: string) => (await eventsOf(userId)).filter((event) => event.event_type.startsWith('daily.') && event.event_type !== 'daily.data.profile.created');
    const activityDays = async (userId: string, start: string) =>
      expectStatus<TeamSchemas['ClientActivityResponse']>(await get(`/v2/summary/activity/${userId}?start_date=${start}`), 200).activity.map((a) => a.calendar_date);

    it('when a provider was just connected, then its day reads nothing until the first sync, which announces the day from its start: the activity as created, every heart-rate sample the read then shows', async () => {
      const user = await ctx.connectedUser('fitbit');
      const day = today();
      const activityUrl = `/v2/summary/activity/${user.user_id}?start_date=${day}`;
      const heartUrl = `/v2/timeseries/${user.user_id}/heartrate/grouped?start_date=${day}`;
      expect(expectStatus(await get(activityUrl), 200)).toEqual({ activity: [] });
      expect(expectStatus<Grouped>(await get(heartUrl), 200).groups).toEqual({});

      await refresh(user.user_id);
      const [activity] = expectStatus<TeamSchemas['ClientActivityResponse']>(await get(activityUrl), 200).activity;
      const events = await eventsOf(user.user_id);
      expect(events.filter((event) => event.event_type.startsWith('daily.data.activity.') && event.data.id === activity!.id).map((event) => event.event_type)).toEqual([
        'daily.data.activity.created',
      ]);
      const announced = new Set(events.filter((event) => event.event_type === 'daily.data.heartrate.created').flatMap((event) => (event.data.data as Sample[]).map((s) => Date.parse(s.timestamp))));
      const read = (expectStatus<Grouped>(await get(heartUrl), 200).groups.fitbit ?? []).flatMap((g) => g.data);
      expect(read.length).toBeGreaterThan(0);
      expect(read.filter((sample) => !announced.has(Date.parse(sample.timestamp)))).toEqual([]);
    });

    it('when the user has ingestion bounds, then no day outside them is read or announced, after a historical pull and a refresh too', async () => {
      const day = today();
      const [first, last] = [addDays(day, -58), addDays(day, -18)];
      const user = await ctx.newUser({ ingestion_start: first, ingestion_end: last });
      await ctx.connect(user.user_id, 'fitbit');
      // A historical pull of 30 days (within the bounds: from 30 days ago to ingestion_end) moves the history back.
      await extendHistory(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id, provider: 'fitbit', start_date: addDays(day, -30) });
      await refresh(user.user_id);
      const expected = Array.from({ length: 13 }, (_, i) => addDays(day, -30 + i));
      expect(await activityDays(user.user_id, first)).toEqual(expected);
      expect(expectStatus<Grouped>(await get(`/v2/timeseries/${user.user_id}/heartrate/grouped?start_date=${addDays(last, 1)}`), 200).groups).toEqual({});
      expect(await dailyData(user.user_id)).toEqual([]);

      // Bounds starting in the future: nothing yet.
      const later = await ctx.newUser({ ingestion_start: addDays(day, 2) });
      await ctx.connect(later.user_id, 'fitbit');
      await refresh(later.user_id);
      expect(await activityDays(later.user_id, addDays(day, -1))).toEqual([]);
      expect(await dailyData(later.user_id)).toEqual([]);
    });

    it('when the ingestion bounds change, then a narrowed bound hides its days at once and a widened one shows them once a sync announced them, as created', async () => {
      const user = await ctx.connectedUser('fitbit');
      const t0 = Date.now();
      const day = today();
      const days = [-3, -2, -1, 0].map((offset) => addDays(day, offset));
      await extendHistory(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id, provider: 'fitbit', start_date: days[0]! });
      const setEnd = (end: string | null) => ctx.server.db.query(`UPDATE users SET ingestion_end = $2 WHERE id = $1`, [user.user_id, end]);
      ctx.server.setNow(new Date(t0));
      await refresh(user.user_id);
      expect(await activityDays(user.user_id, days[0]!)).toEqual(days);

      await setEnd(days[1]!);
      expect(await activityDays(user.user_id, days[0]!)).toEqual(days.slice(0, 2));
      ctx.server.setNow(new Date(t0 + 1_000));
      await refresh(user.user_id);
      expect(await activityDays(user.user_id, days[0]!)).toEqual(days.slice(0, 2));
      const announcedBefore = (await eventsOf(user.user_id)).length;

      await setEnd(null);
      expect(await activityDays(user.user_id, days[0]!)).toEqual(days.slice(0, 2));
      ctx.server.setNow(new Date(t0 + 2_000));
      await refresh(user.user_id);
      const activity = expectStatus<TeamSchemas['ClientActivityResponse']>(await get(`/v2/summary/activity/${user.user_id}?start_date=${days[0]}`), 200).activity;
      expect(activity.map((a) => a.calendar_date)).toEqual(days);
      const announced = (await eventsOf(user.user_id)).slice(announcedBefore).filter((event) => event.event_type.startsWith('daily.data.activity.'));
      const sorted = (pairs: unknown[][]) => pairs.map((pair) => JSON.stringify(pair)).sort();
      expect(sorted(announced.map((event) => [event.event_type, event.data.id]))).toEqual(sorted(activity.slice(2).map((a) => ['daily.data.activity.created', a.id])));
    });

    it('when a connection is first synced, then its daily.data.profile.created carries the profile the read gives, timestamps included', async () => {
      const user = await ctx.connectedUser('fitbit');
      await refresh(user.user_id);
      const { source: _read, ...read } = expectStatus<TeamSchemas['ClientFacingProfile']>(await get(`/v2/summary/profile/${user.user_id}`), 200);
      const profiles = (await eventsOf(user.user_id)).filter((event) => event.event_type === 'daily.data.profile.created');
      expect(profiles).toHaveLength(1);
      const { source: _event, ...announced } = profiles[0]!.data;
      expect(announced).toEqual(read);
    });
  });

  describe('deregistering', () => {
    it('when the only provider was deregistered, then the profile and its raw record are a 404, with or without provider; with another provider left, then it is that one\'s', async () => {
      const user = await ctx.connectedUser('oura');
      expectStatus(await get(`/v2/summary/profile/${user.user_id}`), 200);
      expectStatus(await ctx.team().delete(`/v2/user/${user.user_id}/oura`), 200);
      expectDetail(await get(`/v2/summary/profile/${user.user_id}`), 404);
      expectDetail(await get(`/v2/summary/profile/${user.user_id}?provider=oura`), 404);
      expectDetail(await get(`/v2/summary/profile/${user.user_id}/raw`), 404);

      const both = await ctx.connectedUser('oura');
      await ctx.connect(both.user_id, 'fitbit');
      expectStatus(await ctx.team().delete(`/v2/user/${both.user_id}/oura`), 200);
      expect(expectStatus<TeamSchemas['ClientFacingProfile']>(await get(`/v2/summary/profile/${both.user_id}`), 200).source.provider).toBe('fitbit');
    });


    it('when a provider is deregistered, then its synced history stays readable', async () => {
      const { user, start } = await userWithHistory('fitbit', 3);
      const url = `/v2/summary/activity/${user.user_id}?start_date=${start}&end_date=${addDays(start, 2)}`;
      const before = expectStatus<TeamSchemas['ClientActivityResponse']>(await get(url), 200);
      expect(before.activity.length).toBe(3);
      expectStatus(await ctx.team().delete(`/v2/user/${user.user_id}/fitbit`), 200);
      expect(expectStatus(await get(url), 200)).toEqual(before);
      const [window] = await findDataWindows(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id });
      expect(window?.ended_at).not.toBeNull();
    });
  });
});
