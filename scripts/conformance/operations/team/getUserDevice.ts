/** GET /v2/user/{user_id}/device/{device_id}: Get a user's device. */
import { checkEqual } from '../../assertions.js';
import { always, must, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { otherTeamClient } from '../../requests.js';
import { newUser } from '../../world.js';
import { listUserDevices } from './listUserDevices.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';
import type { CheckContext } from '../../context.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;

const getUserDevice = (client: TeamClient, user_id: string, device_id: string) =>
  client.GET('/v2/user/{user_id}/device/{device_id}', { params: { path: { user_id, device_id } } });
type Device = TeamSchemas['ClientFacingDevice'];

/** A connected user of the run and its device (on a mock: an id and the example's device). */
async function connectedDevice(t: CheckContext): Promise<{ user_id: string; device: Device | null }> {
  const { user_id } = await t.fixtures.createUser();
  if (t.isMock) return { user_id, device: null };
  t.expect.success('team', 'connectDemoProvider', await t.team.POST('/v2/link/connect/demo', { body: { user_id, provider: 'oura' } }));
  const [device] = t.expect.success<Device[]>('team', 'listUserDevices', await listUserDevices(t.team, user_id));
  return { user_id, device: device! };
}

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getUserDevice',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => {
    const user = await newUser(a, 'oura');
    const [device] = must('listUserDevices', await a.team.GET('/v2/user/{user_id}/device', { params: { path: { user_id: user.user_id } } }));
    return { method: 'GET', path: `/v2/user/${user.user_id}/device/${device!.id}` };
  },
  checks: [
    always('reads a device: on a mock the first example, on a server the device the list gave', async (t) => {
      const { user_id, device } = await connectedDevice(t);
      const read = t.expect.successOrFirstExample<Device>('team', 'getUserDevice', await getUserDevice(t.team, user_id, device?.id ?? UNKNOWN_ID));
      if (device) checkEqual(read, device, 'the device');
    }),
    notOnMock('state', "404 for another user's device", async (t) => {
      const { device } = await connectedDevice(t);
      const { user_id } = await t.fixtures.createUser();
      t.expect.error('team', 'getUserDevice', await getUserDevice(t.team, user_id, device!.id), 404);
    }),
    notOnMock(
      'credentials',
      "404 for a device of another team's user (with that team's key)",
      async (t) => {
        const { user_id, device } = await connectedDevice(t);
        t.expect.error('team', 'getUserDevice', await getUserDevice(await otherTeamClient(t), user_id, device!.id), 404);
      },
      ['management', 'org-id'],
    ),
    pathNotAUuid('getUserDevice', 'device_id', (t) => getUserDevice(t.team, UNKNOWN_ID, NOT_A_UUID)),
    missingKey('getUserDevice', (t) => getUserDevice(t.teamWithoutKey, UNKNOWN_ID, UNKNOWN_ID)),
    unknownKey('getUserDevice', (_t, client) => getUserDevice(client, UNKNOWN_ID, UNKNOWN_ID)),
    notFound('getUserDevice', '404 for an unknown device_id', async (t) => getUserDevice(t.team, (await t.fixtures.user()).user_id, UNKNOWN_ID)),
  ],
};
