import type { operations } from '../../../../generated/team/schema.js';
import { resolveProviderFilter } from '../../../domain/data/ranges.js';
import { asDeviceSourceType, rawDeviceData } from '../../../domain/devices/catalog.js';
import { findProvider, toClientFacingProvider } from '../../../domain/providers/catalog.js';
import { listUserDevices } from '../../../storage/repositories/devices.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { userNotFound } from './views.js';

/** GET /v2/summary/devices/{user_id}/raw: the user's devices as their providers' records give them. */
export const getUserDevicesRaw =
  (deps: Deps): Handler<operations['getUserDevicesRaw'], TeamContext> =>
  async ({ path, query }, { teamId }) => {
    const filter = resolveProviderFilter(query.provider);
    const devices = await listUserDevices(deps.db, { team_id: teamId, user_id: path.user_id, provider: 'provider' in filter ? filter.provider : null });
    if (!devices) throw userNotFound(path.user_id);
    if ('error' in filter) throw new ValidationFailure([{ loc: ['query', filter.error.loc], msg: filter.error.msg, type: 'value_error' }]);
    const body = devices.flatMap((device) => {
      const provider = findProvider(device.provider);
      if (!provider) return [];
      return [
        {
          id: device.id,
          user_id: device.user_id,
          provider_id: device.device_id ?? device.provider,
          source_id: provider.id,
          source: toClientFacingProvider(provider),
          data: rawDeviceData({ ...device, source_type: asDeviceSourceType(device.source_type) }),
        },
      ];
    });
    return { status: 200, body: { devices: body } };
  };
