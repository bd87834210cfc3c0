/** GET /v1/org/{org_id}/team/{team_id}/webhook_endpoint: List webhook endpoints. */
import { check, checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID } from '../../values.js';
import { errorChecks, managementKeyChecks, NEEDS } from '../../shared-checks.js';
import { ownTeamPath, unknownTeamPath, listWebhookEndpoints, type Schemas } from '../../requests.js';
import { managementPath } from '../../world.js';

const { pathNotAUuid, notFound } = errorChecks('management');
const { keyChecks } = managementKeyChecks;

export const definition: OperationDefinition = {
  api: 'management',
  operationId: 'listWebhookEndpoints',
  needs: NEEDS,
  auth: { scope: 'management' },
  validRequest: async (w) => ({ method: 'GET', path: managementPath(w, '/webhook_endpoint') }),
  checks: [
    always("lists a team's endpoints: on a mock the first example, on a server with the registered one and no endpoint's secret", async (t) => {
      const endpoint = await t.fixtures.webhookEndpoint();
      const list = t.expect.successOrFirstExample<Schemas['WebhookEndpointList']>('management', 'listWebhookEndpoints', await listWebhookEndpoints(t.management, await ownTeamPath(t)));
      if (!t.isMock) {
        check(list.data.some((listed) => listed.id === endpoint.id), `the registered endpoint ${endpoint.id} is not listed`);
        check(list.data.every((listed) => !('secret' in listed)), 'an endpoint is listed with its secret');
      }
    }),
    notOnMock('state', 'lists the registered endpoint, without its secret', async (t) => {
      const { secret: _secret, ...registered } = await t.fixtures.webhookEndpoint();
      const listed = t.expect.success<Schemas['WebhookEndpointList']>('management', 'listWebhookEndpoints', await listWebhookEndpoints(t.management, await ownTeamPath(t)));
      checkEqual(listed.data.find((endpoint) => endpoint.id === registered.id), registered, 'the registered endpoint as listed');
    }),
    pathNotAUuid('listWebhookEndpoints', 'team_id', (t) => listWebhookEndpoints(t.management, { org_id: t.orgId, team_id: NOT_A_UUID })),
    ...keyChecks('listWebhookEndpoints', (t, client) => listWebhookEndpoints(client, unknownTeamPath(t))),
    notFound('listWebhookEndpoints', '404 for an unknown team', (t) => listWebhookEndpoints(t.management, unknownTeamPath(t))),
  ],
};
