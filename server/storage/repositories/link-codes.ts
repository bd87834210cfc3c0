import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

export interface LinkCodeRecord {
  code: string;
  user_id: string;
  expires_at: string;
  created_on: string;
}

export type CreateLinkCodeResult =
  | { status: 'created'; link_code: LinkCodeRecord }
  /** The (random) code is already taken: generate another and try again. */
  | { status: 'conflict'; reason: 'code_taken' };

const COLUMNS = 'code, user_id, expires_at, created_on';

/** Null when the user is not in the team. */
export async function createLinkCode(
  db: Queryable,
  input: { team_id: string; user_id: string; code: string; expires_at: string },
): Promise<CreateLinkCodeResult | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  const row = await db.one<LinkCodeRecord>(
    `INSERT INTO link_codes (code, user_id, expires_at)
     SELECT $3, u.id, $4::timestamptz FROM users u WHERE u.id = $1 AND u.team_id = $2
     ON CONFLICT (code) DO NOTHING
     RETURNING ${COLUMNS}`,
    [input.user_id, input.team_id, input.code, input.expires_at],
  );
  if (row) return { status: 'created', link_code: row };
  const user = await db.one(`SELECT 1 AS found FROM users WHERE id = $1 AND team_id = $2`, [input.user_id, input.team_id]);
  return user ? { status: 'conflict', reason: 'code_taken' } : null;
}

