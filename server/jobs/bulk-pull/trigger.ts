/**
 * The bulk historical pull trigger: the feature gate, the enqueue (the operation
 * and one trigger per connected user, in one transaction), the wake-up of this
 * process's worker and the optional wait for the operation to end.
 */
import type { Database } from '../../storage/database.js';
import { enqueueBulkPull, getBulkOp, getBulkOpStatus, type BulkOpRecord } from '../../storage/repositories/bulk-ops.js';
import { listUnavailableConnections } from '../../storage/repositories/connections.js';
import { findTeam } from '../../storage/repositories/teams.js';
import type { TriggerSignal } from './signals.js';

const POLL_MS = 100;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const LINK_MIGRATION_DISABLED = 'The link migration endpoints are not enabled for this team; enable them through the management API.';

export interface TriggerInput {
  team_id: string;
  provider: string;
  user_ids: string[];
  wait_for_completion?: boolean | undefined;
}

export type TriggerOutcome =
  /** The team has not switched the link migration endpoints on. */
  | { outcome: 'disabled'; detail: string }
  /** Ids that are not users of the team (nothing was stored), with their position in `user_ids`. */
  | { outcome: 'unknown_users'; /** The first 100 unknown ids, at their index. */ unknown: { index: number; msg: string }[]; /** How many ids are unknown in all. */ unknown_count: number }
  /** `done`: the operation ended within the wait window (only with `wait_for_completion`). */
  | { outcome: 'enqueued'; done: boolean; detail: string; op: BulkOpRecord; not_connected: string[]; unavailable: UnavailableConnection[] };

/** A submitted user whose connection is in error or paused (its pull fails unless repaired first). */
export interface UnavailableConnection {
  user_id: string;
  status: 'error' | 'paused';
  error_type: string | null;
}

export interface TriggerDeps {
  db: Database;
  signal: TriggerSignal;
  /** How long `wait_for_completion` waits (the interface's 20 seconds). */
  waitWindowMs: number;
}

/**
 * Stores the operation and one trigger per connected user and wakes this process's worker;
 * with `wait_for_completion`, waits up to the wait window for the operation to end.
 */
export async function triggerHistoricalPull(deps: TriggerDeps, input: TriggerInput): Promise<TriggerOutcome> {
  const team = await findTeam(deps.db, input.team_id);
  if (!team?.link_migration_enabled) return { outcome: 'disabled', detail: LINK_MIGRATION_DISABLED };
  // One statement classifies the ids and stores the op, its triggers and the bucket mark (see
  // enqueueBulkPull); with an id that is not a user of the team nothing is stored.
  const enqueued = await deps.db.transaction((tx) =>
    enqueueBulkPull(tx, { team_id: input.team_id, type: 'link_bulk_historical_trigger', provider: input.provider, user_ids: input.user_ids }),
  );
  if (!enqueued.op) {
    const index = new Map(input.user_ids.map((id, i) => [id.toLowerCase(), i]));
    return { outcome: 'unknown_users', unknown: enqueued.missing.map((id) => ({ index: index.get(id) ?? 0, msg: `Unknown user ${id}` })), unknown_count: Number(enqueued.missing_count) };
  }
  const op = enqueued.op;
  if (op.total > 0) deps.signal.notifyEnqueued();
  const unavailable = await unavailableOf(deps.db, input);
  let current = op;
  if (input.wait_for_completion && current.status === 'in_progress') {
    // Polls the status alone (counting a 100,000-trigger op's triggers ten times a second would
    // compete with the pulls), and reads the counts once at the end.
    const deadline = Date.now() + deps.waitWindowMs;
    let status = current.status;
    while (status === 'in_progress' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))));
      status = (await getBulkOpStatus(deps.db, { team_id: input.team_id, id: op.id })) ?? status;
    }
    current = (await getBulkOp(deps.db, { team_id: input.team_id, id: op.id })) ?? current;
  }
  const done = Boolean(input.wait_for_completion) && current.status !== 'in_progress';
  const notConnected = enqueued.not_connected.length ? `; ${plural(enqueued.not_connected.length, 'user')} not connected to ${input.provider}` : '';
  const detail = done
    ? `Historical pull completed for ${current.processed} of ${current.total} connected users (${input.provider})${notConnected}.`
    : `Enqueued ${plural(op.total, 'historical pull trigger')} for ${input.provider}${notConnected}.`;
  return { outcome: 'enqueued', done, detail, op: current, not_connected: enqueued.not_connected, unavailable };
}

/** The submitted users whose connection does not work, in the order submitted (the team's few such connections, read once). */
async function unavailableOf(db: Database, input: TriggerInput): Promise<UnavailableConnection[]> {
  const broken = new Map((await listUnavailableConnections(db, { team_id: input.team_id, provider: input.provider })).map((c) => [c.user_id, c]));
  if (broken.size === 0) return [];
  return input.user_ids.flatMap((id) => {
    const connection = broken.get(id.toLowerCase());
    return connection ? [{ user_id: connection.user_id, status: connection.status as UnavailableConnection['status'], error_type: connection.error_type }] : [];
  });
}
