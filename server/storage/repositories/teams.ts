import type { Region } from '../../shared/values.js';
import type { Queryable } from '../database.js';
import { isUuid, pageLimit, toPage } from './support.js';

export interface TeamRecord {
  id: string;
  org_id: string;
  name: string;
  region: Region;
  created_on: string;
  link_migration_enabled: boolean;
}

/** Keyset position in an org's team list (oldest first). */
export interface TeamCursor {
  created_on: string;
  id: string;
}

export interface ListTeamsInput {
  org_id: string;
  /** Only teams in these regions; empty or absent means all. */
  regions?: readonly string[] | null;
  /** Case-insensitive substring of the name; empty or absent means all. */
  search?: string | null;
  /** Only this team (a page of one team or none); absent means all. */
  team_id?: string | null;
  /** Continue after this team. */
  after?: TeamCursor | null;
  /** Page size, default 50. */
  limit?: number;
}

export interface TeamPage {
  teams: TeamRecord[];
  /** True when more teams follow this page. */
  has_more: boolean;
  /** Cursor of the last team on this page, to pass as `after`; null on the last page. */
  next: TeamCursor | null;
}

const COLUMNS = 'id, org_id, name, region, created_on, link_migration_enabled';

export async function createTeam(
  db: Queryable,
  input: { org_id: string; name: string; region: Region; id?: string; created_on?: string },
): Promise<TeamRecord> {
  const row = await db.one<TeamRecord>(
    `INSERT INTO teams (id, org_id, name, region, created_on)
     VALUES (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4, coalesce($5::timestamptz, now()))
     RETURNING ${COLUMNS}`,
    [input.id ?? null, input.org_id, input.name, input.region, input.created_on ?? null],
  );
  return row!;
}

export async function findTeam(db: Queryable, teamId: string): Promise<TeamRecord | null> {
  if (!isUuid(teamId)) return null;
  return db.one<TeamRecord>(`SELECT ${COLUMNS} FROM teams WHERE id = $1`, [teamId]);
}

/** The team when it belongs to the org, else null. */
export async function findTeamInOrg(db: Queryable, input: { org_id: string; team_id: string }): Promise<TeamRecord | null> {
  if (!isUuid(input.org_id) || !isUuid(input.team_id)) return null;
  return db.one<TeamRecord>(`SELECT ${COLUMNS} FROM teams WHERE id = $1 AND org_id = $2`, [input.team_id, input.org_id]);
}

/**
 * One page of an org's teams, oldest first, keyset-paged on (created_on, id): rows inserted
 * while a client pages land after its cursor and never shift or repeat earlier pages.
 */
export async function listTeams(db: Queryable, input: ListTeamsInput): Promise<TeamPage> {
  const limit = pageLimit(input.limit);
  if (!isUuid(input.org_id) || (input.after && !isUuid(input.after.id)) || (input.team_id != null && !isUuid(input.team_id))) {
    return { teams: [], has_more: false, next: null };
  }
  const regions = input.regions && input.regions.length > 0 ? [...input.regions] : null;
  const search = input.search ? input.search : null;
  const rows = await db.query<TeamRecord>(
    `SELECT ${COLUMNS} FROM teams
     WHERE org_id = $1
       AND ($2::text[] IS NULL OR region = ANY ($2::text[]))
       AND ($3::text IS NULL OR strpos(lower(name), lower($3::text)) > 0)
       AND ($4::timestamptz IS NULL OR (created_on, id) > ($4::timestamptz, $5::uuid))
       AND ($7::uuid IS NULL OR id = $7::uuid)
     ORDER BY created_on, id
     LIMIT $6`,
    [input.org_id, regions, search, input.after?.created_on ?? null, input.after?.id ?? null, limit + 1, input.team_id ?? null],
  );
  const page = toPage(rows, limit, (team): TeamCursor => ({ created_on: team.created_on, id: team.id }));
  return { teams: page.rows, has_more: page.has_more, next: page.next };
}

export async function setLinkMigrationEnabled(
  db: Queryable,
  input: { team_id: string; enabled: boolean },
): Promise<TeamRecord | null> {
  if (!isUuid(input.team_id)) return null;
  return db.one<TeamRecord>(
    `UPDATE teams SET link_migration_enabled = $2 WHERE id = $1 RETURNING ${COLUMNS}`,
    [input.team_id, input.enabled],
  );
}
