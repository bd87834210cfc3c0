import type { components } from '../../../../generated/team/schema.js';
import { estimateBucketEnds, expectedPullMs } from '../../../domain/throttle/estimate.js';
import { policyFor } from '../../../domain/throttle/policy.js';
import { DEFAULT_BULK_PULL_SETTINGS } from '../../../jobs/bulk-pull/options.js';
import type { BulkOpRecord } from '../../../storage/repositories/bulk-ops.js';
import { loadBucketQueues } from '../../../storage/repositories/bulk-queues.js';
import type { Deps } from '../context.js';

type BulkOp = components['schemas']['BulkOp'];

/** A stored bulk operation as the API shows it, with its estimated end (null once ended). */
export const toBulkOp = (op: BulkOpRecord, estimatedEndMs: number | null): BulkOp => ({
  id: op.id,
  type: op.type,
  status: op.status,
  provider: op.provider,
  pending: op.pending,
  running: op.running,
  processed: op.processed,
  failed: op.failed,
  not_connected: op.not_connected,
  started_at: op.started_at,
  ended_at: op.ended_at,
  estimated_end_at: op.status === 'in_progress' && estimatedEndMs !== null ? new Date(estimatedEndMs).toISOString() : null,
});

/**
 * The team's operations as the API shows them: the in-progress ones with the end their
 * bucket's throttle lets them expect (server/domain/throttle/estimate.ts), from one load of
 * the buckets they are in.
 */
export async function toBulkOps(deps: Deps, teamId: string, ops: readonly BulkOpRecord[]): Promise<BulkOp[]> {
  const open = ops.filter((op) => op.status === 'in_progress');
  const ends = new Map<string, number>();
  if (open.length > 0) {
    const settings = deps.bulkPull ?? DEFAULT_BULK_PULL_SETTINGS;
    const now = deps.now().getTime();
    const queues = await loadBucketQueues(deps.db, { team_id: teamId, providers: open.map((op) => op.provider) });
    for (const queue of queues.values()) {
      const bucketEnds = estimateBucketEnds({
        policy: policyFor(queue.provider, settings.policies),
        recentStarts: queue.recent_starts,
        ops: queue.ops.map((op) => ({ id: op.id, pending: op.pending, running: op.running, lastClaimMs: op.last_claim_ms })),
        now,
        pullMs: expectedPullMs(queue.avg_pull_ms),
        workers: settings.concurrency,
      });
      for (const [id, end] of bucketEnds) ends.set(id, end);
    }
  }
  // An op that ended between the two reads has no queue entry: it is done, so now is its estimate.
  return ops.map((op) => toBulkOp(op, ends.get(op.id) ?? deps.now().getTime()));
}
