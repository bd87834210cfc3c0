import type { Queryable } from '../database.js';
import type { TriggerClaim } from './bulk-claims.js';

/** Everything one chunk of a claimed trigger's pull needs, read in one query. */
export interface ClaimedTriggerContext {
  /** Null when the user no longer exists (in the trigger's team). */
  user: { user_id: string; team_id: string; client_user_id: string; ingestion_start: string | null; ingestion_end: string | null } | null;
  /** Whether the user is still connected to the trigger's provider. */
  connected: boolean;
  /** The connection's state (migration 045) when it is not `connected`: `error` (with its type) or `paused`; null otherwise. */
  unavailable: { status: string; error_type: string | null } | null;
  /** The team's historical range for the provider (days), when it set one. */
  preference_days: number | null;
  /** The stored progress of a pull that spans several chunks. */
  progress: { start_date: string; end_date: string; next_date: string } | null;
}

interface Row {
  state: string;
  user: { user_id: string; team_id: string; client_user_id: string; ingestion_start: string | null; ingestion_end: string | null } | null;
  connected: boolean;
  unavailable: { status: string; error_type: string | null } | null;
  preference_days: number | null;
  progress: { start_date: string; end_date: string; next_date: string } | null;
}

/**
 * Locks the claimed trigger's row for the transaction and reads its user, connection, the
 * team's preference and the pull's progress, when the claim still holds (the trigger is
 * running under this worker and attempt). Null when the claim was lost.
 *
 * One statement of scalar subqueries rather than a five-way join: every statement is
 * planned anew, and planning the join costs more than running it (notably on PGlite). The
 * state is checked here rather than in the WHERE clause, so the trigger is found through its
 * primary key and never through bulk_triggers_open_idx (a partial index on state, keyed by
 * op alone).
 */
export async function lockClaimedTriggerContext(tx: Queryable, claim: TriggerClaim): Promise<ClaimedTriggerContext | null> {
  const row = await tx.one<Row>(
    `SELECT t.state,
       (SELECT json_build_object('user_id', u.id, 'team_id', u.team_id, 'client_user_id', u.client_user_id,
                                 'ingestion_start', u.ingestion_start, 'ingestion_end', u.ingestion_end)
        FROM users u WHERE u.id = t.user_id AND u.team_id = t.team_id) AS "user",
       EXISTS (SELECT 1 FROM connections c WHERE c.user_id = t.user_id AND c.provider = t.provider) AS connected,
       (SELECT json_build_object('status', c.status, 'error_type', c.error_type) FROM connections c
        WHERE c.user_id = t.user_id AND c.provider = t.provider AND c.status <> 'connected') AS unavailable,
       (SELECT pref.range_days FROM team_pull_preferences pref WHERE pref.team_id = t.team_id AND pref.provider = t.provider) AS preference_days,
       (SELECT json_build_object('start_date', p.start_date, 'end_date', p.end_date, 'next_date', p.next_date)
        FROM bulk_pull_progress p WHERE p.op_id = t.op_id AND p.user_id = t.user_id) AS progress
     FROM bulk_triggers t
     WHERE t.op_id = $1 AND t.user_id = $2 AND t.claimed_by = $3 AND t.attempts = $4
     FOR UPDATE`,
    [claim.op_id, claim.user_id, claim.worker_id, claim.attempts],
  );
  if (!row || row.state !== 'running') return null;
  const context = { user: row.user, connected: row.connected, unavailable: row.unavailable, preference_days: row.preference_days, progress: row.progress };
  return tx.kind === 'postgres' ? lockPulledConnection(tx, claim, context) : context;
}

/**
 * On PostgreSQL, the user and the connection as they are now, locked until the chunk commits
 * (the user FOR KEY SHARE, the connection FOR SHARE): a deregistration, a user's deletion, a
 * simulated error or a pause waits for the chunk, or the chunk for it, and sees its outcome.
 * The first statement read them as they were when it began, before it waited for the trigger's
 * row (the claim's renewal holds it at times): a change committed meanwhile was missed, and the
 * chunk went on to extend the window and emit the pull's events after the change was answered.
 * PGlite runs one transaction at a time: nothing can commit beside the chunk there.
 */
async function lockPulledConnection(tx: Queryable, claim: TriggerClaim, context: ClaimedTriggerContext): Promise<ClaimedTriggerContext> {
  const now = await tx.one<{ user_exists: boolean | null; connection: { status: string; error_type: string | null } | null }>(
    `SELECT (SELECT true FROM users u WHERE u.id = $1 AND u.team_id = $2 FOR KEY SHARE) AS user_exists,
       (SELECT json_build_object('status', c.status, 'error_type', c.error_type) FROM connections c WHERE c.user_id = $1 AND c.provider = $3 FOR SHARE) AS connection`,
    [claim.user_id, claim.team_id, claim.provider],
  );
  const connection = now?.connection ?? null;
  return {
    ...context,
    user: now?.user_exists ? context.user : null,
    connected: connection !== null,
    unavailable: connection && connection.status !== 'connected' ? connection : null,
  };
}
