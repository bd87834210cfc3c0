/** GET /v2/summary/devices/{user_id}/raw: Get the raw device records. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { firstUser } from '../../world.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey, otherTeamsUser } = teamKeyChecks;

const getUserDevicesRaw = (client: TeamClient, user_id: string, provider?: string) =>
  client.GET('/v2/summary/devices/{user_id}/raw', { params: { path: { user_id }, ...(provider !== undefined && { query: { provider } }) } });
type Raw = TeamSchemas['RawDevicesResponse'];

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getUserDevicesRaw',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v2/summary/devices/${firstUser(a).user_id}/raw` }),
  checks: [
    always("reads the raw device records: on a mock the first example, on a server the Oura ring's, filtered by provider", async (t) => {
      const { user_id } = await t.fixtures.createUser();
      if (!t.isMock) await t.team.POST('/v2/link/connect/demo', { body: { user_id, provider: 'oura' } });
      const raw = t.expect.successOrFirstExample<Raw>('team', 'getUserDevicesRaw', await getUserDevicesRaw(t.team, user_id));
      if (!t.isMock) {
        checkEqual(raw.devices.map((device) => [device.source.slug, device.user_id]), [['oura', user_id]], 'the records');
        checkEqual(t.expect.success<Raw>('team', 'getUserDevicesRaw', await getUserDevicesRaw(t.team, user_id, 'fitbit')).devices, [], "fitbit's records");
      }
    }),
    notOnMock('domain-rules', '422 naming ["query", "provider"] for a slug the catalog does not have', async (t) => {
      t.expect.validation('team', 'getUserDevicesRaw', await getUserDevicesRaw(t.team, (await t.fixtures.user()).user_id, 'nokia'), [{ loc: ['query', 'provider'] }]);
    }),
    pathNotAUuid('getUserDevicesRaw', 'user_id', (t) => getUserDevicesRaw(t.team, NOT_A_UUID)),
    missingKey('getUserDevicesRaw', (t) => getUserDevicesRaw(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('getUserDevicesRaw', (_t, client) => getUserDevicesRaw(client, UNKNOWN_ID)),
    notFound('getUserDevicesRaw', '404 for an unknown user_id', (t) => getUserDevicesRaw(t.team, UNKNOWN_ID)),
    otherTeamsUser('getUserDevicesRaw', "404 for a user of another team (with that team's key)", (other, { user_id }) => getUserDevicesRaw(other, user_id)),
  ],
};
