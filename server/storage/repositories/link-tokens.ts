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

export type LockedLinkToken = LinkTokenWithTeam & { pending_mfa_provider: string | null };

/**
 * The token whatever its state (unknown: null), with its user's team and the provider whose
 * sign-in awaits an MFA code, its row locked until the transaction ends: two attempts with one
 * token (a sign-in and its code, or two codes) take turns, so a token connects at most once.
 */
export async function lockLinkToken(db: Queryable, input: { token_hash: string }): Promise<LockedLinkToken | null> {
  return db.one<LockedLinkToken>(
    `SELECT t.token_hash, t.user_id, t.provider, t.redirect_url, t.expires_at, t.created_on, t.used_at, t.pending_mfa_provider, u.team_id
     FROM link_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.token_hash = $1
     FOR UPDATE OF t`,
    [input.token_hash],
  );
}

/** Records that a sign-in to `provider` awaits its MFA code with this token (a later sign-in replaces it). */
export async function setLinkTokenPendingMfa(db: Queryable, input: { token_hash: string; provider: string }): Promise<void> {
  await db.query(`UPDATE link_tokens SET pending_mfa_provider = $2 WHERE token_hash = $1 AND used_at IS NULL`, [input.token_hash, input.provider]);
}

/** Uses the token up for a password, MFA or email link (as consumeLinkToken), clearing its pending sign-in. */
export async function consumeLinkTokenForSignIn(db: Queryable, input: { token_hash: string; now: string }): Promise<boolean> {
  const row = await db.one<{ token_hash: string }>(
    `UPDATE link_tokens SET used_at = $2::timestamptz, pending_mfa_provider = NULL
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2::timestamptz
     RETURNING token_hash`,
    [input.token_hash, input.now],
  );
  return row !== null;
}
