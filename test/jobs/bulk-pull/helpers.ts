/** Fixtures of the bulk pull tests: users with connections, ops with their trigger rows. */
import type { Queryable } from '../../../server/storage/database.js';
import { insertBulkOp } from '../../storage/bulk-fixtures.js';
import { type BulkOpRecord } from '../../../server/storage/repositories/bulk-ops.js';
import { markBucketPending } from '../../../server/storage/repositories/pull-buckets.js';
import type { Database } from '../../../server/storage/database.js';
export { maxStartsInAnyWindow } from '../../helpers/windows.js';

/** `count` new users of the team (client ids `<prefix>-<n>`), each connected to `provider`, in one statement each. */
export async function seedConnectedUsers(db: Queryable, input: { team_id: string; provider: string; count: number; prefix?: string }): Promise<string[]> {
  const prefix = input.prefix ?? `u${Math.random().toString(36).slice(2, 8)}`;
  const rows = await db.query<{ id: string }>(
    `WITH created AS (
       INSERT INTO users (team_id, client_user_id)
       SELECT $1, $3 || '-' || g FROM generate_series(1, $2::int) g
       RETURNING id, team_id
     ), connected AS (
       INSERT INTO connections (user_id, team_id, provider, source_type) SELECT id, team_id, $4, 'device' FROM created
     )
     SELECT id FROM created`,
    [input.team_id, input.count, prefix, input.provider],
  );
  return rows.map((row) => row.id);
}

/**
 * An op of one trigger row per user, with its bucket marked. (The bulk trigger handler stores
 * the ids instead and lets the worker write the rows: enqueueBulkPull, tested in the API suites.)
 */
export async function enqueueOp(db: Database, input: { team_id: string; provider: string; user_ids: readonly string[] }): Promise<BulkOpRecord> {
  return db.transaction(async (tx) => {
    const op = await insertBulkOp(tx, { team_id: input.team_id, type: 'link_bulk_historical_trigger', provider: input.provider, user_ids: input.user_ids, not_connected: 0 });
    await markBucketPending(tx, { team_id: input.team_id, provider: input.provider });
    return op;
  });
}

/** Resolves once `predicate` holds, checking after every macrotask turn (for counters fed by background work). */
export async function until(predicate: () => boolean, what: string, maxTurns = 1_000_000): Promise<void> {
  for (let turn = 0; !predicate(); turn += 1) {
    if (turn >= maxTurns) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
