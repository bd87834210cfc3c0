/**
 * Reads of stored rows that no operation of the server needs (the API answers with
 * what it stores where it can; these look at what it does not return), and the two
 * writes a test needs that no operation makes: revoking a management key and moving a
 * user's ingestion bounds. The repositories keep only what the server calls.
 */
import type { Queryable } from '../../server/storage/database.js';
import { eventBodySql } from '../../server/storage/repositories/events.js';
import type { ManagementKeyRecord } from '../../server/storage/repositories/credentials.js';
import type { InsuranceRecord } from '../../server/storage/repositories/insurances.js';
import type { LinkCodeRecord } from '../../server/storage/repositories/link-codes.js';
import type { PullProgressRecord } from '../../server/storage/repositories/pull-progress.js';
import type { BucketKey, PullBucketRecord } from '../../server/storage/repositories/pull-buckets.js';
import type { PullPreferenceRecord } from '../../server/storage/repositories/pull-preferences.js';
import { isUuid } from '../../server/storage/repositories/support.js';
import type { UserInfoRecord } from '../../server/storage/repositories/user-infos.js';

export { isUniqueViolation } from '../../server/storage/repositories/support.js';

/** The user's insurance of that rank; null when none or the user is not in the team. */
export async function getInsurance<Insurance extends object = Record<string, unknown>>(
  db: Queryable,
  input: { team_id: string; user_id: string; is_primary: boolean },
): Promise<InsuranceRecord<Insurance> | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  return db.one<InsuranceRecord<Insurance>>(
    `SELECT i.user_id, i.is_primary, i.record, i.created_on, i.updated_at
     FROM insurances i JOIN users u ON u.id = i.user_id
     WHERE i.user_id = $1 AND u.team_id = $2 AND i.is_primary = $3`,
    [input.user_id, input.team_id, input.is_primary],
  );
}

/** The user's insurances, primary first; empty when none or the user is not in the team. */
export async function listInsurances<Insurance extends object = Record<string, unknown>>(
  db: Queryable,
  input: { team_id: string; user_id: string },
): Promise<InsuranceRecord<Insurance>[]> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return [];
  return db.query<InsuranceRecord<Insurance>>(
    `SELECT i.user_id, i.is_primary, i.record, i.created_on, i.updated_at
     FROM insurances i JOIN users u ON u.id = i.user_id
     WHERE i.user_id = $1 AND u.team_id = $2
     ORDER BY i.is_primary DESC`,
    [input.user_id, input.team_id],
  );
}

/** Null when the user is not in the team or has no info yet. */
export async function getUserInfo<Info extends object = Record<string, unknown>>(
  db: Queryable,
  input: { team_id: string; user_id: string },
): Promise<UserInfoRecord<Info> | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  return db.one<UserInfoRecord<Info>>(
    `SELECT i.user_id, i.info, i.updated_at
     FROM user_infos i JOIN users u ON u.id = i.user_id
     WHERE i.user_id = $1 AND u.team_id = $2`,
    [input.user_id, input.team_id],
  );
}

/** Sets a user's ingestion bounds (null clears one); no operation of the API changes them after creation. */
export async function setIngestionBounds(
  db: Queryable,
  input: { team_id: string; user_id: string; ingestion_start: string | null; ingestion_end: string | null },
): Promise<void> {
  const rows = await db.query(`UPDATE users SET ingestion_start = $3::date, ingestion_end = $4::date WHERE id = $1 AND team_id = $2 RETURNING id`, [
    input.user_id,
    input.team_id,
    input.ingestion_start,
    input.ingestion_end,
  ]);
  if (rows.length !== 1) throw new Error(`No user ${input.user_id} in team ${input.team_id}`);
}

/** The unexpired code with its user's team, or null. */
export async function findActiveLinkCode(
  db: Queryable,
  input: { code: string; now?: string },
): Promise<(LinkCodeRecord & { team_id: string }) | null> {
  return db.one<LinkCodeRecord & { team_id: string }>(
    `SELECT c.code, c.user_id, c.expires_at, c.created_on, u.team_id
     FROM link_codes c JOIN users u ON u.id = c.user_id
     WHERE c.code = $1 AND c.expires_at > coalesce($2::timestamptz, now())`,
    [input.code, input.now ?? null],
  );
}

/** Revokes the key (no operation of the API does); null when it does not exist (in that org) or was already revoked. */
export async function revokeManagementKey(db: Queryable, input: { id: string; org_id?: string }): Promise<ManagementKeyRecord | null> {
  if (!isUuid(input.id) || (input.org_id !== undefined && !isUuid(input.org_id))) return null;
  return db.one<ManagementKeyRecord>(
    `UPDATE management_keys SET revoked_on = now()
     WHERE id = $1 AND ($2::uuid IS NULL OR org_id = $2) AND revoked_on IS NULL
     RETURNING id, org_id, created_on, revoked_on`,
    [input.id, input.org_id ?? null],
  );
}

export async function getPullPreference(db: Queryable, input: { team_id: string; provider: string }): Promise<PullPreferenceRecord | null> {
  if (!isUuid(input.team_id)) return null;
  return db.one<PullPreferenceRecord>(`SELECT team_id, provider, range_days FROM team_pull_preferences WHERE team_id = $1 AND provider = $2`, [
    input.team_id,
    input.provider,
  ]);
}

export async function deletePullPreference(db: Queryable, input: { team_id: string; provider: string }): Promise<boolean> {
  if (!isUuid(input.team_id)) return false;
  const rows = await db.query(`DELETE FROM team_pull_preferences WHERE team_id = $1 AND provider = $2 RETURNING team_id`, [
    input.team_id,
    input.provider,
  ]);
  return rows.length > 0;
}

export async function getPullProgress(db: Queryable, input: { op_id: string; user_id: string }): Promise<PullProgressRecord | null> {
  return db.one<PullProgressRecord>(`SELECT op_id, user_id, start_date, end_date, next_date FROM bulk_pull_progress WHERE op_id = $1 AND user_id = $2`, [
    input.op_id,
    input.user_id,
  ]);
}

/** The throttle bucket without locking it. */
export async function getBucket(db: Queryable, bucket: BucketKey): Promise<PullBucketRecord | null> {
  if (!isUuid(bucket.team_id)) return null;
  const row = await db.one<{ team_id: string; provider: string; recent_starts: unknown; has_pending: boolean; next_slot_ms: number | string | null }>(
    `SELECT team_id, provider, recent_starts, has_pending, next_slot_ms FROM pull_throttle_buckets WHERE team_id = $1 AND provider = $2`,
    [bucket.team_id, bucket.provider],
  );
  if (!row) return null;
  return {
    team_id: row.team_id,
    provider: row.provider,
    recent_starts: Array.isArray(row.recent_starts) ? row.recent_starts.map(Number) : [],
    has_pending: row.has_pending,
    next_slot_ms: row.next_slot_ms === null ? null : Number(row.next_slot_ms),
  };
}

/**
 * The payloads of a team's outbox events of one type, oldest first (order webhooks), as they
 * are delivered: an order event's lab test, stored apart, is put back (eventBodySql).
 */
export async function listEventPayloads<Payload = Record<string, unknown>>(db: Queryable, input: { team_id: string; event_type: string }): Promise<Payload[]> {
  const rows = await db.query<{ payload: Payload }>(`SELECT (${eventBodySql('events')})::json AS payload FROM events WHERE team_id = $1 AND event_type = $2 ORDER BY created_on, id`, [input.team_id, input.event_type]);
  return rows.map((row) => row.payload);
}
