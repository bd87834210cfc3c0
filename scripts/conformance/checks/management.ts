/**
 * Conformance checks of the management API, one `operation` per operation of
 * generated/management/openapi.json. Settings are changed on the run's own team
 * (fixtures.ownTeam), never on the team of the given API key.
 */
import type { ManagementClient, ManagementPaths, ManagementSchemas } from '../../../server/client/index.js';
import { check, checkEqual, show } from '../assertions.js';
import type { CheckContext } from '../context.js';
import { always, notOnMock, operation, type OperationChecks } from '../operation.js';
import { invalid, NOT_A_UUID, UNKNOWN_ID } from '../values.js';
import { errorChecks, OVERSIZED } from './shared.js';

type Schemas = ManagementSchemas;
const NEEDS = ['management', 'org-id'] as const;

const { pathNotAUuid, unissuedCursor, notFound, tooLarge } = errorChecks('management');

interface TeamPath {
  org_id: string;
  team_id: string;
}
type EndpointPath = TeamPath & { endpoint_id: string };

/** The path of the run's own team. */
async function ownTeamPath(t: CheckContext): Promise<TeamPath> {
  const { id: team_id } = await t.fixtures.ownTeam();
  return { org_id: t.orgId, team_id };
}

/** The path of an endpoint of the run's own team. */
const ownEndpointPath = async (t: CheckContext, endpoint_id: string): Promise<EndpointPath> => ({ ...(await ownTeamPath(t)), endpoint_id });

/** The path of a team of the organization that does not exist, and of an endpoint of it. */
const unknownTeamPath = (t: CheckContext): TeamPath => ({ org_id: t.orgId, team_id: UNKNOWN_ID });
const unknownEndpointPath = (t: CheckContext): EndpointPath => ({ ...unknownTeamPath(t), endpoint_id: UNKNOWN_ID });

/** Sends a check's request with the management client given. */
type SendWith = (t: CheckContext, client: ManagementClient) => Promise<{ response: Response }>;

const missingKey = (operationId: string, send: SendWith) =>
  always('401 without a management key', async (t) => {
    t.expect.error('management', operationId, await send(t, t.managementWithoutKey), 401);
  });

const unknownKey = (operationId: string, send: SendWith) =>
  notOnMock('credentials', '401 with an unknown management key', async (t) => {
    t.expect.error('management', operationId, await send(t, t.managementWith(`mg_conformance_unknown_${t.runId}`)), 401);
  });

const teamKey = (operationId: string, send: SendWith) =>
  notOnMock('credentials', '403 with a team API key, in X-Management-Key or in x-vital-api-key', async (t) => {
    t.expect.error('management', operationId, await send(t, t.managementWith(t.target.apiKey)), 403);
    t.expect.error('management', operationId, await send(t, t.managementWith(undefined, { 'x-vital-api-key': t.target.apiKey })), 403);
  });

/** The 401 without a management key and the 403 with a team API key, of the same request. */
const keyChecks = (operationId: string, send: SendWith) => [missingKey(operationId, send), teamKey(operationId, send)];

// Each operation's request, with the client, path and body the checks vary.
type ListTeamsQuery = ManagementPaths['/v1/org/{org_id}/team']['get']['parameters']['query'];
type ListDeliveriesQuery = ManagementPaths['/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery']['get']['parameters']['query'];

const listTeams = (client: ManagementClient, org_id: string, query?: ListTeamsQuery) => client.GET('/v1/org/{org_id}/team', { params: { path: { org_id }, ...(query && { query }) } });
const createTeam = (client: ManagementClient, org_id: string, body: Schemas['CreateTeamRequest']) => client.POST('/v1/org/{org_id}/team', { params: { path: { org_id } }, body });
const createTeamApiKey = (client: ManagementClient, path: TeamPath, body: Schemas['CreateTeamApiKeyRequest'] = {}) =>
  client.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path }, body });
const updateTeam = (client: ManagementClient, path: TeamPath, body: Schemas['UpdateTeamRequest']) => client.PATCH('/v1/org/{org_id}/team/{team_id}', { params: { path }, body });
const revokeTeamApiKey = (client: ManagementClient, path: TeamPath & { key_id: string }) => client.DELETE('/v1/org/{org_id}/team/{team_id}/api_key/{key_id}', { params: { path } });
const listDataPullPreferences = (client: ManagementClient, path: TeamPath) => client.GET('/v1/org/{org_id}/team/{team_id}/data_pull_preferences', { params: { path } });
const setDataPullPreference = (client: ManagementClient, path: TeamPath & { provider: Schemas['OAuthProviderSlug'] }, body: Schemas['SetDataPullPreferenceRequest']) =>
  client.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', { params: { path }, body });
const createWebhookEndpoint = (client: ManagementClient, path: TeamPath, body: Schemas['CreateWebhookEndpointRequest']) =>
  client.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path }, body });
const listWebhookEndpoints = (client: ManagementClient, path: TeamPath) => client.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path } });
const deleteWebhookEndpoint = (client: ManagementClient, path: EndpointPath) => client.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', { params: { path } });
const listWebhookDeliveries = (client: ManagementClient, path: EndpointPath, query?: ListDeliveriesQuery) =>
  client.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', { params: { path, ...(query && { query }) } });
const replayWebhookDeliveries = (client: ManagementClient, path: EndpointPath, body: Schemas['ReplayWebhookDeliveriesRequest'] = {}) =>
  client.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', { params: { path }, body });

/** Follows next_cursor from the first page; fails on a repeated item or more than `maxPages` pages. */
async function collectPages<T extends { id: string }>(
  fetchPage: (cursor: string | null) => Promise<{ items: T[]; next: string | null }>,
  maxPages = 200,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const { items: pageItems, next } = await fetchPage(cursor);
    items.push(...pageItems);
    if (!next) {
      checkEqual(new Set(items.map((item) => item.id)).size, items.length, 'distinct items across pages');
      return items;
    }
    cursor = next;
  }
  throw new Error(`still a next_cursor after ${maxPages} pages`);
}

export const managementChecks: OperationChecks[] = [
  operation(
    'management',
    'listTeams',
    [
      always('lists the teams of the organization', async (t) => {
        t.expect.success('management', 'listTeams', await listTeams(t.management, t.orgId));
      }),
      notOnMock('state', 'lists the team createTeam made, on some page', async (t) => {
        const own = await t.fixtures.ownTeam();
        const teams = await collectPages(async (cursor) => {
          const page = t.expect.success<Schemas['TeamList']>('management', 'listTeams', await listTeams(t.management, t.orgId, { ...(cursor && { next_cursor: cursor }) }));
          check(page.teams.length <= 50, `a page of ${page.teams.length} teams`);
          return { items: page.teams, next: page.next_cursor };
        });
        checkEqual(teams.find((listed) => listed.id === own.id), own, 'the created team as listed');
      }),
      notOnMock('static-examples', 'region and search_query filter the teams', async (t) => {
        const own = await t.fixtures.ownTeam();
        const eu = t.expect.success<Schemas['TeamList']>('management', 'listTeams', await listTeams(t.management, t.orgId, { region: ['eu'] }));
        check(eu.teams.every((listed) => listed.region === 'eu'), `region=eu lists ${show(eu.teams.map((listed) => listed.region))}`);
        const search = own.name.toUpperCase();
        const found = t.expect.success<Schemas['TeamList']>('management', 'listTeams', await listTeams(t.management, t.orgId, { search_query: search, region: ['us', 'eu'] }));
        checkEqual(found.teams.map((listed) => listed.id), [own.id], `teams found by search_query ${search}`);
      }),
      pathNotAUuid('listTeams', 'org_id', (t) => listTeams(t.management, NOT_A_UUID)),
      always('422 naming ["query", "region", 0] for an unknown region', async (t) => {
        const outcome = await listTeams(t.management, t.orgId, { region: invalid(['mars']) });
        t.expect.validation('management', 'listTeams', outcome, [{ loc: ['query', 'region', 0], type: 'enum' }]);
      }),
      always('422 naming ["query", "search_query"] for a character it does not accept, and for 81 characters', async (t) => {
        t.expect.validation('management', 'listTeams', await listTeams(t.management, t.orgId, { search_query: '<script>' }), [{ loc: ['query', 'search_query'], type: 'pattern' }]);
        t.expect.validation('management', 'listTeams', await listTeams(t.management, t.orgId, { search_query: 'a'.repeat(81) }), [{ loc: ['query', 'search_query'], type: 'too_long' }]);
      }),
      unissuedCursor('listTeams', (t) => listTeams(t.management, t.orgId, { next_cursor: 'not-a-cursor' })),
      missingKey('listTeams', (t, client) => listTeams(client, t.orgId)),
      unknownKey('listTeams', (t, client) => listTeams(client, t.orgId)),
      teamKey('listTeams', (t, client) => listTeams(client, t.orgId)),
      notFound('listTeams', '404 for an organization that is not the key’s', (t) => listTeams(t.management, UNKNOWN_ID)),
    ],
    NEEDS,
  ),

  operation(
    'management',
    'createTeam',
    [
      always('creates a team', async (t) => {
        await t.fixtures.ownTeam();
      }),
      notOnMock('static-examples', 'answers the team with the name and region asked for', async (t) => {
        const own = await t.fixtures.ownTeam();
        checkEqual({ name: own.name, region: own.region }, { name: `Conformance ${t.runId}`, region: 'us' }, 'team');
      }),
      always('422 naming ["body", "name"] when it is missing, then when it has a character a name cannot have', async (t) => {
        t.expect.validation('management', 'createTeam', await createTeam(t.management, t.orgId, invalid({ region: 'us' })), [{ loc: ['body', 'name'], type: 'missing' }]);
        t.expect.validation('management', 'createTeam', await createTeam(t.management, t.orgId, { name: '<script>' }), [{ loc: ['body', 'name'], type: 'pattern' }]);
      }),
      always('422 naming ["body", "region"] for an unknown region', async (t) => {
        const outcome = await createTeam(t.management, t.orgId, { name: 'Mars', region: invalid('mars') });
        t.expect.validation('management', 'createTeam', outcome, [{ loc: ['body', 'region'], type: 'enum' }]);
      }),
      tooLarge('createTeam', (t) => t.management.POST('/v1/org/{org_id}/team', { params: { path: { org_id: t.orgId } }, ...OVERSIZED })),
      missingKey('createTeam', (t, client) => createTeam(client, t.orgId, { name: 'No key' })),
      teamKey('createTeam', (t, client) => createTeam(client, t.orgId, { name: 'Team key' })),
      notFound('createTeam', '404 for an organization that is not the key’s', (t) => createTeam(t.management, UNKNOWN_ID, { name: 'Nowhere' })),
    ],
    NEEDS,
  ),

  operation(
    'management',
    'createTeamApiKey',
    [
      always('creates an API key for a team', async (t) => {
        await t.fixtures.ownTeamKey();
      }),
      notOnMock('credentials', "the new key works on the team API, for the team's own users", async (t) => {
        const own = await t.fixtures.ownTeam();
        const key = await t.fixtures.ownTeamKey();
        checkEqual(key.team_id, own.id, 'team_id');
        const user = await t.fixtures.ownTeamUser();
        checkEqual(user.team_id, own.id, "team_id of a user created with the team's key");
      }),
      always('422 listing a team_id that is not a UUID and a label over 80 characters', async (t) => {
        const outcome = await createTeamApiKey(t.management, { org_id: t.orgId, team_id: NOT_A_UUID }, { label: 'x'.repeat(81) });
        t.expect.validation('management', 'createTeamApiKey', outcome, [
          { loc: ['path', 'team_id'], type: 'format' },
          { loc: ['body', 'label'], type: 'too_long' },
        ]);
      }),
      tooLarge('createTeamApiKey', async (t) => t.management.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path: await ownTeamPath(t) }, ...OVERSIZED })),
      ...keyChecks('createTeamApiKey', (t, client) => createTeamApiKey(client, unknownTeamPath(t))),
      notFound('createTeamApiKey', '404 for an unknown team', (t) => createTeamApiKey(t.management, unknownTeamPath(t))),
    ],
    NEEDS,
  ),

  operation(
    'management',
    'updateTeam',
    [
      always('enables link migration for a team', async (t) => {
        await t.fixtures.enableLinkMigration();
      }),
      notOnMock('state', 'a new name is answered and listed', async (t) => {
        const path = await ownTeamPath(t);
        const name = `Conformance ${t.runId} renamed`;
        const updated = t.expect.success<Schemas['TeamDetail']>('management', 'updateTeam', await updateTeam(t.management, path, { name }));
        checkEqual({ id: updated.id, name: updated.name }, { id: path.team_id, name }, 'team');
        const listed = t.expect.success<Schemas['TeamList']>('management', 'listTeams', await listTeams(t.management, t.orgId, { search_query: name }));
        checkEqual(listed.teams.map((team) => team.name), [name], 'teams found by the new name');
      }),
      always('422 listing a name over 80 characters and a link_migration_enabled that is not a boolean', async (t) => {
        const outcome = await updateTeam(t.management, await ownTeamPath(t), invalid({ name: 'x'.repeat(81), link_migration_enabled: 'yes' }));
        t.expect.validation('management', 'updateTeam', outcome, [
          { loc: ['body', 'name'], type: 'too_long' },
          { loc: ['body', 'link_migration_enabled'], type: 'type_error' },
        ]);
      }),
      tooLarge('updateTeam', async (t) => t.management.PATCH('/v1/org/{org_id}/team/{team_id}', { params: { path: await ownTeamPath(t) }, ...OVERSIZED })),
      ...keyChecks('updateTeam', (t, client) => updateTeam(client, unknownTeamPath(t), {})),
      notFound('updateTeam', '404 for an unknown team', (t) => updateTeam(t.management, unknownTeamPath(t), { link_migration_enabled: true })),
    ],
    NEEDS,
  ),

  operation(
    'management',
    'revokeTeamApiKey',
    [
      always('revokes a key created for the purpose', async (t) => {
        const path = await ownTeamPath(t);
        const key = await t.fixtures.createOwnTeamKey('conformance revoke');
        t.expect.success('management', 'revokeTeamApiKey', await revokeTeamApiKey(t.management, { ...path, key_id: key.id }));
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
    NEEDS,
  ),

  operation(
    'management',
    'listDataPullPreferences',
    [
      always('lists the data pull preferences of a team', async (t) => {
        t.expect.success('management', 'listDataPullPreferences', await listDataPullPreferences(t.management, await ownTeamPath(t)));
      }),
      notOnMock('state', 'lists a preference once it is set', async (t) => {
        const path = await ownTeamPath(t);
        t.expect.success('management', 'setDataPullPreference', await setDataPullPreference(t.management, { ...path, provider: 'polar' }, { historical_days: 14 }));
        const listed = t.expect.success<Schemas['DataPullPreferences']>('management', 'listDataPullPreferences', await listDataPullPreferences(t.management, path));
        checkEqual(listed.preferences.find((preference) => preference.provider === 'polar'), { provider: 'polar', historical_days: 14 }, 'the polar preference');
      }),
      pathNotAUuid('listDataPullPreferences', 'team_id', (t) => listDataPullPreferences(t.management, { org_id: t.orgId, team_id: NOT_A_UUID })),
      ...keyChecks('listDataPullPreferences', (t, client) => listDataPullPreferences(client, unknownTeamPath(t))),
      notFound('listDataPullPreferences', '404 for an unknown team', (t) => listDataPullPreferences(t.management, unknownTeamPath(t))),
    ],
    NEEDS,
  ),

  operation(
    'management',
    'setDataPullPreference',
    [
      always('sets 28 days of history for Oura', async (t) => {
        const outcome = await setDataPullPreference(t.management, { ...(await ownTeamPath(t)), provider: 'oura' }, { historical_days: 28 });
        t.expect.success('management', 'setDataPullPreference', outcome);
      }),
      notOnMock('static-examples', 'answers the preference as set', async (t) => {
        // Within every provider's own backfill limit: the spec allows up to 3650, the server may refuse more than the provider keeps.
        const outcome = await setDataPullPreference(t.management, { ...(await ownTeamPath(t)), provider: 'withings' }, { historical_days: 21 });
        checkEqual(t.expect.success('management', 'setDataPullPreference', outcome), { provider: 'withings', historical_days: 21 }, 'preference');
      }),
      always('422 for historical_days 0, 3651 or missing, and for a provider that is not an OAuth one', async (t) => {
        const path = await ownTeamPath(t);
        const put = (provider: string, body: unknown) => setDataPullPreference(t.management, { ...path, provider: invalid(provider) }, invalid(body));
        t.expect.validation('management', 'setDataPullPreference', await put('oura', { historical_days: 0 }), [{ loc: ['body', 'historical_days'], type: 'greater_than_equal' }]);
        t.expect.validation('management', 'setDataPullPreference', await put('oura', { historical_days: 3651 }), [{ loc: ['body', 'historical_days'], type: 'less_than_equal' }]);
        t.expect.validation('management', 'setDataPullPreference', await put('oura', {}), [{ loc: ['body', 'historical_days'], type: 'missing' }]);
        t.expect.validation('management', 'setDataPullPreference', await put('apple_health_kit', { historical_days: 30 }), [{ loc: ['path', 'provider'], type: 'enum' }]);
      }),
      tooLarge('setDataPullPreference', async (t) =>
        t.management.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', { params: { path: { ...(await ownTeamPath(t)), provider: 'oura' } }, ...OVERSIZED }),
      ),
      ...keyChecks('setDataPullPreference', (t, client) => setDataPullPreference(client, { ...unknownTeamPath(t), provider: 'oura' }, { historical_days: 30 })),
      notFound('setDataPullPreference', '404 for an unknown team', (t) => setDataPullPreference(t.management, { ...unknownTeamPath(t), provider: 'oura' }, { historical_days: 30 })),
    ],
    NEEDS,
  ),

  operation(
    'management',
    'createWebhookEndpoint',
    [
      always('registers a webhook endpoint', async (t) => {
        await t.fixtures.webhookEndpoint();
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
      tooLarge('createWebhookEndpoint', async (t) => t.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: await ownTeamPath(t) }, ...OVERSIZED })),
      ...keyChecks('createWebhookEndpoint', (t, client) => createWebhookEndpoint(client, unknownTeamPath(t), { url: 'https://hooks.example.com/vital' })),
      notFound('createWebhookEndpoint', '404 for an unknown team', (t) => createWebhookEndpoint(t.management, unknownTeamPath(t), { url: 'https://hooks.example.com/vital' })),
    ],
    NEEDS,
  ),

  operation(
    'management',
    'listWebhookEndpoints',
    [
      always('lists the webhook endpoints of a team', async (t) => {
        t.expect.success('management', 'listWebhookEndpoints', await listWebhookEndpoints(t.management, await ownTeamPath(t)));
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
    NEEDS,
  ),

  operation(
    'management',
    'deleteWebhookEndpoint',
    [
      always('deletes an endpoint registered for the purpose', async (t) => {
        const endpoint = await t.fixtures.createWebhookEndpoint();
        t.expect.success('management', 'deleteWebhookEndpoint', await deleteWebhookEndpoint(t.management, await ownEndpointPath(t, endpoint.id)));
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
    NEEDS,
  ),

  operation(
    'management',
    'listWebhookDeliveries',
    [
      always('lists the deliveries of an endpoint', async (t) => {
        await t.fixtures.delivery();
      }),
      notOnMock('state', 'a new connection of a user of the team makes a provider.connection.created delivery', async (t) => {
        const delivery = await t.fixtures.delivery();
        checkEqual(delivery.event_type, 'provider.connection.created', 'event_type');
      }),
      notOnMock('static-examples', 'status filters the deliveries and page_size pages them', async (t) => {
        const delivery = await t.fixtures.delivery();
        const endpoint = await t.fixtures.webhookEndpoint();
        const path = await ownEndpointPath(t, endpoint.id);
        const list = async (query: ListDeliveriesQuery) =>
          t.expect.success<Schemas['WebhookDeliveryPage']>('management', 'listWebhookDeliveries', await listWebhookDeliveries(t.management, path, query));
        for (const status of ['pending', 'succeeded', 'failed'] as const) {
          const page = await list({ status });
          check(page.data.every((listed) => listed.status === status), `status=${status} lists ${show(page.data.map((listed) => listed.status))}`);
        }
        const all = await collectPages(async (cursor) => {
          const page = await list({ page_size: 1, ...(cursor && { next_cursor: cursor }) });
          check(page.data.length <= 1, `page_size 1 answered ${page.data.length} deliveries`);
          return { items: page.data, next: page.next_cursor };
        });
        check(all.some((listed) => listed.id === delivery.id), 'paging does not list the delivery');
      }),
      always('422 for page_size 0 and 101, and for an unknown status', async (t) => {
        const list = (query: Record<string, unknown>) => listWebhookDeliveries(t.management, unknownEndpointPath(t), invalid(query));
        t.expect.validation('management', 'listWebhookDeliveries', await list({ page_size: 0 }), [{ loc: ['query', 'page_size'], type: 'greater_than_equal' }]);
        t.expect.validation('management', 'listWebhookDeliveries', await list({ page_size: 101 }), [{ loc: ['query', 'page_size'], type: 'less_than_equal' }]);
        t.expect.validation('management', 'listWebhookDeliveries', await list({ status: 'lost' }), [{ loc: ['query', 'status'], type: 'enum' }]);
      }),
      unissuedCursor('listWebhookDeliveries', async (t) => {
        const endpoint = await t.fixtures.webhookEndpoint();
        return listWebhookDeliveries(t.management, await ownEndpointPath(t, endpoint.id), { next_cursor: 'not-a-cursor' });
      }),
      ...keyChecks('listWebhookDeliveries', (t, client) => listWebhookDeliveries(client, unknownEndpointPath(t))),
      notFound('listWebhookDeliveries', '404 for an unknown endpoint', async (t) => listWebhookDeliveries(t.management, await ownEndpointPath(t, UNKNOWN_ID))),
    ],
    NEEDS,
  ),

  operation(
    'management',
    'replayWebhookDeliveries',
    [
      always('replays every failed delivery of an endpoint', async (t) => {
        const endpoint = await t.fixtures.webhookEndpoint();
        t.expect.success('management', 'replayWebhookDeliveries', await replayWebhookDeliveries(t.management, await ownEndpointPath(t, endpoint.id)));
      }),
      notOnMock('state', 'replays a delivery by id from a first attempt, and counts only deliveries of the endpoint', async (t) => {
        const delivery = await t.fixtures.delivery();
        const endpoint = await t.fixtures.webhookEndpoint();
        const path = await ownEndpointPath(t, endpoint.id);
        const replay = async (delivery_ids: string[]) =>
          t.expect.success<Schemas['ReplayWebhookDeliveriesResult']>('management', 'replayWebhookDeliveries', await replayWebhookDeliveries(t.management, path, { delivery_ids }));
        checkEqual(await replay([delivery.id]), { replayed: 1 }, 'replaying the delivery');
        checkEqual(await replay([UNKNOWN_ID]), { replayed: 0 }, 'replaying an id of no delivery of the endpoint');
      }),
      always('422 naming ["body", "delivery_ids", 0] when it is not a UUID', async (t) => {
        const outcome = await replayWebhookDeliveries(t.management, unknownEndpointPath(t), { delivery_ids: [NOT_A_UUID] });
        t.expect.validation('management', 'replayWebhookDeliveries', outcome, [{ loc: ['body', 'delivery_ids', 0], type: 'format' }]);
      }),
      tooLarge('replayWebhookDeliveries', (t) => t.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', { params: { path: unknownEndpointPath(t) }, ...OVERSIZED })),
      ...keyChecks('replayWebhookDeliveries', (t, client) => replayWebhookDeliveries(client, unknownEndpointPath(t))),
      notFound('replayWebhookDeliveries', '404 for an unknown endpoint', async (t) => replayWebhookDeliveries(t.management, await ownEndpointPath(t, UNKNOWN_ID))),
    ],
    NEEDS,
  ),
];
