import type { operations } from '../../../../generated/team/schema.js';
import { findUserDevice } from '../../../storage/repositories/devices.js';
import { notFound } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { deviceView } from './list-user-devices.js';
import { requireUser } from './views.js';

/** GET /v2/user/{user_id}/device/{device_id}: one device of the user. */
export const getUserDevice =
  (deps: Deps): Handler<operations['getUserDevice'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const device = await findUserDevice(deps.db, { team_id: teamId, user_id: path.user_id, device_id: path.device_id });
    if (!device) {
      await requireUser(deps.db, teamId, path.user_id);
      throw notFound(`Device ${path.device_id} of user ${path.user_id} not found.`);
    }
    return { status: 200, body: deviceView(device) };
  };
