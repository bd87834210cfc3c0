/** DELETE /v1/org/{org_id}/team/{team_id}/api_key/{key_id}: Revoke a team API key. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, must, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, managementKeyChecks, NEEDS } from '../../shared-checks.js';
import { ownTeamPath, unknownTeamPath, revokeTeamApiKey, type Schemas } from '../../requests.js';
import { managementPath } from '../../world.js';

const { pathNotAUuid, notFound } = errorChecks('management');
const { keyChecks } = managementKeyChecks;

export const definition: OperationDefinition = {
  api: 'management',
  operationId: 'revokeTeamApiKey',
  needs: NEEDS,
  auth: { scope: 'management' },
  validRequest: async (w) => {
    const key = must('createTeamApiKey', await w.a.management.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path: { org_id: w.a.orgId, team_id: w.a2.teamId } }, body: { label: 'to revoke' } }));
    return { method: 'DELETE', path: managementPath(w, `/api_key/${key.id}`) };
  },
  seed: {
    order: 150,
    /** A key of the team that was accepted, then revoked. */
    async run(seeding) {
      const key = must('createTeamApiKey', await seeding.management.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path: seeding.path }, body: { label: 'revoked' } }));
      const client = seeding.withApiKey(key.key);
      must('listProviders with the key before it is revoked', await client.GET('/v2/providers'));
      must('revokeTeamApiKey', await seeding.management.DELETE('/v1/org/{org_id}/team/{team_id}/api_key/{key_id}', { params: { path: { ...seeding.path, key_id: key.id } } }));
      seeding.revokedKey = key.key;
    },
  },
  checks: [
    always('revokes a key of a team: on a mock the first examples (create and revoke), on a server the key then gets a 401', async (t) => {
      const path = await ownTeamPath(t);
      const key = await t.fixtures.createOwnTeamKey('to revoke', 'firstExample');
      t.expect.successOrFirstExample('management', 'revokeTeamApiKey', await revokeTeamApiKey(t.management, { ...path, key_id: key.id }));
      if (!t.isMock) t.expect.error('team', 'listProviders', await t.teamWith(key.key).GET('/v2/providers'), 401);
    }),
    always('422 naming ["path", "key_id"] when it is not a UUID, on a team that does not exist', async (t) => {
      const outcome = await revokeTeamApiKey(t.management, { ...unknownTeamPath(t), key_id: NOT_A_UUID });
      t.expect.validation('management', 'revokeTeamApiKey', outcome, [{ loc: ['path', 'key_id'], type: 'format' }]);
    }),
    notOnMock('credentials', 'a revoked key, accepted before, gets a 401 on the team API', async (t) => {
      const path = await ownTeamPath(t);
      const key = await t.fixtures.createOwnTeamKey('conformance revoke');
      const client = t.teamWith(key.key);
      t.expect.success('team', 'listProviders', await client.GET('/v2/providers'));
      const revoked = await revokeTeamApiKey(t.management, { ...path, key_id: key.id });
      checkEqual(t.expect.success<Schemas['SuccessResponse']>('management', 'revokeTeamApiKey', revoked).success, true, 'success');
      t.expect.error('team', 'listProviders', await client.GET('/v2/providers'), 401);
    }),
    pathNotAUuid('revokeTeamApiKey', 'key_id', async (t) => revokeTeamApiKey(t.management, { ...(await ownTeamPath(t)), key_id: NOT_A_UUID })),
    ...keyChecks('revokeTeamApiKey', (t, client) => revokeTeamApiKey(client, { ...unknownTeamPath(t), key_id: UNKNOWN_ID })),
    notFound('revokeTeamApiKey', '404 for a key the team does not have', async (t) => revokeTeamApiKey(t.management, { ...(await ownTeamPath(t)), key_id: UNKNOWN_ID })),
  ],
};
