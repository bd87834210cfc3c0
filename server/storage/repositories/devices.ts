import type { Queryable } from '../database.js';
import { isUuid } from './support.js';

/** A device as stored (migration 051): what its provider reported last, and when. */
export interface DeviceRecord {
  id: string;
  user_id: string;
  team_id: string;
  provider: string;
  source_type: string;
  app_id: string | null;
  device_manufacturer: string | null;
  device_model: string | null;
  device_version: string | null;
  device_id: string | null;
  created_at: string;
  updated_at: string;
}

/** What a provider reports now for a user's device (server/domain/devices/catalog.ts). */
export interface DeviceInput {
  id: string;
  user_id: string;
  team_id: string;
  provider: string;
  source_type: string;
  app_id: string | null;
  device_manufacturer: string | null;
  device_model: string | null;
  device_version: string | null;
  device_id: string | null;
}

const COLUMNS = `d.id, d.user_id, d.team_id, d.provider, d.source_type, d.app_id, d.device_manufacturer, d.device_model, d.device_version, d.device_id,
  to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(d.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at`;

/**
 * Records what the providers report now, in one statement: a device not stored yet is created,
 * a stored one whose report changed is updated; one that did not change is not written. Returns
 * the devices created or changed, each with `created` (true: new). A device whose user is gone
 * is skipped.
 */
export async function recordDevices(db: Queryable, devices: readonly DeviceInput[], at: string): Promise<(DeviceRecord & { created: boolean })[]> {
  if (devices.length === 0) return [];
  const column = <K extends keyof DeviceInput>(key: K) => devices.map((device) => device[key]);
  return db.query<DeviceRecord & { created: boolean }>(
    `WITH input AS (
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
         AS i(id, user_id, team_id, provider, source_type, app_id, device_manufacturer, device_model, device_version, device_id)
       WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = i.user_id AND u.team_id = i.team_id)
     )
     INSERT INTO devices AS d (id, user_id, team_id, provider, source_type, app_id, device_manufacturer, device_model, device_version, device_id, created_at, updated_at)
     SELECT id, user_id, team_id, provider, source_type, app_id, device_manufacturer, device_model, device_version, device_id, $11::timestamptz, $11::timestamptz FROM input
     ON CONFLICT (user_id, provider) DO UPDATE SET
       source_type = excluded.source_type, app_id = excluded.app_id, device_manufacturer = excluded.device_manufacturer,
       device_model = excluded.device_model, device_version = excluded.device_version, device_id = excluded.device_id, updated_at = excluded.updated_at
     WHERE (d.source_type, d.app_id, d.device_manufacturer, d.device_model, d.device_version, d.device_id)
       IS DISTINCT FROM (excluded.source_type, excluded.app_id, excluded.device_manufacturer, excluded.device_model, excluded.device_version, excluded.device_id)
     RETURNING ${COLUMNS}, (d.xmax = 0) AS created`,
    [
      column('id'), column('user_id'), column('team_id'), column('provider'), column('source_type'), column('app_id'),
      column('device_manufacturer'), column('device_model'), column('device_version'), column('device_id'), at,
    ],
  );
}

/** The team's user's devices (of `provider` when given), by provider; null when the team has no such user. */
export async function listUserDevices(db: Queryable, input: { team_id: string; user_id: string; provider?: string | null }): Promise<DeviceRecord[] | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id)) return null;
  const byProvider = input.provider ? 'AND d.provider = $3' : '';
  const rows = await db.query<DeviceRecord & { has_device: boolean }>(
    `SELECT d.id IS NOT NULL AS has_device, ${COLUMNS}
     FROM users u LEFT JOIN devices d ON d.user_id = u.id AND d.team_id = u.team_id ${byProvider}
     WHERE u.id = $1 AND u.team_id = $2
     ORDER BY d.provider`,
    input.provider ? [input.user_id, input.team_id, input.provider] : [input.user_id, input.team_id],
  );
  if (rows.length === 0) return null;
  return rows.filter((row) => row.has_device).map(({ has_device: _has, ...device }) => device);
}

/** The team's user's device `device_id` (our id), or null. */
export async function findUserDevice(db: Queryable, input: { team_id: string; user_id: string; device_id: string }): Promise<DeviceRecord | null> {
  if (!isUuid(input.team_id) || !isUuid(input.user_id) || !isUuid(input.device_id)) return null;
  return db.one<DeviceRecord>(`SELECT ${COLUMNS} FROM devices d WHERE d.id = $1 AND d.user_id = $2 AND d.team_id = $3`, [input.device_id, input.user_id, input.team_id]);
}
