import type { operations } from '../../../../generated/team/schema.js';
import { toClientFacingDevice } from '../../../jobs/devices/record-devices.js';
import { asDeviceSourceType } from '../../../domain/devices/catalog.js';
import { listUserDevices as readDevices, type DeviceRecord } from '../../../storage/repositories/devices.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { userNotFound } from './views.js';

/** The wire device, its stored source type read back as one of the family's (server/domain/devices/catalog.ts). */
export const deviceView = (device: DeviceRecord) => ({ ...toClientFacingDevice(device), source_type: asDeviceSourceType(device.source_type) });

/** GET /v2/user/{user_id}/device: the devices the user's providers report. */
export const listUserDevices =
  (deps: Deps): Handler<operations['listUserDevices'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const devices = await readDevices(deps.db, { team_id: teamId, user_id: path.user_id });
    if (!devices) throw userNotFound(path.user_id);
    return { status: 200, body: devices.map(deviceView) };
  };
