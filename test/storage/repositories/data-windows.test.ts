import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  advanceSyncedThrough,
  endDataWindow,
  extendHistory,
  findDataWindows,
  findUserDataWindows,
  listDueDataWindows,
  openDataWindow,
} from '../../../server/storage/repositories/data-windows.js';
import { createUser } from '../../../server/storage/repositories/users.js';
import { setSourcePriorities } from '../../../server/storage/repositories/source-priorities.js';
import type { Database } from '../../../server/storage/database.js';
import { engineCases, seedTeam, useTestDatabase } from '../helpers.js';

async function seedUser(db: Database, fallback_time_zone?: string, bounds: { ingestion_start?: string; ingestion_end?: string } = {}) {
  const { team } = await seedTeam(db);
  const created = await createUser(db, {
    team_id: team.id,
    client_user_id: randomUUID(),
    ...(fallback_time_zone ? { fallback_time_zone: { id: fallback_time_zone, source_slug: 'manual' } } : {}),
    ...bounds,
  });
  if (created.status !== 'created') throw new Error('expected created');
  return { team_id: team.id, user_id: created.user.user_id };
}

const OPENED = '2026-11-20T10:00:00.000Z';

describe.each(engineCases)('data windows repository on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('data windows', () => {
    const ctx = useTestDatabase(engine);

    it('when a window is opened, then it is found with the user time zone and ingestion bounds (also as the bounds applied so far) and opening twice keeps it', async () => {
      const ids = await seedUser(ctx.db, 'Pacific/Kiritimati', { ingestion_start: '2026-11-01' });
      const opened = await openDataWindow(ctx.db, { ...ids, provider: 'oura', source_type: 'ring', history_start: '2026-11-21', opened_at: OPENED });
      expect(opened).toEqual({
        ...ids,
        provider: 'oura',
        source_type: 'ring',
        history_start: '2026-11-21',
        synced_through: OPENED,
        opened_at: OPENED,
        ended_at: null,
        time_zone: 'Pacific/Kiritimati',
        ingestion_start: '2026-11-01',
        ingestion_end: null,
        synced_ingestion_start: '2026-11-01',
        synced_ingestion_end: null,
      });
      const again = await openDataWindow(ctx.db, { ...ids, provider: 'oura', source_type: 'ring', history_start: '2026-11-25', opened_at: '2026-11-25T00:00:00.000Z' });
      expect(again).toEqual(opened);
      expect(await findDataWindows(ctx.db, ids)).toEqual([opened]);
      expect(await findDataWindows(ctx.db, { ...ids, provider: 'fitbit' })).toEqual([]);
    });

    it('when a user and its windows are read together, then they come in one answer: none for another team, an empty list without windows, the provider filter applied', async () => {
      const ids = await seedUser(ctx.db, 'Europe/Paris');
      expect(await findUserDataWindows(ctx.db, ids)).toEqual({ user_id: ids.user_id, time_zone: 'Europe/Paris', windows: [], source_priorities: null });
      const oura = await openDataWindow(ctx.db, { ...ids, provider: 'oura', source_type: 'ring', history_start: '2026-11-21', opened_at: OPENED });
      const fitbit = await openDataWindow(ctx.db, { ...ids, provider: 'fitbit', source_type: 'device', history_start: '2026-11-19', opened_at: OPENED });
      expect(await findUserDataWindows(ctx.db, { ...ids, user_id: ids.user_id.toUpperCase() })).toEqual({ user_id: ids.user_id, time_zone: 'Europe/Paris', windows: [fitbit, oura], source_priorities: null });
      expect(await findUserDataWindows(ctx.db, { ...ids, provider: 'oura' })).toEqual({ user_id: ids.user_id, time_zone: 'Europe/Paris', windows: [oura], source_priorities: null });
      expect(await findUserDataWindows(ctx.db, { ...ids, provider: 'withings' })).toEqual({ user_id: ids.user_id, time_zone: 'Europe/Paris', windows: [], source_priorities: null });
      // With a data type, the same answer carries the team's order of its sources, null until the team set one.
      expect(await findUserDataWindows(ctx.db, { ...ids, priority: 'sleep' })).toMatchObject({ windows: [fitbit, oura], source_priorities: null });
      await setSourcePriorities(ctx.db, { team_id: ids.team_id, change: { sleep: ['oura', 'fitbit'] }, at: OPENED });
      expect(await findUserDataWindows(ctx.db, { ...ids, priority: 'sleep' })).toMatchObject({ windows: [fitbit, oura], source_priorities: ['oura', 'fitbit'] });
      expect(await findUserDataWindows(ctx.db, { ...ids, priority: 'activity' })).toMatchObject({ source_priorities: null });
      const other = await seedUser(ctx.db);
      expect(await findUserDataWindows(ctx.db, { team_id: other.team_id, user_id: ids.user_id })).toBeNull();
      expect(await findUserDataWindows(ctx.db, { team_id: ids.team_id, user_id: 'not-a-uuid' })).toBeNull();
    });

    it('when the user is not in the team, then no window is opened', async () => {
      const ids = await seedUser(ctx.db);
      const other = await seedTeam(ctx.db);
      expect(await openDataWindow(ctx.db, { ...ids, team_id: other.team.id, provider: 'oura', source_type: 'ring', history_start: '2026-11-20', opened_at: OPENED })).toBeNull();
      expect(await findDataWindows(ctx.db, { ...ids, team_id: other.team.id })).toEqual([]);
      expect(await findDataWindows(ctx.db, { ...ids, user_id: 'not-a-uuid' })).toEqual([]);
    });

    it('when history is extended, then it only moves back', async () => {
      const ids = await seedUser(ctx.db);
      await openDataWindow(ctx.db, { ...ids, provider: 'fitbit', source_type: 'watch', history_start: '2026-11-20', opened_at: OPENED });
      expect((await extendHistory(ctx.db, { ...ids, provider: 'fitbit', start_date: '2026-10-21' }))?.history_start).toBe('2026-10-21');
      expect((await extendHistory(ctx.db, { ...ids, provider: 'fitbit', start_date: '2026-11-01' }))?.history_start).toBe('2026-10-21');
      expect(await extendHistory(ctx.db, { ...ids, provider: 'oura', start_date: '2026-11-01' })).toBeNull();
    });

    it('when a sync advances the window, then it moves forward only and only from the expected position', async () => {
      const ids = await seedUser(ctx.db);
      await openDataWindow(ctx.db, { ...ids, provider: 'fitbit', source_type: 'watch', history_start: '2026-11-20', opened_at: OPENED });
      const to = '2026-11-20T10:05:00.000Z';
      expect((await advanceSyncedThrough(ctx.db, { ...ids, provider: 'fitbit', to, from: OPENED }))?.synced_through).toBe(to);
      expect(await advanceSyncedThrough(ctx.db, { ...ids, provider: 'fitbit', to: '2026-11-20T10:10:00.000Z', from: OPENED })).toBeNull();
      expect(await advanceSyncedThrough(ctx.db, { ...ids, provider: 'fitbit', to: OPENED })).toBeNull();
      expect((await findDataWindows(ctx.db, ids))[0]?.synced_through).toBe(to);
    });

    it('when a window is ended, then it no longer advances or is due, stays readable, and a reconnect opens it anew', async () => {
      const ids = await seedUser(ctx.db);
      await openDataWindow(ctx.db, { ...ids, provider: 'fitbit', source_type: 'watch', history_start: '2026-11-10', opened_at: OPENED });
      const ended = await endDataWindow(ctx.db, { ...ids, provider: 'fitbit', at: '2026-11-21T00:00:00.000Z' });
      expect(ended).toMatchObject({ ended_at: '2026-11-21T00:00:00.000Z', synced_through: OPENED, history_start: '2026-11-10' });
      expect(await endDataWindow(ctx.db, { ...ids, provider: 'fitbit', at: '2026-11-22T00:00:00.000Z' })).toBeNull();
      expect(await advanceSyncedThrough(ctx.db, { ...ids, provider: 'fitbit', to: '2026-11-22T00:00:00.000Z' })).toBeNull();
      expect((await listDueDataWindows(ctx.db, { limit: 10, before: '2027-01-01T00:00:00.000Z' })).filter((w) => w.user_id === ids.user_id)).toEqual([]);
      expect(await findDataWindows(ctx.db, ids)).toEqual([ended]);
      const reopened = await openDataWindow(ctx.db, { ...ids, provider: 'fitbit', source_type: 'watch', history_start: '2026-11-25', opened_at: '2026-11-25T08:00:00.000Z' });
      expect(reopened).toMatchObject({ ended_at: null, history_start: '2026-11-25', synced_through: '2026-11-25T08:00:00.000Z' });
    });

    it('when due windows are listed, then they come least recently synced first and page by keyset', async () => {
      const ids = await seedUser(ctx.db);
      const times = ['2026-11-20T10:02:00.000Z', '2026-11-20T10:00:00.000Z', '2026-11-20T10:01:00.000Z'];
      const providers = ['fitbit', 'oura', 'garmin'];
      for (const [i, provider] of providers.entries()) {
        await openDataWindow(ctx.db, { ...ids, provider, source_type: 'watch', history_start: '2026-11-20', opened_at: times[i]! });
      }
      const before = '2026-11-20T10:02:00.000Z';
      const mine = (rows: { user_id: string; provider: string }[]) => rows.filter((w) => w.user_id === ids.user_id).map((w) => w.provider);
      const all = await listDueDataWindows(ctx.db, { limit: 100, before });
      expect(mine(all)).toEqual(['oura', 'garmin']);
      const first = await listDueDataWindows(ctx.db, { limit: 1, before });
      const rest = await listDueDataWindows(ctx.db, { limit: 100, before, after: first[0]! });
      expect([...first, ...rest]).toEqual(all);
    });

    it('when the user is deleted, then the windows go with it', async () => {
      const ids = await seedUser(ctx.db);
      await openDataWindow(ctx.db, { ...ids, provider: 'oura', source_type: 'ring', history_start: '2026-11-20', opened_at: OPENED });
      await ctx.db.query('DELETE FROM users WHERE id = $1', [ids.user_id]);
      expect(await ctx.db.query('SELECT 1 FROM data_windows WHERE user_id = $1', [ids.user_id])).toEqual([]);
    });
  });
});
