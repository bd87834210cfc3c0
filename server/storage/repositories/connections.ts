import type { ConnectMode } from '../../shared/values.js';
import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

export interface ConnectionRecord {
  id: string;
  user_id: string;
  team_id: string;
  provider: string;
  source_type: string;
  /** Mobile SDK providers only: how the SDK connected (null for cloud providers). */
  connect_mode: ConnectMode | null;
  created_on: string;
  /** `connected`, `error` (error_type and error_message set) or `paused` (migration 045). */
  status: ConnectionStatus;
  error_type: string | null;
  error_message: string | null;
  /** When the connection left `connected` (null while connected). */
  status_changed_at: string | null;
  /** The user's id at the provider when an import named it (migration 079); null: derived (externalUserIdFor). */
  external_user_id: string | null;
}

export type ConnectionStatus = 'connected' | 'error' | 'paused';

export interface CreateConnectionResult {
  connection: ConnectionRecord;
  /** False when the user was already connected to the provider (the existing row is returned). */
  created: boolean;
}

/** The columns of a ConnectionRecord, in its order. */
export const CONNECTION_COLUMN_NAMES = ['id', 'user_id', 'team_id', 'provider', 'source_type', 'connect_mode', 'created_on', 'status', 'error_type', 'error_message', 'status_changed_at', 'external_user_id'] as const;
const COLUMNS = CONNECTION_COLUMN_NAMES.join(', ');

/** Connects the user to a provider (once per provider). Null when the user is not in the team. */
export async function createConnection(
  db: Queryable,
  input: {
    team_id: string;
    user_id: string;
    provider: string;
    source_type: string;
    connect_mode?: ConnectMode | null;
    created_on?: string;
    /** The user's id at the provider, when known (an import); else derived when shown. */
    external_user_id?: string | null;
  },
): Promise<CreateConnectionResult | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  const row = await db.one<ConnectionRecord>(
    `INSERT INTO connections (user_id, team_id, provider, source_type, connect_mode, created_on, external_user_id)
     SELECT u.id, u.team_id, $3, $4, $5, coalesce($6::timestamptz, now()), $7
     FROM users u WHERE u.id = $1 AND u.team_id = $2
     ON CONFLICT ON CONSTRAINT connections_user_id_provider_key DO NOTHING
     RETURNING ${COLUMNS}`,
    [input.user_id, input.team_id, input.provider, input.source_type, input.connect_mode ?? null, input.created_on ?? null, input.external_user_id ?? null],
  );
  if (row) return { connection: row, created: true };
  const existing = await findConnection(db, input);
  return existing && { connection: existing, created: false };
}

/** Sets the connection's connect mode; the updated connection, or null when there is none. */
export async function setConnectMode(
  db: Queryable,
  input: { team_id: string; user_id: string; provider: string; connect_mode: ConnectMode },
): Promise<ConnectionRecord | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  return db.one<ConnectionRecord>(
    `UPDATE connections SET connect_mode = $4 WHERE user_id = $1 AND team_id = $2 AND provider = $3 RETURNING ${COLUMNS}`,
    [input.user_id, input.team_id, input.provider, input.connect_mode],
  );
}

export async function findConnection(
  db: Queryable,
  input: { team_id: string; user_id: string; provider: string },
): Promise<ConnectionRecord | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  return db.one<ConnectionRecord>(
    `SELECT ${COLUMNS} FROM connections WHERE user_id = $1 AND team_id = $2 AND provider = $3`,
    [input.user_id, input.team_id, input.provider],
  );
}

/** The connection, locked for the caller's transaction (its state changes one transaction at a time); null when none. */
export async function lockConnection(
  db: Queryable,
  input: { team_id: string; user_id: string; provider: string },
): Promise<ConnectionRecord | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  return db.one<ConnectionRecord>(
    `SELECT ${COLUMNS} FROM connections WHERE user_id = $1 AND team_id = $2 AND provider = $3 FOR UPDATE`,
    [input.user_id, input.team_id, input.provider],
  );
}

/** The user's connections, oldest first (empty when none or the user is not in the team). */
export async function listConnections(
  db: Queryable,
  input: { team_id: string; user_id: string },
): Promise<ConnectionRecord[]> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return [];
  return db.query<ConnectionRecord>(
    `SELECT ${COLUMNS} FROM connections WHERE user_id = $1 AND team_id = $2 ORDER BY created_on, provider`,
    [input.user_id, input.team_id],
  );
}

/** The deleted connection, or null when there was none. */
export async function deleteConnection(
  db: Queryable,
  input: { team_id: string; user_id: string; provider: string },
): Promise<ConnectionRecord | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  return db.one<ConnectionRecord>(
    `DELETE FROM connections WHERE user_id = $1 AND team_id = $2 AND provider = $3 RETURNING ${COLUMNS}`,
    [input.user_id, input.team_id, input.provider],
  );
}

/** The connections of several users of the team (one statement), each user's oldest first. */
export async function listConnectionsOfUsers(
  db: Queryable,
  input: { team_id: string; user_ids: readonly string[] },
): Promise<Map<string, ConnectionRecord[]>> {
  const byUser = new Map<string, ConnectionRecord[]>();
  const ids = input.user_ids.filter(isUuid);
  if (!isUuid(input.team_id) || ids.length === 0) return byUser;
  const rows = await db.query<ConnectionRecord>(
    `SELECT ${COLUMNS} FROM connections WHERE user_id = ANY ($1::uuid[]) AND team_id = $2 ORDER BY user_id, created_on, provider`,
    [ids, input.team_id],
  );
  for (const row of rows) {
    const list = byUser.get(row.user_id);
    if (list) list.push(row);
    else byUser.set(row.user_id, [row]);
  }
  return byUser;
}

/**
 * The connection stops working: `error` with its details, or `paused` (no details). Null when
 * there is no such connection. The caller ends its data window in the same transaction.
 */
export async function setConnectionStatus(
  db: Queryable,
  input: { team_id: string; user_id: string; provider: string; at: string } & (
    | { status: 'error'; error_type: string; error_message: string }
    | { status: 'paused' }
  ),
): Promise<ConnectionRecord | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  const error = input.status === 'error' ? [input.error_type, input.error_message] : [null, null];
  return db.one<ConnectionRecord>(
    `UPDATE connections SET status = $4, error_type = $5, error_message = $6, status_changed_at = $7::timestamptz
     WHERE user_id = $1 AND team_id = $2 AND provider = $3 RETURNING ${COLUMNS}`,
    [input.user_id, input.team_id, input.provider, input.status, ...error, input.at],
  );
}

/** A fresh link repaired the connection: `connected` again, its error cleared. Null when it was not in error or paused. */
export async function repairConnection(
  db: Queryable,
  input: { team_id: string; user_id: string; provider: string },
): Promise<ConnectionRecord | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  return db.one<ConnectionRecord>(
    `UPDATE connections SET status = 'connected', error_type = NULL, error_message = NULL, status_changed_at = NULL
     WHERE user_id = $1 AND team_id = $2 AND provider = $3 AND status <> 'connected' RETURNING ${COLUMNS}`,
    [input.user_id, input.team_id, input.provider],
  );
}

/** Of the team's connections to `provider`, those that do not work (error or paused), by user id: few rows (a partial index). */
export async function listUnavailableConnections(
  db: Queryable,
  input: { team_id: string; provider: string },
): Promise<ConnectionRecord[]> {
  if (!isUuid(input.team_id)) return [];
  return db.query<ConnectionRecord>(
    `SELECT ${COLUMNS} FROM connections WHERE team_id = $1 AND provider = $2 AND status <> 'connected' ORDER BY user_id`,
    [input.team_id, input.provider],
  );
}

/** An export page's position: the last connection of the page before. */
export interface ConnectionExportCursor {
  created_on: string;
  id: string;
}

/**
 * The team's connections to `provider` (of `user_ids` when given), oldest first (id as tie
 * break), after `after`: `limit` of them and the position of the next page (null on the last).
 */
export async function listConnectionsForExport(
  db: Queryable,
  input: { team_id: string; provider: string; user_ids: readonly string[] | null; after: ConnectionExportCursor | null; limit: number },
): Promise<{ connections: ConnectionRecord[]; next: ConnectionExportCursor | null }> {
  if (!isUuid(input.team_id)) return { connections: [], next: null };
  const rows = await db.query<ConnectionRecord>(
    `SELECT ${COLUMNS} FROM connections
     WHERE team_id = $1 AND provider = $2
       AND ($3::uuid[] IS NULL OR user_id = ANY($3::uuid[]))
       AND ($4::timestamptz IS NULL OR (created_on, id) > ($4::timestamptz, $5::uuid))
     ORDER BY created_on, id
     LIMIT $6`,
    [input.team_id, input.provider, input.user_ids, input.after?.created_on ?? null, input.after?.id ?? null, input.limit + 1],
  );
  const connections = rows.slice(0, input.limit);
  const last = connections[connections.length - 1];
  return { connections, next: rows.length > input.limit && last ? { created_on: last.created_on, id: last.id } : null };
}
