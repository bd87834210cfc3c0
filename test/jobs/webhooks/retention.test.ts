/**
 * Webhook event retention on every available engine: events older than the retention period
 * go with their deliveries, oldest first, in batches; an event with a delivery still pending
 * stays until it ends; recent events stay.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startEventRetention } from '../../../server/jobs/webhooks/retention.js';
import type { Database } from '../../../server/storage/database.js';
import { emitEvent, pruneEvents } from '../../../server/storage/repositories/events.js';
import { createWebhookEndpoint } from '../../../server/storage/repositories/webhooks.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { silentLogger } from '../../helpers/silent-logger.js';
import { engineCases, seedTeam, useTestDatabase } from '../../storage/helpers.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

describe.each(engineCases)('webhook event retention on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('events past their retention', () => {
    const ctx = useTestDatabase(engine);

    /** A team with one endpoint (every event), and a function that emits an event of it `daysAgo` days before NOW whose delivery has `status`. */
    async function team(db: Database) {
      const { team } = await seedTeam(db);
      await createWebhookEndpoint(db, { team_id: team.id, url: 'https://example.com/hooks', event_types: null, description: null, secret: `whsec_${Buffer.from(randomUUID()).toString('base64')}` });
      return async (daysAgo: number, status: 'pending' | 'succeeded' | 'failed' | null) => {
        const emitted = await db.transaction((tx) =>
          emitEvent(tx, { event_type: 'provider.connection.created', data: { n: daysAgo }, team_id: team.id, user_id: randomUUID(), client_user_id: 'retention' }),
        );
        const at = new Date(NOW - daysAgo * DAY).toISOString();
        await db.query('UPDATE events SET created_on = $2 WHERE id = $1', [emitted.id, at]);
        if (status === null) await db.query('DELETE FROM webhook_deliveries WHERE event_id = $1', [emitted.id]);
        else await db.query('UPDATE webhook_deliveries SET status = $2, created_on = $3 WHERE event_id = $1', [emitted.id, status, at]);
        return emitted.id;
      };
    }

    const remaining = async (db: Database, ids: string[]) =>
      (await db.query<{ id: string }>('SELECT id FROM events WHERE id = ANY($1::uuid[]) ORDER BY created_on', [ids])).map((row) => row.id);
    const deliveriesOf = async (db: Database, ids: string[]) =>
      (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries WHERE event_id = ANY($1::uuid[])', [ids]))!.n;

    it('when events are pruned, then the old ones whose deliveries ended go with their deliveries, oldest first, and the pending and recent ones stay', async () => {
      const emit = await team(ctx.db);
      const oldest = await emit(30, 'succeeded');
      const oldFailed = await emit(20, 'failed');
      const oldUndelivered = await emit(10, null);
      const oldPending = await emit(25, 'pending');
      const recent = await emit(1, 'succeeded');
      const ids = [oldest, oldFailed, oldUndelivered, oldPending, recent];
      const before = new Date(NOW - 7 * DAY).toISOString();

      expect(await pruneEvents(ctx.db, { before, limit: 1 })).toBe(1);
      expect(await remaining(ctx.db, ids)).toEqual([oldPending, oldFailed, oldUndelivered, recent]);
      expect(await pruneEvents(ctx.db, { before, limit: 100 })).toBe(2);
      expect(await remaining(ctx.db, ids)).toEqual([oldPending, recent]);
      expect(await deliveriesOf(ctx.db, [oldest, oldFailed])).toBe(0);
      expect(await deliveriesOf(ctx.db, [oldPending, recent])).toBe(2);

      // Once its delivery ends, the old event goes too.
      await ctx.db.query(`UPDATE webhook_deliveries SET status = 'succeeded' WHERE event_id = $1`, [oldPending]);
      expect(await pruneEvents(ctx.db, { before, limit: 100 })).toBe(1);
      expect(await remaining(ctx.db, ids)).toEqual([recent]);
    });

    it('when the retention job runs, then it deletes in batches until nothing past the period is left, as of its clock', async () => {
      await ctx.db.query('DELETE FROM events');
      const emit = await team(ctx.db);
      const old = await Promise.all([9, 10, 11, 12, 13].map((days) => emit(days, 'succeeded')));
      const kept = [await emit(6, 'failed'), await emit(0, 'succeeded')];
      const clock = new FakeClock(NOW);
      const job = startEventRetention({ db: ctx.db, logger: silentLogger(), retentionDays: 7, batchSize: 2, intervalMs: 30 * DAY, clock });
      try {
        await job.runOnce();
        expect(await remaining(ctx.db, old)).toEqual([]);
        expect(await remaining(ctx.db, kept)).toEqual(kept);
        // A day later the 6-day-old event is past the week.
        clock.advanceBy(DAY + 1);
        expect(await job.runOnce()).toBe(1);
        expect(await remaining(ctx.db, kept)).toEqual([kept[1]]);
      } finally {
        await job.stop();
      }
    });
  });
});
