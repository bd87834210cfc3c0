/** POST /v1/org/{org_id}/team/{team_id}/webhook_endpoint: Register a webhook endpoint. */
import { check, checkEqual } from '../../assertions.js';
import { always, notOnMock, must, uniqueValue, type OperationDefinition } from '../../operation.js';
import { invalid } from '../../values.js';
import { errorChecks, OVERSIZED, managementKeyChecks, NEEDS } from '../../shared-checks.js';
import { endpointBody, ownTeamPath, unknownTeamPath, createWebhookEndpoint } from '../../requests.js';
import { requestExample } from '../../examples.js';
import { managementPath } from '../../world.js';

const { notFound, tooLarge } = errorChecks('management');
const { keyChecks } = managementKeyChecks;

export const definition: OperationDefinition = {
  api: 'management',
  operationId: 'createWebhookEndpoint',
  needs: NEEDS,
  auth: { scope: 'management' },
  validRequest: async (w) => ({ method: 'POST', path: managementPath(w, '/webhook_endpoint'), body: { ...requestExample('management', 'createWebhookEndpoint', 'historical_only'), url: `https://${uniqueValue('auth-matrix')}.invalid/hooks` } }),
  seed: {
    order: 10,
    /** An endpoint to keep, and one a suite may delete. */
    async run(seeding) {
      const create = async (body: { url: string; event_types?: string[] }) =>
        must('createWebhookEndpoint', await seeding.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: seeding.path }, body })).id;
      seeding.endpointIds.push(await create({ url: `https://${seeding.label}.invalid/hooks` }));
      seeding.disposableEndpointIds.push(await create({ url: `https://${seeding.label}-disposable.invalid/hooks`, event_types: ['daily.data.*'] }));
    },
  },
  checks: [
    always('registers an HTTPS endpoint with event type filters: on a mock the first example, on a server its URL, filters and a whsec_ secret of 32 base64 characters', async (t) => {
      const body = endpointBody(t);
      const endpoint = await t.fixtures.createWebhookEndpoint(body, 'firstExample');
      if (!t.isMock) {
        checkEqual({ url: endpoint.url, event_types: endpoint.event_types }, { url: body.url, event_types: body.event_types }, 'endpoint');
        check(/^whsec_[A-Za-z0-9+/]{32}$/.test(endpoint.secret), `secret ${endpoint.secret.slice(0, 8)}... is not whsec_ and 32 base64 characters`);
      }
    }),
    notOnMock('static-examples', 'answers the endpoint as registered, with a whsec_ secret', async (t) => {
      const body = { url: `https://conformance-${t.runId}.invalid/echo`, event_types: ['daily.data.*'], description: 'echo' };
      const endpoint = await t.fixtures.createWebhookEndpoint(body);
      checkEqual({ url: endpoint.url, event_types: endpoint.event_types, description: endpoint.description }, body, 'endpoint');
      check(endpoint.secret.startsWith('whsec_'), `secret ${endpoint.secret.slice(0, 8)}... does not start with whsec_`);
    }),
    notOnMock('domain-rules', '422 naming ["body", "url"] for plain HTTP to a host that is not a loopback one', async (t) => {
      const outcome = await createWebhookEndpoint(t.management, await ownTeamPath(t), { url: 'http://hooks.example.com/vital' });
      t.expect.validation('management', 'createWebhookEndpoint', outcome, [{ loc: ['body', 'url'] }]);
    }),
    notOnMock('domain-rules', '422 naming ["body", "event_types", i] for an event type that does not exist and a prefix without .*', async (t) => {
      const outcome = await createWebhookEndpoint(t.management, await ownTeamPath(t), { url: 'https://hooks.example.com/vital', event_types: ['labtest.order.*', 'labtest.bogus', 'labtest'] });
      t.expect.validation('management', 'createWebhookEndpoint', outcome, [
        { loc: ['body', 'event_types', 1], type: 'value_error' },
        { loc: ['body', 'event_types', 2], type: 'value_error' },
      ]);
    }),
    always('422 for a missing url, and for an event type filter that is not one', async (t) => {
      const path = await ownTeamPath(t);
      t.expect.validation('management', 'createWebhookEndpoint', await createWebhookEndpoint(t.management, path, invalid({ description: 'no url' })), [{ loc: ['body', 'url'], type: 'missing' }]);
      t.expect.validation(
        'management',
        'createWebhookEndpoint',
        await createWebhookEndpoint(t.management, path, { url: 'https://hooks.example.com/vital', event_types: ['Daily Data!'] }),
        [{ loc: ['body', 'event_types', 0], type: 'pattern' }],
      );
    }),
    always('422 listing a missing url and a filter that is not an event type or prefix, on a team that does not exist', async (t) => {
      const outcome = await createWebhookEndpoint(t.management, unknownTeamPath(t), invalid({ event_types: ['daily.*.created'] }));
      t.expect.validation('management', 'createWebhookEndpoint', outcome, [
        { loc: ['body', 'url'], type: 'missing' },
        { loc: ['body', 'event_types', 0], type: 'pattern' },
      ]);
    }),
    tooLarge('createWebhookEndpoint', async (t) => t.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: await ownTeamPath(t) }, ...OVERSIZED })),
    ...keyChecks('createWebhookEndpoint', (t, client) => createWebhookEndpoint(client, unknownTeamPath(t), { url: 'https://hooks.example.com/vital' })),
    notFound('createWebhookEndpoint', '404 for an unknown team', (t) => createWebhookEndpoint(t.management, unknownTeamPath(t), { url: 'https://hooks.example.com/vital' })),
  ],
};
