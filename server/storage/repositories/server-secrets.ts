import type { Queryable } from '../database.js';

/**
 * The server secret `name`, stored as `candidate` when it has none yet. Two steps, so that
 * of two processes storing it at once, both read the one that was kept.
 */
export async function ensureServerSecret(db: Queryable, name: string, candidate: string): Promise<string> {
  await db.query(`INSERT INTO server_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [name, candidate]);
  const row = await db.one<{ secret: string }>(`SELECT secret FROM server_secrets WHERE name = $1`, [name]);
  if (!row) throw new Error(`Server secret ${name} is missing`);
  return row.secret;
}
