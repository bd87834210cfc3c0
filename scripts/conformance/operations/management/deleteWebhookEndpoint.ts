/** DELETE /v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}: Delete a webhook endpoint. */
import { check, checkEqual } from '../../assertions.js';
import { always, notOnMock, must, uniqueValue, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, managementKeyChecks, NEEDS } from '../../shared-checks.js';
import { ownTeamPath, ownEndpointPath, unknownEndpointPath, listWebhookEndpoints, deleteWebhookEndpoint, type Schemas } from '../../requests.js';
import { managementPath } from '../../world.js';

const { pathNotAUuid, notFound } = errorChecks('management');
const { keyChecks } = managementKeyChecks;

export const definition: OperationDefinition = {
  api: 'management',
  operationId: 'deleteWebhookEndpoint',
  needs: NEEDS,
  auth: { scope: 'management' },
  validRequest: async (w) => {
    const body = { url: `https://${uniqueValue('auth-matrix-delete')}.invalid/hooks` };
    const endpoint = must('createWebhookEndpoint', await w.a.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: { org_id: w.a.orgId, team_id: w.a2.teamId } }, body }));
    return { method: 'DELETE', path: managementPath(w, `/webhook_endpoint/${endpoint.id}`) };
  },
  // A's disposable endpoints, and B's (which must stay).
  fuzzPools: (a, b) => ({ endpoint_id: [...a.disposableEndpointIds, ...b.endpointIds, ...b.disposableEndpointIds] }),
  checks: [
    always('deletes an endpoint registered for the purpose: on a mock the first examples (register and delete), on a server deleting it again is a 404', async (t) => {
      const endpoint = await t.fixtures.createWebhookEndpoint({ url: `https://conformance-${t.runId}.invalid/short-lived` }, 'firstExample');
      const path = await ownEndpointPath(t, endpoint.id);
      t.expect.successOrFirstExample('management', 'deleteWebhookEndpoint', await deleteWebhookEndpoint(t.management, path));
      if (!t.isMock) t.expect.error('management', 'deleteWebhookEndpoint', await deleteWebhookEndpoint(t.management, path), 404);
    }),
    always('422 naming ["path", "endpoint_id"] when it is not a UUID, on a team that does not exist', async (t) => {
      const outcome = await deleteWebhookEndpoint(t.management, { ...unknownEndpointPath(t), endpoint_id: NOT_A_UUID });
      t.expect.validation('management', 'deleteWebhookEndpoint', outcome, [{ loc: ['path', 'endpoint_id'], type: 'format' }]);
    }),
    notOnMock('state', 'a deleted endpoint is no longer listed, and deleting it again is a 404', async (t) => {
      const path = await ownTeamPath(t);
      const endpoint = await t.fixtures.createWebhookEndpoint();
      const del = () => deleteWebhookEndpoint(t.management, { ...path, endpoint_id: endpoint.id });
      checkEqual(t.expect.success<Schemas['SuccessResponse']>('management', 'deleteWebhookEndpoint', await del()).success, true, 'success');
      const listed = t.expect.success<Schemas['WebhookEndpointList']>('management', 'listWebhookEndpoints', await listWebhookEndpoints(t.management, path));
      check(!listed.data.some((listedEndpoint) => listedEndpoint.id === endpoint.id), 'the deleted endpoint is still listed');
      t.expect.error('management', 'deleteWebhookEndpoint', await del(), 404);
    }),
    pathNotAUuid('deleteWebhookEndpoint', 'endpoint_id', async (t) => deleteWebhookEndpoint(t.management, await ownEndpointPath(t, NOT_A_UUID))),
    ...keyChecks('deleteWebhookEndpoint', (t, client) => deleteWebhookEndpoint(client, unknownEndpointPath(t))),
    notFound('deleteWebhookEndpoint', '404 for an unknown endpoint', async (t) => deleteWebhookEndpoint(t.management, await ownEndpointPath(t, UNKNOWN_ID))),
  ],
};
