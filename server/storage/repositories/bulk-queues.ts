import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

// What the estimate of a bulk op's end needs of a (team, provider) throttle bucket: its recent
// starts, its in-progress ops in the order their triggers start (oldest first), and how long
// its recent pulls took. The estimate itself is server/domain/throttle/estimate.ts.

export interface QueuedOpRecord {
  id: string;
  /** Pending trigger rows plus the ids not yet written as rows. */
  pending: number;
  running: number;
  /** Epoch ms of the latest claim (or lease renewal) of its running triggers. */
  last_claim_ms: number | null;
}

export interface BucketQueue {
  provider: string;
  recent_starts: number[];
  /** In-progress ops of the bucket, oldest first. */
  ops: QueuedOpRecord[];
  /** Average ms from the last claim to the end of the bucket's last 50 completed pulls; null before any. */
  avg_pull_ms: number | null;
}

/** The queues of the team's buckets of these providers (three statements whatever their number). */
export async function loadBucketQueues(db: Queryable, input: { team_id: string; providers: readonly string[] }): Promise<Map<string, BucketQueue>> {
  const queues = new Map<string, BucketQueue>();
  const providers = [...new Set(input.providers)];
  if (!isUuid(input.team_id) || providers.length === 0) return queues;
  for (const provider of providers) queues.set(provider, { provider, recent_starts: [], ops: [], avg_pull_ms: null });
  const [buckets, ops, pulls] = await Promise.all([
    db.query<{ provider: string; recent_starts: unknown }>(
      `SELECT provider, recent_starts FROM pull_throttle_buckets WHERE team_id = $1 AND provider = ANY ($2::text[])`,
      [input.team_id, providers],
    ),
    db.query<{ id: string; provider: string; pending: number; running: number; last_claim_ms: number | string | null }>(
      `SELECT o.id, o.provider,
              o.unexpanded + count(t.user_id) FILTER (WHERE t.state = 'pending')::int AS pending,
              count(t.user_id) FILTER (WHERE t.state = 'running')::int AS running,
              floor(extract(epoch FROM max(t.claimed_at) FILTER (WHERE t.state = 'running')) * 1000)::bigint AS last_claim_ms
       FROM bulk_ops o
       LEFT JOIN bulk_triggers t ON t.op_id = o.id AND t.state IN ('pending', 'running')
       WHERE o.team_id = $1 AND o.provider = ANY ($2::text[]) AND o.status = 'in_progress'
       GROUP BY o.id
       ORDER BY o.started_at, o.id`,
      [input.team_id, providers],
    ),
    db.query<{ provider: string; avg_pull_ms: number | string | null }>(
      `SELECT p.provider,
              (SELECT avg(extract(epoch FROM (r.finished_at - r.claimed_at)) * 1000)
               FROM (SELECT t.finished_at, t.claimed_at FROM bulk_triggers t
                     WHERE t.team_id = $1 AND t.provider = p.provider AND t.state = 'processed'
                       AND t.claimed_at IS NOT NULL -- a pull (a bulk import's ended triggers were never claimed)
                     ORDER BY t.seq DESC LIMIT 50) r) AS avg_pull_ms
       FROM unnest($2::text[]) AS p(provider)`,
      [input.team_id, providers],
    ),
  ]);
  for (const bucket of buckets) {
    queues.get(bucket.provider)!.recent_starts = Array.isArray(bucket.recent_starts) ? bucket.recent_starts.map(Number) : [];
  }
  for (const op of ops) {
    queues.get(op.provider)!.ops.push({ id: op.id, pending: Number(op.pending), running: Number(op.running), last_claim_ms: op.last_claim_ms === null ? null : Number(op.last_claim_ms) });
  }
  for (const pull of pulls) queues.get(pull.provider)!.avg_pull_ms = pull.avg_pull_ms === null ? null : Number(pull.avg_pull_ms);
  return queues;
}
