/** Ported from test/contract/suite.ts (management listWebhookDeliveries): what its conformance checks assert less of. */
import { checkEqual } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../../../scripts/lib/conformance/values.js';
import { createWebhookEndpointAsDocumented, missingManagementKey, unknownTeamPath } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('lists the failed deliveries of a new endpoint: on a mock the first example, on a server an empty last page', async (t) => {
    // A new endpoint: no event happened since it was registered, so it has no delivery at all.
    const { path } = await createWebhookEndpointAsDocumented(t);
    const outcome = await t.management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', { params: { path, query: { status: 'failed', page_size: 10 } } });
    const page = t.expect.successOrFirstExample('management', 'listWebhookDeliveries', outcome);
    if (!t.isMock) checkEqual(page, { data: [], next_cursor: null }, 'page');
  }),
  always('422 listing page_size 0 and an endpoint_id that is not a UUID, on a team that does not exist', async (t) => {
    const outcome = await t.management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', {
      params: { path: { ...unknownTeamPath(t), endpoint_id: NOT_A_UUID }, query: { page_size: 0 } },
    });
    t.expect.validation('management', 'listWebhookDeliveries', outcome, [
      { loc: ['path', 'endpoint_id'], type: 'format' },
      { loc: ['query', 'page_size'], type: 'greater_than_equal' },
    ]);
  }),
  missingManagementKey('listWebhookDeliveries', (t, client) =>
    client.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', { params: { path: { ...unknownTeamPath(t), endpoint_id: UNKNOWN_ID } } }),
  ),
];
