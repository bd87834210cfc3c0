/** Ported from test/contract/suite.ts (management createWebhookEndpoint): what its conformance checks assert less of. */
import { check, checkEqual } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { invalid } from '../../../../scripts/lib/conformance/values.js';
import { createWebhookEndpointAsDocumented, endpointBody, missingManagementKey, unknownTeamPath } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('registers an HTTPS endpoint with event type filters: on a mock the first example, on a server its URL, filters and a whsec_ secret of 32 base64 characters', async (t) => {
    const body = endpointBody(t);
    const { endpoint } = await createWebhookEndpointAsDocumented(t, body);
    if (!t.isMock) {
      checkEqual({ url: endpoint.url, event_types: endpoint.event_types }, { url: body.url, event_types: body.event_types }, 'endpoint');
      check(/^whsec_[A-Za-z0-9+/]{32}$/.test(endpoint.secret), `secret ${endpoint.secret.slice(0, 8)}... is not whsec_ and 32 base64 characters`);
    }
  }),
  always('422 listing a missing url and a filter that is not an event type or prefix, on a team that does not exist', async (t) => {
    const outcome = await t.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: unknownTeamPath(t) }, body: invalid({ event_types: ['daily.*.created'] }) });
    t.expect.validation('management', 'createWebhookEndpoint', outcome, [
      { loc: ['body', 'url'], type: 'missing' },
      { loc: ['body', 'event_types', 0], type: 'pattern' },
    ]);
  }),
  missingManagementKey('createWebhookEndpoint', (t, client) =>
    client.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: unknownTeamPath(t) }, body: { url: 'https://hooks.example.com/vital' } }),
  ),
];
