import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

export interface OrgRecord {
  id: string;
  name: string;
  created_on: string;
}

const COLUMNS = 'id, name, created_on';

export async function createOrg(db: Queryable, input: { name: string; id?: string }): Promise<OrgRecord> {
  const row = await db.one<OrgRecord>(
    `INSERT INTO orgs (id, name) VALUES (coalesce($1::uuid, gen_random_uuid()), $2) RETURNING ${COLUMNS}`,
    [input.id ?? null, input.name],
  );
  return row!;
}

export async function findOrg(db: Queryable, id: string): Promise<OrgRecord | null> {
  if (!isUuid(id)) return null;
  return db.one<OrgRecord>(`SELECT ${COLUMNS} FROM orgs WHERE id = $1`, [id]);
}

/** The sandbox's own org: the first one created (bootstrap.ts creates it on the first start). */
export async function findFirstOrgId(db: Queryable): Promise<string | null> {
  const row = await db.one<{ id: string }>(`SELECT id FROM orgs ORDER BY created_on, id LIMIT 1`);
  return row?.id ?? null;
}
