import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

/**
 * The OAuth tokens of imported connections (POST /v2/link/bulk_import, migration 079), stored
 * encrypted by the caller (server/jobs/connections/credential-cipher.ts). Only the bulk export
 * reads them back; no other read selects this table.
 */
export interface StoredCredentials {
  connection_id: string;
  access_token_enc: string;
  refresh_token_enc: string;
  /** Seconds since 1970-01-01 UTC, as imported. */
  expires_at: number;
  oauth_scopes: string[] | null;
}

/**
 * Stores the connection's tokens (replacing those it had) and the user's id at the provider
 * they belong to, in the caller's transaction.
 */
export async function saveConnectionCredentials(
  db: Queryable,
  input: StoredCredentials & { team_id: string; external_user_id: string },
): Promise<void> {
  await db.query(
    `WITH connection AS (
       UPDATE connections SET external_user_id = $7 WHERE id = $1 AND team_id = $2 RETURNING id, team_id
     )
     INSERT INTO connection_credentials (connection_id, team_id, access_token_enc, refresh_token_enc, expires_at, oauth_scopes)
     SELECT id, team_id, $3, $4, to_timestamp($5::bigint), $6::text[] FROM connection
     ON CONFLICT (connection_id) DO UPDATE
       SET access_token_enc = EXCLUDED.access_token_enc, refresh_token_enc = EXCLUDED.refresh_token_enc,
           expires_at = EXCLUDED.expires_at, oauth_scopes = EXCLUDED.oauth_scopes, updated_at = now()`,
    [input.connection_id, input.team_id, input.access_token_enc, input.refresh_token_enc, input.expires_at, input.oauth_scopes, input.external_user_id],
  );
}

/** The stored tokens of those of the team's connections that were imported (for the export). */
export async function listConnectionCredentials(db: Queryable, input: { team_id: string; connection_ids: readonly string[] }): Promise<StoredCredentials[]> {
  const ids = input.connection_ids.filter(isUuid);
  if (!isUuid(input.team_id) || ids.length === 0) return [];
  const rows = await db.query<Omit<StoredCredentials, 'expires_at'> & { expires_at: number | string }>(
    `SELECT connection_id, access_token_enc, refresh_token_enc, extract(epoch FROM expires_at)::bigint AS expires_at, oauth_scopes
     FROM connection_credentials WHERE team_id = $1 AND connection_id = ANY ($2::uuid[])`,
    [input.team_id, ids],
  );
  return rows.map((row) => ({ ...row, expires_at: Number(row.expires_at) }));
}
