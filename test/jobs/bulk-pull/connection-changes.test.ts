/**
 * A historical pull whose connection changes while it runs: removed (a deregistration or the
 * user's deletion), broken (a simulated error) or paused. Every chunk reads the connection as it
 * is: the trigger fails naming why, its data window stays as it was, and no historical event is
 * written after the change was answered. On PostgreSQL a chunk locks the user and connection it
 * reads until it commits, so a change committed while it waited for its trigger's row is seen.
 */
import { describe, expect, it } from 'vitest';
import { USER_GONE_ERROR, notConnectedError } from '../../../server/domain/introspection/statistics.js';
import { pullNextChunk, type ChunkStep } from '../../../server/jobs/bulk-pull/pull.js';
import { BulkPullWorker } from '../../../server/jobs/bulk-pull/worker.js';
import type { TriggerClaim } from '../../../server/storage/repositories/bulk-claims.js';
import { holdingLocks, untilBlockedBy } from '../../helpers/locks.js';
import { silentLogger } from '../../helpers/silent-logger.js';
import { apiEngines, expectStatus, useApiApp, type ApiApp } from '../../api/helpers.js';

type Change = 'deregister' | 'delete user' | 'simulate_error' | 'bulk_pause';
const CHANGES: readonly Change[] = ['deregister', 'delete user', 'simulate_error', 'bulk_pause'];

/** The error the trigger fails with after `change` of its oura connection. */
const FAILED_WITH: Record<Change, RegExp> = {
  deregister: new RegExp(`^${notConnectedError('oura').replace(/\./g, '\\.')}$`),
  'delete user': new RegExp(`^${USER_GONE_ERROR.replace(/\./g, '\\.')}$`),
  simulate_error: /^The connection to oura is in error/,
  bulk_pause: /^The connection to oura is paused/,
};

function change(ctx: ApiApp, kind: Change, userId: string) {
  switch (kind) {
    case 'deregister':
      return ctx.team().delete(`/v2/user/${userId}/oura`);
    case 'delete user':
      return ctx.team().delete(`/v2/user/${userId}`);
    case 'simulate_error':
      return ctx.team().post(`/v2/user/${userId}/oura/simulate_error`).send({ error_type: 'token_refresh_failed' });
    case 'bulk_pause':
      return ctx.team().post('/v2/link/bulk_pause').send({ user_ids: [userId], provider: 'oura' });
  }
}

describe.each(apiEngines)('a historical pull whose connection changes as it runs on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  /** A connected user's pull, claimed by a worker whose pull does nothing: the test takes its chunks (pullNextChunk). */
  async function claimedPull(): Promise<{ userId: string; claim: TriggerClaim }> {
    const user = await ctx.connectedUser('oura');
    expectStatus(await ctx.team().post('/v2/link/bulk_trigger_historical_pull').send({ user_ids: [user.user_id], provider: 'oura' }), 202);
    let claimed: TriggerClaim | null = null;
    const worker = new BulkPullWorker({ db: ctx.server.db, logger: silentLogger(), pollMs: 10, reconcileMs: 60_000, pull: async (claim) => void (claimed = claim) });
    for (let i = 0; i < 50 && !claimed; i++) {
      await worker.tick();
      await worker.drain();
    }
    if (!claimed) throw new Error('the pull was never claimed');
    return { userId: user.user_id, claim: claimed };
  }
  const chunk = (claim: TriggerClaim, chunkDays: number): Promise<ChunkStep> => ctx.server.db.transaction((tx) => pullNextChunk(tx, claim, { chunkDays, source: 'synthetic' }));
  const historicalEvents = async (userId: string) =>
    ctx.server.db.query(`SELECT event_type FROM events WHERE event_type LIKE 'historical.%' AND payload->>'user_id' = $1`, [userId]);
  const triggerOf = async (claim: TriggerClaim) =>
    ctx.server.db.one<{ state: string; error: string | null }>(`SELECT state, error FROM bulk_triggers WHERE op_id = $1 AND user_id = $2`, [claim.op_id, claim.user_id]);
  const windowOf = async (userId: string) => ctx.server.db.query(`SELECT history_start::text, ended_at::text FROM data_windows WHERE user_id = $1`, [userId]);

  for (const kind of CHANGES) {
    it(`when the connection changes between two chunks (${kind}), then the next chunk fails the trigger naming why, and the window and events stay as they were`, async () => {
      const { userId, claim } = await claimedPull();
      expect((await chunk(claim, 1)).outcome).toBe('more');
      expectStatus(await change(ctx, kind, userId), 200);
      const window = await windowOf(userId);
      expect(await chunk(claim, 1)).toEqual({ outcome: 'done', state: 'failed', events: 0 });
      expect(await triggerOf(claim)).toEqual({ state: 'failed', error: expect.stringMatching(FAILED_WITH[kind]) });
      expect(await historicalEvents(userId)).toEqual([]);
      expect(await windowOf(userId)).toEqual(window);
    });
  }

  describe.skipIf(engine.kind !== 'postgres')('(PostgreSQL only: PGlite runs one transaction at a time)', () => {
    for (const kind of CHANGES) {
      it(`when the change (${kind}) commits while a chunk waits for its trigger's row, then the chunk sees it: the trigger fails and writes no event`, async () => {
        const { userId, claim } = await claimedPull();
        // Another session holds the trigger's row, as the worker's renewal of its claims does at times.
        const holder = holdingLocks(ctx.server.db, (tx) => tx.query(`SELECT 1 FROM bulk_triggers WHERE op_id = $1 AND user_id = $2 FOR UPDATE`, [claim.op_id, claim.user_id]), async () => undefined);
        const pid = await holder.held;
        const pulled = chunk(claim, 10_000);
        await untilBlockedBy(ctx.server.db, pid);
        expectStatus(await change(ctx, kind, userId), 200);
        holder.release();
        await holder.done;
        expect(await pulled).toEqual({ outcome: 'done', state: 'failed', events: 0 });
        expect(await triggerOf(claim)).toEqual({ state: 'failed', error: expect.stringMatching(FAILED_WITH[kind]) });
        expect(await historicalEvents(userId)).toEqual([]);
      });
    }
  });
});
