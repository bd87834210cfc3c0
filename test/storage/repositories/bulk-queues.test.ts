import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insertBulkOp } from '../bulk-fixtures.js';
import { loadBucketQueues } from '../../../server/storage/repositories/bulk-queues.js';
import { engineCases, SETUP_TIMEOUT_MS, seedTeam, useTestDatabase } from '../helpers.js';

const TYPE = 'link_bulk_historical_trigger';
const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(engineCases)('bulk-queues repository on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('loadBucketQueues', () => {
    const ctx = useTestDatabase(engine);

    it(
      "when a team has in-progress ops of a provider, then its queue lists them oldest first with their pending and running counts, the window's starts and the average pull",
      async () => {
        const { team } = await seedTeam(ctx.db);
        const other = await seedTeam(ctx.db);
        const users = [randomUUID(), randomUUID(), randomUUID()];
        const newer = await insertBulkOp(ctx.db, { team_id: team.id, type: TYPE, provider: 'oura', user_ids: [randomUUID()], not_connected: 0, started_at: iso(T0 + 60_000) });
        const older = await insertBulkOp(ctx.db, { team_id: team.id, type: TYPE, provider: 'oura', user_ids: users, not_connected: 0, started_at: iso(T0) });
        await insertBulkOp(ctx.db, { team_id: team.id, type: TYPE, provider: 'strava', user_ids: [randomUUID()], not_connected: 0 });
        await insertBulkOp(ctx.db, { team_id: other.team.id, type: TYPE, provider: 'oura', user_ids: [randomUUID()], not_connected: 0 });
        // Of the older op: one running since T0 + 5 s, two pulls that took 400 and 600 ms.
        await ctx.db.query(`UPDATE bulk_triggers SET state = 'running', claimed_at = $3 WHERE op_id = $1 AND user_id = $2`, [older.id, users[0], iso(T0 + 5_000)]);
        for (const [user, ms] of [[users[1], 400], [users[2], 600]] as const) {
          await ctx.db.query(`UPDATE bulk_triggers SET state = 'processed', claimed_at = $3, finished_at = $4 WHERE op_id = $1 AND user_id = $2`, [older.id, user, iso(T0), iso(T0 + ms)]);
        }
        await ctx.db.query(`INSERT INTO pull_throttle_buckets (team_id, provider, recent_starts) VALUES ($1, 'oura', $2::jsonb)`, [team.id, JSON.stringify([T0, T0 + 5_000])]);

        const queues = await loadBucketQueues(ctx.db, { team_id: team.id, providers: ['oura', 'oura'] });
        expect([...queues.keys()]).toEqual(['oura']);
        expect(queues.get('oura')).toEqual({
          provider: 'oura',
          recent_starts: [T0, T0 + 5_000],
          ops: [
            { id: older.id, pending: 0, running: 1, last_claim_ms: T0 + 5_000 },
            { id: newer.id, pending: 1, running: 0, last_claim_ms: null },
          ],
          avg_pull_ms: 500,
        });
      },
      SETUP_TIMEOUT_MS,
    );

    it('when a provider has no bucket, no op and no pull yet, then its queue is empty with no average', async () => {
      const { team } = await seedTeam(ctx.db);
      expect(await loadBucketQueues(ctx.db, { team_id: team.id, providers: ['fitbit'] })).toEqual(new Map([['fitbit', { provider: 'fitbit', recent_starts: [], ops: [], avg_pull_ms: null }]]));
      expect(await loadBucketQueues(ctx.db, { team_id: 'not-a-uuid', providers: ['fitbit'] })).toEqual(new Map());
    });
  });
});
