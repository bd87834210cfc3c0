/**
 * The data plane's caches (server/jobs/data-reads/caches.ts) never answer stale data: after
 * each change of what a day of synthetic data or its visibility depends on (a sync, the day
 * moving on, the user's time zone, the ingestion bounds, a deregistration), every read through
 * an app's caches answers what the same read through an app without caches answers. The
 * changes come through the API and straight through the database; on PostgreSQL, through a
 * second app with its own caches and connection pool on the same database too.
 */
import type { Express } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTeamApp } from '../../server/app.js';
import { createAppCaches } from '../../server/caches.js';
import type { AppCaches } from '../../server/http/handlers/context.js';
import { addDays } from '../../server/domain/synthetic/time-zone.js';
import { openDatabase } from '../../server/storage/database.js';
import { extendHistory } from '../../server/storage/repositories/data-windows.js';
import { engines } from '../storage/helpers.js';
import { apiEngines, TEAM_KEY_HEADER, useApiApp, type ApiApp } from './helpers.js';

const databaseUrl = process.env.DATABASE_URL || undefined;
/** Some fifty reads and a few syncs, on a busy machine. */
const READS_TIMEOUT_MS = 120_000;

/** An app of its own caches (switched off with `off`) on the test server's deps (its database unless given). */
function appOf(ctx: ApiApp, options: { off?: 'all'; db?: ApiApp['server']['db'] } = {}): { app: Express; caches: AppCaches } {
  const caches = createAppCaches({ cachesOff: options.off ?? new Set(), freezeCachedValues: true });
  return { app: createTeamApp({ ...ctx.server.deps, ...(options.db && { db: options.db }), caches }), caches };
}

const hits = (caches: AppCaches, name: string) => caches.registry.list().find((cache) => cache.definition.name === name)!.hits;

/**
 * Reads a user's data through `reader` (caches on) and `reference` (caches off) after each
 * change made through `writer` or the database, and expects the same answers.
 */
async function expectNoStaleReads(ctx: ApiApp, writer: Express, reader: { app: Express; caches: AppCaches }, reference: Express): Promise<void> {
  const call = (app: Express) => ({
    get: (url: string) => request(app).get(url).set(TEAM_KEY_HEADER, ctx.server.apiKey),
    post: (url: string) => request(app).post(url).set(TEAM_KEY_HEADER, ctx.server.apiKey),
    delete: (url: string) => request(app).delete(url).set(TEAM_KEY_HEADER, ctx.server.apiKey),
  });
  const t0 = Date.now();
  ctx.server.setNow(new Date(t0));
  const today = new Date(t0).toISOString().slice(0, 10);
  const user = await ctx.newUser();
  const id = user.user_id;
  await ctx.connect(id, 'fitbit');
  await extendHistory(ctx.server.db, { team_id: ctx.server.teamId, user_id: id, provider: 'fitbit', start_date: addDays(today, -3) });
  const range = `start_date=${addDays(today, -3)}&end_date=${today}`;
  const recent = `start_date=${addDays(today, -1)}&end_date=${today}`;
  const urls = [
    `/v2/summary/sleep/${id}?${range}`,
    `/v2/summary/activity/${id}?${range}`,
    `/v2/summary/workouts/${id}?${range}`,
    `/v2/summary/sleep/${id}/raw?${range}`,
    `/v2/timeseries/${id}/heartrate/grouped?${recent}`,
    `/v2/timeseries/${id}/steps?${recent}`,
    `/v2/summary/profile/${id}`,
  ];
  const agree = async (step: string) => {
    for (const url of urls) {
      const [cached, plain] = [await call(reader.app).get(url), await call(reference).get(url)];
      expect(cached.status, `${step}: ${url}`).toBe(plain.status);
      expect(cached.body, `${step}: ${url}`).toEqual(plain.body);
    }
  };
  const refresh = async () => expect((await call(writer).post(`/v2/user/refresh/${id}`)).status).toBe(200);
  const setUser = (column: 'fallback_time_zone' | 'ingestion_end', value: string) => ctx.server.db.query(`UPDATE users SET ${column} = $2 WHERE id = $1`, [id, value]);

  // A minute after the connection: a first sync at its very instant would not show its day yet.
  ctx.server.setNow(new Date(t0 + 60_000));
  await refresh();
  await agree('after the first sync');
  await agree('read again');
  // The second round of reads was answered from the caches, so the steps below test them.
  expect(hits(reader.caches, 'data-read-days')).toBeGreaterThan(0);
  expect(hits(reader.caches, 'data-read-bodies')).toBeGreaterThan(0);

  // The day moves on and a sync announces more of today: the same days, as of a later instant
  // (the heart rate of the last 45 minutes, at least).
  ctx.server.setNow(new Date(t0 + 46 * 60_000));
  await refresh();
  await agree('after a later sync');

  await setUser('fallback_time_zone', 'Pacific/Kiritimati');
  await agree('after the time zone changed');
  await refresh();
  await agree('after a sync in the new time zone');
  // A second zone: the formatter cache then holds two, and each read must take its own.
  await setUser('fallback_time_zone', 'America/New_York');
  await agree('after the time zone changed again');

  await setUser('ingestion_end', addDays(today, -2));
  await agree('after the ingestion bounds narrowed');

  expect((await call(writer).delete(`/v2/user/${id}/fitbit`)).status).toBe(200);
  await agree('after the provider was deregistered');
}

describe.each(apiEngines)('data read caches on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  it('when a sync, the day moving on, the time zone, the ingestion bounds or a deregistration change a user\'s data, then reads through the caches answer what reads without them answer', async () => {
    const reader = appOf(ctx);
    await expectNoStaleReads(ctx, reader.app, reader, appOf(ctx, { off: 'all' }).app);
  }, READS_TIMEOUT_MS);
});

const postgres = engines.find((engine) => engine.kind === 'postgres')!;

describe.skipIf(!databaseUrl)(`data read caches of two apps on one PostgreSQL database${databaseUrl ? '' : ' (skipped: DATABASE_URL is unset)'}`, () => {
  const ctx = useApiApp(postgres);

  it('when the other app syncs and deregisters and the database changes under both, then each app\'s reads through its caches answer what reads without caches answer', async () => {
    const { schema } = (await ctx.server.db.one<{ schema: string }>(`SELECT current_schema() AS schema`))!;
    const other = await openDatabase({ databaseUrl, schema });
    try {
      const writer = appOf(ctx, { db: other });
      await expectNoStaleReads(ctx, writer.app, appOf(ctx), appOf(ctx, { off: 'all' }).app);
    } finally {
      await other.close();
    }
  }, READS_TIMEOUT_MS);
});
