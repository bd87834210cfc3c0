import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

/** The stored user info document (the UserInfo wire shape, kept as jsonb). */
export interface UserInfoRecord<Info extends object = Record<string, unknown>> {
  user_id: string;
  info: Info;
  updated_at: string;
}

const COLUMNS = 'user_id, info, updated_at';

/** Replaces the user's info document. Null when the user is not in the team. */
export async function upsertUserInfo<Info extends object>(
  db: Queryable,
  input: { team_id: string; user_id: string; info: Info },
): Promise<UserInfoRecord<Info> | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  return db.one<UserInfoRecord<Info>>(
    `INSERT INTO user_infos (user_id, info)
     SELECT u.id, $3::jsonb FROM users u WHERE u.id = $1 AND u.team_id = $2
     ON CONFLICT (user_id) DO UPDATE SET info = EXCLUDED.info, updated_at = now()
     RETURNING ${COLUMNS}`,
    [input.user_id, input.team_id, JSON.stringify(input.info)],
  );
}


/** The user's stored info document, or null when none (or the user is not in the team). */
export async function findUserInfo<Info extends object>(db: Queryable, input: { team_id: string; user_id: string }): Promise<UserInfoRecord<Info> | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  return db.one<UserInfoRecord<Info>>(
    `SELECT i.user_id, i.info, i.updated_at FROM user_infos i JOIN users u ON u.id = i.user_id
     WHERE i.user_id = $1 AND u.team_id = $2`,
    [input.user_id, input.team_id],
  );
}
