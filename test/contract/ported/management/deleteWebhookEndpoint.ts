/** Ported from test/contract/suite.ts (management deleteWebhookEndpoint): what its conformance checks assert less of. */
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../../../scripts/lib/conformance/values.js';
import { createWebhookEndpointAsDocumented, missingManagementKey, unknownTeamPath } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('deletes an endpoint registered for the purpose: on a mock the first examples (register and delete), on a server deleting it again is a 404', async (t) => {
    const { path } = await createWebhookEndpointAsDocumented(t, { url: `https://conformance-${t.runId}.invalid/short-lived` });
    const del = () => t.management.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', { params: { path } });
    t.expect.successOrFirstExample('management', 'deleteWebhookEndpoint', await del());
    if (!t.isMock) t.expect.error('management', 'deleteWebhookEndpoint', await del(), 404);
  }),
  always('422 naming ["path", "endpoint_id"] when it is not a UUID, on a team that does not exist', async (t) => {
    const outcome = await t.management.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', { params: { path: { ...unknownTeamPath(t), endpoint_id: NOT_A_UUID } } });
    t.expect.validation('management', 'deleteWebhookEndpoint', outcome, [{ loc: ['path', 'endpoint_id'], type: 'format' }]);
  }),
  missingManagementKey('deleteWebhookEndpoint', (t, client) =>
    client.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', { params: { path: { ...unknownTeamPath(t), endpoint_id: UNKNOWN_ID } } }),
  ),
];
