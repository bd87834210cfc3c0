/** Ported from test/contract/suite.ts (management replayWebhookDeliveries): what its conformance checks assert less of. */
import { checkEqual } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { UNKNOWN_ID } from '../../../../scripts/lib/conformance/values.js';
import { createWebhookEndpointAsDocumented, missingManagementKey, unknownTeamPath } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('replays every failed delivery of a new endpoint: on a mock the first example, on a server none replayed', async (t) => {
    const { path } = await createWebhookEndpointAsDocumented(t);
    const outcome = await t.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', { params: { path }, body: {} });
    const result = t.expect.successOrFirstExample('management', 'replayWebhookDeliveries', outcome);
    if (!t.isMock) checkEqual(result, { replayed: 0 }, 'result');
  }),
  missingManagementKey('replayWebhookDeliveries', (t, client) =>
    client.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', { params: { path: { ...unknownTeamPath(t), endpoint_id: UNKNOWN_ID } }, body: {} }),
  ),
];
