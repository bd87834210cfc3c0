import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

// The sync's view of the data windows (migration 008, server/storage/repositories/data-windows.ts):
// which open windows are due, locked for the transaction that syncs them (FOR UPDATE SKIP LOCKED,
// so processes sync disjoint batches), with what their events need (client_user_id, time zone).

export interface SyncWindow {
  team_id: string;
  user_id: string;
  provider: string;
  /** The connection's source type. */
  source_type: string;
  client_user_id: string;
  /** The user's fallback time zone (null: UTC). */
  time_zone: string | null;
  /** The last sync, ISO 8601. */
  synced_through: string;
  /** When the window was opened (the connection instant): a window never synced has synced_through = opened_at. */
  opened_at: string;
  /** First local day of the window's history, YYYY-MM-DD. */
  history_start: string;
  /** The user's ingestion bounds now (YYYY-MM-DD, null: unbounded), which the sync applies and stores. */
  ingestion_start: string | null;
  ingestion_end: string | null;
  /** The ingestion bounds the window's last sync applied (migration 020). */
  synced_ingestion_start: string | null;
  synced_ingestion_end: string | null;
}

const SELECT = `SELECT w.team_id, w.user_id, w.provider, w.source_type, u.client_user_id, u.fallback_time_zone AS time_zone,
                       to_json(w.synced_through)#>>'{}' AS synced_through, to_json(w.opened_at)#>>'{}' AS opened_at,
                       to_char(w.history_start, 'YYYY-MM-DD') AS history_start,
                       to_char(u.ingestion_start, 'YYYY-MM-DD') AS ingestion_start, to_char(u.ingestion_end, 'YYYY-MM-DD') AS ingestion_end,
                       to_char(w.synced_ingestion_start, 'YYYY-MM-DD') AS synced_ingestion_start,
                       to_char(w.synced_ingestion_end, 'YYYY-MM-DD') AS synced_ingestion_end
                FROM data_windows w
                JOIN users u ON u.id = w.user_id`;

/**
 * Open windows (not ended by a deregistration) last synced before `dueBefore`, oldest
 * first, locked for the caller's transaction; windows another transaction holds are skipped,
 * so several processes sync disjoint batches.
 */
export async function claimDueWindows(tx: Queryable, input: { dueBefore: Date; limit: number }): Promise<SyncWindow[]> {
  return tx.query<SyncWindow>(
    `${SELECT}
     WHERE w.ended_at IS NULL AND w.synced_through < $1
     ORDER BY w.synced_through, w.user_id, w.provider
     LIMIT $2
     FOR UPDATE OF w SKIP LOCKED`,
    [input.dueBefore.toISOString(), input.limit],
  );
}

/**
 * Open windows last synced before `dueBefore`, oldest first, as claimDueWindows but without
 * locking them: the caller generates their events outside any transaction, then locks them
 * with lockWindowsAsRead.
 */
export async function listDueWindows(db: Queryable, input: { dueBefore: Date; limit: number }): Promise<SyncWindow[]> {
  return db.query<SyncWindow>(
    `${SELECT}
     WHERE w.ended_at IS NULL AND w.synced_through < $1
     ORDER BY w.synced_through, w.user_id, w.provider
     LIMIT $2`,
    [input.dueBefore.toISOString(), input.limit],
  );
}

const sameWindow = (a: SyncWindow, b: SyncWindow) =>
  a.team_id === b.team_id && a.user_id === b.user_id && a.provider === b.provider && a.source_type === b.source_type && a.client_user_id === b.client_user_id &&
  a.time_zone === b.time_zone && a.synced_through === b.synced_through && a.opened_at === b.opened_at && a.history_start === b.history_start &&
  a.ingestion_start === b.ingestion_start && a.ingestion_end === b.ingestion_end &&
  a.synced_ingestion_start === b.synced_ingestion_start && a.synced_ingestion_end === b.synced_ingestion_end;

/**
 * Of `windows` (as listDueWindows read them), those still open and exactly as read, locked for
 * the caller's transaction (FOR UPDATE SKIP LOCKED), in the order given. A window another
 * transaction holds or changed since (synced, ended, reconnected, its history, its user's time zone or
 * ingestion bounds) is left out.
 */
export async function lockWindowsAsRead(tx: Queryable, windows: readonly SyncWindow[]): Promise<SyncWindow[]> {
  if (windows.length === 0) return [];
  const current = await tx.query<SyncWindow>(
    `${SELECT}
     JOIN unnest($1::uuid[], $2::text[]) AS s(user_id, provider) ON s.user_id = w.user_id AND s.provider = w.provider
     WHERE w.ended_at IS NULL
     FOR UPDATE OF w SKIP LOCKED`,
    [windows.map((window) => window.user_id), windows.map((window) => window.provider)],
  );
  const byKey = new Map(current.map((window) => [`${window.user_id}|${window.provider}`, window]));
  return windows.filter((window) => {
    const now = byKey.get(`${window.user_id}|${window.provider}`);
    return now !== undefined && sameWindow(now, window);
  });
}

/** The user's open windows, each locked for the caller's transaction; `busy` lists the providers another transaction is syncing. */
export async function lockUserWindows(tx: Queryable, input: { team_id: string; user_id: string }): Promise<{ locked: SyncWindow[]; busy: string[] }> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return { locked: [], busy: [] };
  const all = await tx.query<{ provider: string }>(
    `SELECT w.provider FROM data_windows w
     WHERE w.team_id = $1 AND w.user_id = $2 AND w.ended_at IS NULL ORDER BY w.provider`,
    [input.team_id, input.user_id],
  );
  const locked = await tx.query<SyncWindow>(
    `${SELECT}
     WHERE w.team_id = $1 AND w.user_id = $2 AND w.ended_at IS NULL
     ORDER BY w.provider
     FOR UPDATE OF w SKIP LOCKED`,
    [input.team_id, input.user_id],
  );
  const held = new Set(locked.map((window) => window.provider));
  return { locked, busy: all.map((row) => row.provider).filter((provider) => !held.has(provider)) };
}

/**
 * Moves the windows' `synced_through` to `at` with the ingestion bounds their sync applied (the
 * user's, as read with the window); a window already synced up to `at` or later is left as it is.
 */
export async function markSynced(
  tx: Queryable,
  windows: readonly Pick<SyncWindow, 'user_id' | 'provider' | 'ingestion_start' | 'ingestion_end'>[],
  at: Date,
): Promise<void> {
  if (windows.length === 0) return;
  await tx.query(
    `UPDATE data_windows w SET synced_through = $3::timestamptz,
            synced_ingestion_start = s.ingestion_start, synced_ingestion_end = s.ingestion_end
     FROM unnest($1::uuid[], $2::text[], $4::date[], $5::date[]) AS s(user_id, provider, ingestion_start, ingestion_end)
     WHERE w.user_id = s.user_id AND w.provider = s.provider AND w.ended_at IS NULL AND w.synced_through < $3::timestamptz`,
    [
      windows.map((window) => window.user_id),
      windows.map((window) => window.provider),
      at.toISOString(),
      windows.map((window) => window.ingestion_start),
      windows.map((window) => window.ingestion_end),
    ],
  );
}
