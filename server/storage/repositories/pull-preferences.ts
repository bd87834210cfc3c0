import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

/** How many days back a historical pull of `provider` goes for the team. */
export interface PullPreferenceRecord {
  team_id: string;
  provider: string;
  range_days: number;
}

const COLUMNS = 'team_id, provider, range_days';

export async function setPullPreference(
  db: Queryable,
  input: { team_id: string; provider: string; range_days: number },
): Promise<PullPreferenceRecord> {
  const row = await db.one<PullPreferenceRecord>(
    `INSERT INTO team_pull_preferences (team_id, provider, range_days) VALUES ($1, $2, $3)
     ON CONFLICT (team_id, provider) DO UPDATE SET range_days = EXCLUDED.range_days
     RETURNING ${COLUMNS}`,
    [input.team_id, input.provider, input.range_days],
  );
  return row!;
}

export async function listPullPreferences(db: Queryable, teamId: string): Promise<PullPreferenceRecord[]> {
  if (!isUuid(teamId)) return [];
  return db.query<PullPreferenceRecord>(`SELECT ${COLUMNS} FROM team_pull_preferences WHERE team_id = $1 ORDER BY provider`, [
    teamId,
  ]);
}

