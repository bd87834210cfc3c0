/** Ported from test/contract/suite.ts (management listWebhookEndpoints): what its conformance checks assert less of. */
import type { ManagementSchemas } from '../../../../server/client/index.js';
import { check } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { missingManagementKey, ownTeamPath, unknownTeamPath } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always("lists a team's endpoints: on a mock the first example, on a server with the registered one and no endpoint's secret", async (t) => {
    const endpoint = await t.fixtures.webhookEndpoint();
    const outcome = await t.management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: await ownTeamPath(t) } });
    const list = t.expect.successOrFirstExample<ManagementSchemas['WebhookEndpointList']>('management', 'listWebhookEndpoints', outcome);
    if (!t.isMock) {
      check(list.data.some((listed) => listed.id === endpoint.id), `the registered endpoint ${endpoint.id} is not listed`);
      check(list.data.every((listed) => !('secret' in listed)), 'an endpoint is listed with its secret');
    }
  }),
  missingManagementKey('listWebhookEndpoints', (t, client) => client.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: unknownTeamPath(t) } })),
];
