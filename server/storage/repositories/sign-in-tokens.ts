import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

/** Tokens are stored as hashes; the caller hashes the token it hands out. */
export interface SignInTokenRecord {
  token_hash: string;
  user_id: string;
  created_on: string;
  exchanged_at: string | null;
}

const COLUMNS = 'token_hash, user_id, created_on, exchanged_at';

/** Null when the user is not in the team. */
export async function createSignInToken(
  db: Queryable,
  input: { team_id: string; user_id: string; token_hash: string },
): Promise<SignInTokenRecord | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  return db.one<SignInTokenRecord>(
    `INSERT INTO sign_in_tokens (token_hash, user_id)
     SELECT $3, u.id FROM users u WHERE u.id = $1 AND u.team_id = $2
     RETURNING ${COLUMNS}`,
    [input.user_id, input.team_id, input.token_hash],
  );
}

/**
 * Exchanges the token once: the first call gets the token (with its user's team), every
 * later or concurrent call gets null.
 */
export async function consumeSignInToken(
  db: Queryable,
  tokenHash: string,
): Promise<(SignInTokenRecord & { team_id: string }) | null> {
  return db.one<SignInTokenRecord & { team_id: string }>(
    `UPDATE sign_in_tokens s SET exchanged_at = now()
     FROM users u
     WHERE s.token_hash = $1 AND s.exchanged_at IS NULL AND u.id = s.user_id
     RETURNING s.token_hash, s.user_id, s.created_on, s.exchanged_at, u.team_id`,
    [tokenHash],
  );
}
