/** GET /v2/user/{user_id}/device: List a user's devices. */
import { check, checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { firstUser } from '../../world.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey, otherTeamsUser } = teamKeyChecks;

export const listUserDevices = (client: TeamClient, user_id: string) => client.GET('/v2/user/{user_id}/device', { params: { path: { user_id } } });
type Devices = TeamSchemas['ClientFacingDeviceList'];

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'listUserDevices',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v2/user/${firstUser(a).user_id}/device` }),
  checks: [
    always('lists the devices of a connected user: on a mock the first example, on a server its Oura ring', async (t) => {
      const { user_id } = await t.fixtures.createUser();
      if (!t.isMock) await t.team.POST('/v2/link/connect/demo', { body: { user_id, provider: 'oura' } });
      const devices = t.expect.successOrFirstExample<Devices>('team', 'listUserDevices', await listUserDevices(t.team, user_id));
      if (!t.isMock) {
        checkEqual(devices.map((device) => [device.provider, device.source_type, device.user_id]), [['oura', 'ring', user_id]], 'the devices');
        check(devices[0]!.device_version !== null, 'a ring reports its firmware version');
      }
    }),
    notOnMock('state', 'a user without connections has no device', async (t) => {
      const { user_id } = await t.fixtures.createUser();
      checkEqual(t.expect.success<Devices>('team', 'listUserDevices', await listUserDevices(t.team, user_id)), [], 'the devices');
    }),
    pathNotAUuid('listUserDevices', 'user_id', (t) => listUserDevices(t.team, NOT_A_UUID)),
    missingKey('listUserDevices', (t) => listUserDevices(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('listUserDevices', (_t, client) => listUserDevices(client, UNKNOWN_ID)),
    notFound('listUserDevices', '404 for an unknown user_id', (t) => listUserDevices(t.team, UNKNOWN_ID)),
    otherTeamsUser('listUserDevices', "404 for a user of another team (with that team's key)", (other, { user_id }) => listUserDevices(other, user_id)),
  ],
};
