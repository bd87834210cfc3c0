/**
 * How the worker recovers, in process and deterministic: a worker that dies between two
 * chunks, a claim that expired and was taken over, a graceful stop, pulls that keep failing,
 * and users that went away. (kill-restart.test.ts does the same with real processes.)
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../helpers/fake-clock.js';
import { historicalResourcesFor, pullNextChunk } from '../../../server/jobs/bulk-pull/pull.js';
import { BulkPullWorker, type BulkPullWorkerOptions } from '../../../server/jobs/bulk-pull/worker.js';
import { silentLogger } from '../../helpers/silent-logger.js';
import type { Database } from '../../../server/storage/database.js';
import { claimBucketTriggers, requeueExpiredClaims } from '../../../server/storage/repositories/bulk-claims.js';
import { completeBulkOpIfDone, getBulkOp } from '../../../server/storage/repositories/bulk-ops.js';
import { readBulkTrigger } from '../../storage/bulk-fixtures.js';
import { deleteConnection } from '../../../server/storage/repositories/connections.js';
import { getPullProgress } from '../../storage/stored-state.js';
import { setPullPreference } from '../../../server/storage/repositories/pull-preferences.js';
import { deleteUser } from '../../../server/storage/repositories/users.js';
import { engineCases, seedTeam, useTestDatabase } from '../../storage/helpers.js';
import { enqueueOp, seedConnectedUsers, until } from './helpers.js';

const FAST = { policies: { policies: { '*': { kind: 'concurrency', limit: 1000 } } } } as const;

describe.each(engineCases)('bulk pull recovery on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('worker', () => {
    const ctx = useTestDatabase(engine);

    async function setup(provider: string, count: number, days?: number) {
      const { team } = await seedTeam(ctx.db);
      if (days) await setPullPreference(ctx.db, { team_id: team.id, provider, range_days: days });
      const users = await seedConnectedUsers(ctx.db, { team_id: team.id, provider, count });
      const op = await enqueueOp(ctx.db, { team_id: team.id, provider, user_ids: users });
      return { team, users, op };
    }

    function worker(options: Partial<BulkPullWorkerOptions> & { db?: Database } = {}) {
      let ended = 0;
      const instance = new BulkPullWorker({ db: ctx.db, logger: silentLogger(), ...FAST, pollMs: 10, ...options, onTriggerEnded: () => (ended += 1) });
      return { instance, ended: () => ended };
    }

    async function runToEnd(opId: string, teamId: string, options: Partial<BulkPullWorkerOptions> = {}) {
      const { instance } = worker(options);
      instance.start();
      try {
        for (;;) {
          const op = (await getBulkOp(ctx.db, { team_id: teamId, id: opId }))!;
          if (op.status !== 'in_progress') return op;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      } finally {
        await instance.stop();
      }
    }

    async function eventCount(opId: string) {
      const row = await ctx.db.one<{ n: number; keys: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT dedup_key)::int AS keys FROM events WHERE dedup_key LIKE $1`,
        [`historical:${opId}:%`],
      );
      return row!;
    }

    it('when a worker dies between two chunks, then a new one resumes from the stored progress and the trigger completes once', async () => {
      const { team, users, op } = await setup('oura', 3, 5);
      // The first worker fetches one chunk of each trigger, then "dies": its claims stay running.
      const dying = worker({
        chunkDays: 2,
        workerId: 'dying',
        pull: async (claim) => {
          const step = await ctx.db.transaction((tx) => pullNextChunk(tx, claim, { chunkDays: 2, source: 'synthetic' }));
          expect(step.outcome).toBe('more');
        },
      });
      await dying.instance.tick();
      await dying.instance.drain();
      for (const user of users) {
        expect(await readBulkTrigger(ctx.db, { op_id: op.id, user_id: user })).toMatchObject({ state: 'running', claimed_by: 'dying', attempts: 1 });
        expect(await getPullProgress(ctx.db, { op_id: op.id, user_id: user })).toMatchObject({ next_date: expect.any(String) });
      }

      // The next worker on this database requeues them at start (as a restarted PGlite server does).
      const done = await runToEnd(op.id, team.id, { chunkDays: 2, requeueOnStart: true, workerId: 'restarted' });
      expect(done).toMatchObject({ status: 'success', processed: 3 });
      const resources = historicalResourcesFor('oura');
      for (const user of users) {
        expect(await readBulkTrigger(ctx.db, { op_id: op.id, user_id: user })).toMatchObject({ state: 'processed', attempts: 2 });
        expect(await getPullProgress(ctx.db, { op_id: op.id, user_id: user })).toBeNull();
      }
      // Nothing per day is stored: each window's history now starts at the pull's first day (6 days, today included).
      const windows = await ctx.db.query<{ days: number }>(
        `SELECT (current_date - history_start + 1)::int AS days FROM data_windows WHERE user_id = ANY ($1::uuid[])`,
        [users],
      );
      expect(windows).toEqual(users.map(() => ({ days: 6 })));
      expect(await eventCount(op.id)).toEqual({ n: 3 * resources.length, keys: 3 * resources.length });
    });

    it('when a claim expired and another worker took the trigger, then the old claim changes nothing', async () => {
      const { team, users, op } = await setup('oura', 1, 3);
      const now = Date.now();
      const [old] = await ctx.db.transaction((tx) => claimBucketTriggers(tx, { team_id: team.id, provider: 'oura', limit: 1, worker_id: 'old', now: now - 120_000 }));
      expect(await requeueExpiredClaims(ctx.db, { claimed_before: now - 60_000 })).toBeGreaterThanOrEqual(1);
      const [fresh] = await ctx.db.transaction((tx) => claimBucketTriggers(tx, { team_id: team.id, provider: 'oura', limit: 1, worker_id: 'fresh', now }));
      expect(fresh).toMatchObject({ user_id: users[0], attempts: 2 });

      const stale = await ctx.db.transaction((tx) => pullNextChunk(tx, old!, { chunkDays: 31, source: 'synthetic' }));
      expect(stale).toEqual({ outcome: 'lost' });
      expect(await ctx.db.one(`SELECT 1 FROM data_windows WHERE user_id = $1`, [users[0]])).toBeNull();

      const finished = await ctx.db.transaction((tx) => pullNextChunk(tx, fresh!, { chunkDays: 31, source: 'synthetic' }));
      expect(finished).toMatchObject({ outcome: 'done', state: 'processed' });
      expect(await completeBulkOpIfDone(ctx.db, op.id)).toMatchObject({ id: op.id, status: 'success', processed: 1 });
      expect(await ctx.db.transaction((tx) => pullNextChunk(tx, fresh!, { chunkDays: 31, source: 'synthetic' }))).toEqual({ outcome: 'lost' });
    });

    it('when a worker stops claiming (no requeue at start), then another requeues its claims once the lease ends', async () => {
      const { team, op } = await setup('oura', 2, 2);
      const clock = new FakeClock(Date.now());
      const abandoned = worker({ clock, workerId: 'gone', pull: async () => undefined });
      await abandoned.instance.tick();
      await abandoned.instance.drain();
      expect(await getBulkOp(ctx.db, { team_id: team.id, id: op.id })).toMatchObject({ running: 2, pending: 0 });

      const rescuer = worker({ clock, workerId: 'rescuer', leaseMs: 60_000 });
      await rescuer.instance.tick();
      expect(await getBulkOp(ctx.db, { team_id: team.id, id: op.id })).toMatchObject({ running: 2 });
      clock.advanceBy(60_001);
      const { claimed } = await rescuer.instance.tick();
      expect(claimed).toBe(2);
      await until(() => rescuer.ended() === 2, 'the rescued pulls');
      expect(await getBulkOp(ctx.db, { team_id: team.id, id: op.id })).toMatchObject({ status: 'success', processed: 2 });
    });

    it('when the worker stops gracefully mid-pull, then its triggers go back to pending with their progress, the attempt not counted', async () => {
      const { team, users, op } = await setup('oura', 2, 6);
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const stopping = worker({
        chunkDays: 2,
        workerId: 'stopping',
        pull: async (claim, context) => {
          await ctx.db.transaction((tx) => pullNextChunk(tx, claim, { chunkDays: 2, source: 'synthetic' }));
          await gate;
          expect(context.stopping()).toBe(true);
          await context.release();
        },
      });
      await stopping.instance.tick();
      const stopped = stopping.instance.stop();
      release();
      await stopped;
      for (const user of users) {
        expect(await readBulkTrigger(ctx.db, { op_id: op.id, user_id: user })).toMatchObject({ state: 'pending', claimed_by: null, attempts: 0 });
        expect(await getPullProgress(ctx.db, { op_id: op.id, user_id: user })).not.toBeNull();
      }
      expect(await runToEnd(op.id, team.id, { chunkDays: 2 })).toMatchObject({ status: 'success', processed: 2 });
    });

    it('when a pull keeps failing, then it is retried and failed after the last attempt, and the op ends in failure', async () => {
      const { team, users, op } = await setup('oura', 1);
      let calls = 0;
      const done = await runToEnd(op.id, team.id, {
        maxAttempts: 3,
        pull: async () => {
          calls += 1;
          throw new Error('provider API is down');
        },
      });
      expect(calls).toBe(3);
      expect(done).toMatchObject({ status: 'failure', failed: 1, processed: 0 });
      expect(await readBulkTrigger(ctx.db, { op_id: op.id, user_id: users[0]! })).toMatchObject({ state: 'failed', attempts: 4, error: 'Gave up after 3 attempts.' });
    });

    it('when a user was deleted or disconnected before the pull, then that trigger fails and the others complete', async () => {
      const { team, users, op } = await setup('oura', 3, 2);
      await deleteUser(ctx.db, { team_id: team.id, user_id: users[0]! });
      await deleteConnection(ctx.db, { team_id: team.id, user_id: users[1]!, provider: 'oura' });
      const done = await runToEnd(op.id, team.id);
      expect(done).toMatchObject({ status: 'failure', processed: 1, failed: 2 });
      expect(await readBulkTrigger(ctx.db, { op_id: op.id, user_id: users[0]! })).toMatchObject({ state: 'failed', error: 'The user no longer exists.' });
      expect(await readBulkTrigger(ctx.db, { op_id: op.id, user_id: users[1]! })).toMatchObject({ state: 'failed', error: 'The user is no longer connected to oura.' });
      expect(await eventCount(op.id)).toEqual({ n: historicalResourcesFor('oura').length, keys: historicalResourcesFor('oura').length });
    });
  });
});
