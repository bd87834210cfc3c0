import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

/** Tokens are stored as hashes; the caller hashes the token it hands out. */
export interface LinkTokenRecord {
  token_hash: string;
  user_id: string;
  provider: string | null;
  redirect_url: string | null;
  expires_at: string;
  created_on: string;
  used_at: string | null;
}

export type LinkTokenWithTeam = LinkTokenRecord & { team_id: string };

const COLUMNS = 'token_hash, user_id, provider, redirect_url, expires_at, created_on, used_at';

/** Null when the user is not in the team. */
export async function createLinkToken(
  db: Queryable,
  input: {
    team_id: string;
    user_id: string;
    token_hash: string;
    expires_at: string;
    provider?: string | null;
    redirect_url?: string | null;
  },
): Promise<LinkTokenRecord | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  return db.one<LinkTokenRecord>(
    `INSERT INTO link_tokens (token_hash, user_id, provider, redirect_url, expires_at)
     SELECT $3, u.id, $4, $5, $6::timestamptz FROM users u WHERE u.id = $1 AND u.team_id = $2
     RETURNING ${COLUMNS}`,
    [input.user_id, input.team_id, input.token_hash, input.provider ?? null, input.redirect_url ?? null, input.expires_at],
  );
}

/** The unused, unexpired token with its user's team, without using it up; else null. */
export async function findActiveLinkToken(
  db: Queryable,
  input: { token_hash: string; now?: string },
): Promise<LinkTokenWithTeam | null> {
  return db.one<LinkTokenWithTeam>(
    `SELECT t.token_hash, t.user_id, t.provider, t.redirect_url, t.expires_at, t.created_on, t.used_at, u.team_id
     FROM link_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > coalesce($2::timestamptz, now())`,
    [input.token_hash, input.now ?? null],
  );
}

/**
 * Uses the token up: the first call before expiry gets it (with its user's team); later,
 * concurrent or expired calls get null.
 */
export async function consumeLinkToken(
  db: Queryable,
  input: { token_hash: string; now?: string },
): Promise<LinkTokenWithTeam | null> {
  return db.one<LinkTokenWithTeam>(
    `UPDATE link_tokens t SET used_at = coalesce($2::timestamptz, now())
     FROM users u
     WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > coalesce($2::timestamptz, now())
       AND u.id = t.user_id
     RETURNING t.token_hash, t.user_id, t.provider, t.redirect_url, t.expires_at, t.created_on, t.used_at, u.team_id`,
    [input.token_hash, input.now ?? null],
  );
}
