/**
 * Devices (server/domain/devices/catalog.ts) are recorded when a connection is made and brought
 * up to date by every sync of its window: what the provider reports at that instant is stored,
 * and a device that is new is announced as `provider.device.created`, one whose report changed
 * (a firmware release) as `provider.device.updated`, in the transaction of the change.
 */
import { deviceOf } from '../../domain/devices/catalog.js';
import type { Queryable } from '../../storage/database.js';
import { recordDevices, type DeviceRecord } from '../../storage/repositories/devices.js';
import { emitEvents, type BatchEvent } from '../../storage/repositories/events.js';

/** A connection as the recording needs it: whose, of which provider, and the user's reference for the events. */
export interface DeviceOwner {
  team_id: string;
  user_id: string;
  client_user_id: string;
  provider: string;
}

/** The wire ClientFacingDevice of a stored device. */
export const toClientFacingDevice = (device: DeviceRecord) => ({
  id: device.id,
  user_id: device.user_id,
  provider: device.provider,
  source_type: device.source_type,
  app_id: device.app_id,
  device_manufacturer: device.device_manufacturer,
  device_model: device.device_model,
  device_version: device.device_version,
  device_id: device.device_id,
});

/**
 * Records the device each connection's provider reports at `at` and emits an event for each one
 * created or changed, in the caller's transaction. Returns how many events were written.
 */
export async function recordReportedDevices(tx: Queryable, owners: readonly DeviceOwner[], at: Date): Promise<number> {
  if (owners.length === 0) return 0;
  const changed = await recordDevices(
    tx,
    owners.map((owner) => ({ ...deviceOf(owner.user_id, owner.provider, at), user_id: owner.user_id, team_id: owner.team_id })),
    at.toISOString(),
  );
  const clientUserIds = new Map(owners.map((owner) => [`${owner.user_id}|${owner.provider}`, owner.client_user_id]));
  const byTeam = new Map<string, BatchEvent[]>();
  for (const device of changed) {
    const batch = byTeam.get(device.team_id) ?? [];
    batch.push({
      event: {
        event_type: device.created ? 'provider.device.created' : 'provider.device.updated',
        data: toClientFacingDevice(device),
        team_id: device.team_id,
        user_id: device.user_id,
        client_user_id: clientUserIds.get(`${device.user_id}|${device.provider}`) ?? '',
      },
    });
    byTeam.set(device.team_id, batch);
  }
  let written = 0;
  for (const [teamId, batch] of byTeam) written += await emitEvents(tx, teamId, batch);
  return written;
}
