/**
 * Conformance checks of the management API, one `operation` per operation of
 * generated/management/openapi.json. Settings are changed on the run's own team
 * (fixtures.ownTeam), never on the team of the given API key.
 */
import type { ManagementClient, ManagementSchemas } from '../../../../server/client/index.js';
import { check, checkEqual, show } from '../assertions.js';
import type { CheckContext } from '../context.js';
import { always, notOnMock, operation, type OperationChecks } from '../definitions.js';
import { invalid, NOT_A_UUID, oversizedBody, UNKNOWN_ID } from '../values.js';

type Schemas = ManagementSchemas;
const NEEDS = ['management', 'org-id'] as const;

/** The path of the run's own team. */
async function ownTeamPath(t: CheckContext) {
  const { id: team_id } = await t.fixtures.ownTeam();
  return { org_id: t.orgId, team_id };
}

const missingKey = (operationId: string, send: (t: CheckContext, client: ManagementClient) => Promise<{ response: Response }>) =>
  always('401 without a management key', async (t) => {
    t.expect.error('management', operationId, await send(t, t.managementWithoutKey), 401);
  });

const unknownKey = (operationId: string, send: (t: CheckContext, client: ManagementClient) => Promise<{ response: Response }>) =>
  notOnMock('credentials', '401 with an unknown management key', async (t) => {
    t.expect.error('management', operationId, await send(t, t.managementWith(`mg_conformance_unknown_${t.runId}`)), 401);
  });

const teamKey = (operationId: string, send: (t: CheckContext, client: ManagementClient) => Promise<{ response: Response }>) =>
  notOnMock('credentials', '403 with a team API key, in X-Management-Key or in x-vital-api-key', async (t) => {
    t.expect.error('management', operationId, await send(t, t.managementWith(t.target.apiKey)), 403);
    t.expect.error('management', operationId, await send(t, t.managementWith(undefined, { 'x-vital-api-key': t.target.apiKey })), 403);
  });

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
        t.expect.success('management', 'listTeams', await t.management.GET('/v1/org/{org_id}/team', { params: { path: { org_id: t.orgId } } }));
      }),
      notOnMock('state', 'lists the team createTeam made, on some page', async (t) => {
        const own = await t.fixtures.ownTeam();
        const teams = await collectPages(async (cursor) => {
          const outcome = await t.management.GET('/v1/org/{org_id}/team', { params: { path: { org_id: t.orgId }, query: { ...(cursor && { next_cursor: cursor }) } } });
          const page = t.expect.success<Schemas['TeamList']>('management', 'listTeams', outcome);
          check(page.teams.length <= 50, `a page of ${page.teams.length} teams`);
          return { items: page.teams, next: page.next_cursor };
        });
        checkEqual(teams.find((listed) => listed.id === own.id), own, 'the created team as listed');
      }),
      notOnMock('static-examples', 'region and search_query filter the teams', async (t) => {
        const own = await t.fixtures.ownTeam();
        const outcome = await t.management.GET('/v1/org/{org_id}/team', { params: { path: { org_id: t.orgId }, query: { region: ['eu'] } } });
        const eu = t.expect.success<Schemas['TeamList']>('management', 'listTeams', outcome);
        check(eu.teams.every((listed) => listed.region === 'eu'), `region=eu lists ${show(eu.teams.map((listed) => listed.region))}`);
        const search = own.name.toUpperCase();
        const found = t.expect.success<Schemas['TeamList']>(
          'management',
          'listTeams',
          await t.management.GET('/v1/org/{org_id}/team', { params: { path: { org_id: t.orgId }, query: { search_query: search, region: ['us', 'eu'] } } }),
        );
        checkEqual(found.teams.map((listed) => listed.id), [own.id], `teams found by search_query ${search}`);
      }),
      always('422 naming ["path", "org_id"] when it is not a UUID', async (t) => {
        const outcome = await t.management.GET('/v1/org/{org_id}/team', { params: { path: { org_id: NOT_A_UUID } } });
        t.expect.validation('management', 'listTeams', outcome, [{ loc: ['path', 'org_id'], type: 'format' }]);
      }),
      always('422 naming ["query", "region", 0] for an unknown region', async (t) => {
        const outcome = await t.management.GET('/v1/org/{org_id}/team', { params: { path: { org_id: t.orgId }, query: { region: invalid(['mars']) } } });
        t.expect.validation('management', 'listTeams', outcome, [{ loc: ['query', 'region', 0], type: 'enum' }]);
      }),
      always('422 naming ["query", "search_query"] for a character it does not accept, and for 81 characters', async (t) => {
        const path = { org_id: t.orgId };
        t.expect.validation('management', 'listTeams', await t.management.GET('/v1/org/{org_id}/team', { params: { path, query: { search_query: '<script>' } } }), [
          { loc: ['query', 'search_query'], type: 'pattern' },
        ]);
        t.expect.validation('management', 'listTeams', await t.management.GET('/v1/org/{org_id}/team', { params: { path, query: { search_query: 'a'.repeat(81) } } }), [
          { loc: ['query', 'search_query'], type: 'too_long' },
        ]);
      }),
      notOnMock('domain-rules', '422 naming ["query", "next_cursor"] for a cursor the service did not issue', async (t) => {
        const outcome = await t.management.GET('/v1/org/{org_id}/team', { params: { path: { org_id: t.orgId }, query: { next_cursor: 'not-a-cursor' } } });
        t.expect.validation('management', 'listTeams', outcome, [{ loc: ['query', 'next_cursor'] }]);
      }),
      missingKey('listTeams', (t, client) => client.GET('/v1/org/{org_id}/team', { params: { path: { org_id: t.orgId } } })),
      unknownKey('listTeams', (t, client) => client.GET('/v1/org/{org_id}/team', { params: { path: { org_id: t.orgId } } })),
      teamKey('listTeams', (t, client) => client.GET('/v1/org/{org_id}/team', { params: { path: { org_id: t.orgId } } })),
      notOnMock('state', '404 for an organization that is not the key’s', async (t) => {
        t.expect.error('management', 'listTeams', await t.management.GET('/v1/org/{org_id}/team', { params: { path: { org_id: UNKNOWN_ID } } }), 404);
      }),
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
        const path = { org_id: t.orgId };
        t.expect.validation('management', 'createTeam', await t.management.POST('/v1/org/{org_id}/team', { params: { path }, body: invalid({ region: 'us' }) }), [
          { loc: ['body', 'name'], type: 'missing' },
        ]);
        t.expect.validation('management', 'createTeam', await t.management.POST('/v1/org/{org_id}/team', { params: { path }, body: { name: '<script>' } }), [
          { loc: ['body', 'name'], type: 'pattern' },
        ]);
      }),
      always('422 naming ["body", "region"] for an unknown region', async (t) => {
        const outcome = await t.management.POST('/v1/org/{org_id}/team', { params: { path: { org_id: t.orgId } }, body: { name: 'Mars', region: invalid('mars') } });
        t.expect.validation('management', 'createTeam', outcome, [{ loc: ['body', 'region'], type: 'enum' }]);
      }),
      always('413 when the body is over 8 MiB', async (t) => {
        const outcome = await t.management.POST('/v1/org/{org_id}/team', { params: { path: { org_id: t.orgId } }, body: invalid({}), bodySerializer: oversizedBody });
        t.expect.error('management', 'createTeam', outcome, 413);
      }),
      missingKey('createTeam', (t, client) => client.POST('/v1/org/{org_id}/team', { params: { path: { org_id: t.orgId } }, body: { name: 'No key' } })),
      teamKey('createTeam', (t, client) => client.POST('/v1/org/{org_id}/team', { params: { path: { org_id: t.orgId } }, body: { name: 'Team key' } })),
      notOnMock('state', '404 for an organization that is not the key’s', async (t) => {
        t.expect.error('management', 'createTeam', await t.management.POST('/v1/org/{org_id}/team', { params: { path: { org_id: UNKNOWN_ID } }, body: { name: 'Nowhere' } }), 404);
      }),
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
        const outcome = await t.management.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path: { org_id: t.orgId, team_id: NOT_A_UUID } }, body: { label: 'x'.repeat(81) } });
        t.expect.validation('management', 'createTeamApiKey', outcome, [
          { loc: ['path', 'team_id'], type: 'format' },
          { loc: ['body', 'label'], type: 'too_long' },
        ]);
      }),
      always('413 when the body is over 8 MiB', async (t) => {
        const outcome = await t.management.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path: await ownTeamPath(t) }, body: invalid({}), bodySerializer: oversizedBody });
        t.expect.error('management', 'createTeamApiKey', outcome, 413);
      }),
      missingKey('createTeamApiKey', (t, client) => client.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID } }, body: {} })),
      teamKey('createTeamApiKey', (t, client) => client.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID } }, body: {} })),
      notOnMock('state', '404 for an unknown team', async (t) => {
        const outcome = await t.management.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID } }, body: {} });
        t.expect.error('management', 'createTeamApiKey', outcome, 404);
      }),
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
        const updated = t.expect.success<Schemas['TeamDetail']>('management', 'updateTeam', await t.management.PATCH('/v1/org/{org_id}/team/{team_id}', { params: { path }, body: { name } }));
        checkEqual({ id: updated.id, name: updated.name }, { id: path.team_id, name }, 'team');
        const listed = t.expect.success<Schemas['TeamList']>(
          'management',
          'listTeams',
          await t.management.GET('/v1/org/{org_id}/team', { params: { path: { org_id: t.orgId }, query: { search_query: name } } }),
        );
        checkEqual(listed.teams.map((team) => team.name), [name], 'teams found by the new name');
      }),
      always('422 listing a name over 80 characters and a link_migration_enabled that is not a boolean', async (t) => {
        const outcome = await t.management.PATCH('/v1/org/{org_id}/team/{team_id}', {
          params: { path: await ownTeamPath(t) },
          body: invalid({ name: 'x'.repeat(81), link_migration_enabled: 'yes' }),
        });
        t.expect.validation('management', 'updateTeam', outcome, [
          { loc: ['body', 'name'], type: 'too_long' },
          { loc: ['body', 'link_migration_enabled'], type: 'type_error' },
        ]);
      }),
      always('413 when the body is over 8 MiB', async (t) => {
        const outcome = await t.management.PATCH('/v1/org/{org_id}/team/{team_id}', { params: { path: await ownTeamPath(t) }, body: invalid({}), bodySerializer: oversizedBody });
        t.expect.error('management', 'updateTeam', outcome, 413);
      }),
      missingKey('updateTeam', (t, client) => client.PATCH('/v1/org/{org_id}/team/{team_id}', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID } }, body: {} })),
      teamKey('updateTeam', (t, client) => client.PATCH('/v1/org/{org_id}/team/{team_id}', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID } }, body: {} })),
      notOnMock('state', '404 for an unknown team', async (t) => {
        const outcome = await t.management.PATCH('/v1/org/{org_id}/team/{team_id}', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID } }, body: { link_migration_enabled: true } });
        t.expect.error('management', 'updateTeam', outcome, 404);
      }),
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
        t.expect.success('management', 'revokeTeamApiKey', await t.management.DELETE('/v1/org/{org_id}/team/{team_id}/api_key/{key_id}', { params: { path: { ...path, key_id: key.id } } }));
      }),
      notOnMock('credentials', 'a revoked key, accepted before, gets a 401 on the team API', async (t) => {
        const path = await ownTeamPath(t);
        const key = await t.fixtures.createOwnTeamKey('conformance revoke');
        const client = t.teamWith(key.key);
        t.expect.success('team', 'listProviders', await client.GET('/v2/providers'));
        const revoked = await t.management.DELETE('/v1/org/{org_id}/team/{team_id}/api_key/{key_id}', { params: { path: { ...path, key_id: key.id } } });
        checkEqual(t.expect.success<Schemas['SuccessResponse']>('management', 'revokeTeamApiKey', revoked).success, true, 'success');
        t.expect.error('team', 'listProviders', await client.GET('/v2/providers'), 401);
      }),
      always('422 naming ["path", "key_id"] when it is not a UUID', async (t) => {
        const outcome = await t.management.DELETE('/v1/org/{org_id}/team/{team_id}/api_key/{key_id}', { params: { path: { ...(await ownTeamPath(t)), key_id: NOT_A_UUID } } });
        t.expect.validation('management', 'revokeTeamApiKey', outcome, [{ loc: ['path', 'key_id'], type: 'format' }]);
      }),
      missingKey('revokeTeamApiKey', (t, client) =>
        client.DELETE('/v1/org/{org_id}/team/{team_id}/api_key/{key_id}', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID, key_id: UNKNOWN_ID } } }),
      ),
      teamKey('revokeTeamApiKey', (t, client) =>
        client.DELETE('/v1/org/{org_id}/team/{team_id}/api_key/{key_id}', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID, key_id: UNKNOWN_ID } } }),
      ),
      notOnMock('state', '404 for a key the team does not have', async (t) => {
        const outcome = await t.management.DELETE('/v1/org/{org_id}/team/{team_id}/api_key/{key_id}', { params: { path: { ...(await ownTeamPath(t)), key_id: UNKNOWN_ID } } });
        t.expect.error('management', 'revokeTeamApiKey', outcome, 404);
      }),
    ],
    NEEDS,
  ),

  operation(
    'management',
    'listDataPullPreferences',
    [
      always('lists the data pull preferences of a team', async (t) => {
        const outcome = await t.management.GET('/v1/org/{org_id}/team/{team_id}/data_pull_preferences', { params: { path: await ownTeamPath(t) } });
        t.expect.success('management', 'listDataPullPreferences', outcome);
      }),
      notOnMock('state', 'lists a preference once it is set', async (t) => {
        const path = await ownTeamPath(t);
        t.expect.success(
          'management',
          'setDataPullPreference',
          await t.management.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', { params: { path: { ...path, provider: 'polar' } }, body: { historical_days: 14 } }),
        );
        const listed = t.expect.success<Schemas['DataPullPreferences']>(
          'management',
          'listDataPullPreferences',
          await t.management.GET('/v1/org/{org_id}/team/{team_id}/data_pull_preferences', { params: { path } }),
        );
        checkEqual(listed.preferences.find((preference) => preference.provider === 'polar'), { provider: 'polar', historical_days: 14 }, 'the polar preference');
      }),
      always('422 naming ["path", "team_id"] when it is not a UUID', async (t) => {
        const outcome = await t.management.GET('/v1/org/{org_id}/team/{team_id}/data_pull_preferences', { params: { path: { org_id: t.orgId, team_id: NOT_A_UUID } } });
        t.expect.validation('management', 'listDataPullPreferences', outcome, [{ loc: ['path', 'team_id'], type: 'format' }]);
      }),
      missingKey('listDataPullPreferences', (t, client) => client.GET('/v1/org/{org_id}/team/{team_id}/data_pull_preferences', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID } } })),
      teamKey('listDataPullPreferences', (t, client) => client.GET('/v1/org/{org_id}/team/{team_id}/data_pull_preferences', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID } } })),
      notOnMock('state', '404 for an unknown team', async (t) => {
        const outcome = await t.management.GET('/v1/org/{org_id}/team/{team_id}/data_pull_preferences', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID } } });
        t.expect.error('management', 'listDataPullPreferences', outcome, 404);
      }),
    ],
    NEEDS,
  ),

  operation(
    'management',
    'setDataPullPreference',
    [
      always('sets 28 days of history for Oura', async (t) => {
        const outcome = await t.management.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', {
          params: { path: { ...(await ownTeamPath(t)), provider: 'oura' } },
          body: { historical_days: 28 },
        });
        t.expect.success('management', 'setDataPullPreference', outcome);
      }),
      notOnMock('static-examples', 'answers the preference as set', async (t) => {
        const outcome = await t.management.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', {
          params: { path: { ...(await ownTeamPath(t)), provider: 'withings' } },
          // Within every provider's own backfill limit: the spec allows up to 3650, the server may refuse more than the provider keeps.
          body: { historical_days: 21 },
        });
        checkEqual(t.expect.success('management', 'setDataPullPreference', outcome), { provider: 'withings', historical_days: 21 }, 'preference');
      }),
      always('422 for historical_days 0, 3651 or missing, and for a provider that is not an OAuth one', async (t) => {
        const path = await ownTeamPath(t);
        const put = (provider: string, body: unknown) =>
          t.management.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', { params: { path: { ...path, provider: invalid(provider) } }, body: invalid(body) });
        t.expect.validation('management', 'setDataPullPreference', await put('oura', { historical_days: 0 }), [{ loc: ['body', 'historical_days'], type: 'greater_than_equal' }]);
        t.expect.validation('management', 'setDataPullPreference', await put('oura', { historical_days: 3651 }), [{ loc: ['body', 'historical_days'], type: 'less_than_equal' }]);
        t.expect.validation('management', 'setDataPullPreference', await put('oura', {}), [{ loc: ['body', 'historical_days'], type: 'missing' }]);
        t.expect.validation('management', 'setDataPullPreference', await put('apple_health_kit', { historical_days: 30 }), [{ loc: ['path', 'provider'], type: 'enum' }]);
      }),
      always('413 when the body is over 8 MiB', async (t) => {
        const outcome = await t.management.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', {
          params: { path: { ...(await ownTeamPath(t)), provider: 'oura' } },
          body: invalid({}),
          bodySerializer: oversizedBody,
        });
        t.expect.error('management', 'setDataPullPreference', outcome, 413);
      }),
      missingKey('setDataPullPreference', (t, client) =>
        client.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID, provider: 'oura' } }, body: { historical_days: 30 } }),
      ),
      teamKey('setDataPullPreference', (t, client) =>
        client.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID, provider: 'oura' } }, body: { historical_days: 30 } }),
      ),
      notOnMock('state', '404 for an unknown team', async (t) => {
        const outcome = await t.management.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', {
          params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID, provider: 'oura' } },
          body: { historical_days: 30 },
        });
        t.expect.error('management', 'setDataPullPreference', outcome, 404);
      }),
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
        const outcome = await t.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: await ownTeamPath(t) }, body: { url: 'http://hooks.example.com/vital' } });
        t.expect.validation('management', 'createWebhookEndpoint', outcome, [{ loc: ['body', 'url'] }]);
      }),
      always('422 for a missing url, and for an event type filter that is not one', async (t) => {
        const path = await ownTeamPath(t);
        t.expect.validation(
          'management',
          'createWebhookEndpoint',
          await t.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path }, body: invalid({ description: 'no url' }) }),
          [{ loc: ['body', 'url'], type: 'missing' }],
        );
        t.expect.validation(
          'management',
          'createWebhookEndpoint',
          await t.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path }, body: { url: 'https://hooks.example.com/vital', event_types: ['Daily Data!'] } }),
          [{ loc: ['body', 'event_types', 0], type: 'pattern' }],
        );
      }),
      always('413 when the body is over 8 MiB', async (t) => {
        const outcome = await t.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: await ownTeamPath(t) }, body: invalid({}), bodySerializer: oversizedBody });
        t.expect.error('management', 'createWebhookEndpoint', outcome, 413);
      }),
      missingKey('createWebhookEndpoint', (t, client) =>
        client.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID } }, body: { url: 'https://hooks.example.com/vital' } }),
      ),
      teamKey('createWebhookEndpoint', (t, client) =>
        client.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID } }, body: { url: 'https://hooks.example.com/vital' } }),
      ),
      notOnMock('state', '404 for an unknown team', async (t) => {
        const outcome = await t.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', {
          params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID } },
          body: { url: 'https://hooks.example.com/vital' },
        });
        t.expect.error('management', 'createWebhookEndpoint', outcome, 404);
      }),
    ],
    NEEDS,
  ),

  operation(
    'management',
    'listWebhookEndpoints',
    [
      always('lists the webhook endpoints of a team', async (t) => {
        const outcome = await t.management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: await ownTeamPath(t) } });
        t.expect.success('management', 'listWebhookEndpoints', outcome);
      }),
      notOnMock('state', 'lists the registered endpoint, without its secret', async (t) => {
        const { secret: _secret, ...registered } = await t.fixtures.webhookEndpoint();
        const listed = t.expect.success<Schemas['WebhookEndpointList']>(
          'management',
          'listWebhookEndpoints',
          await t.management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: await ownTeamPath(t) } }),
        );
        checkEqual(listed.data.find((endpoint) => endpoint.id === registered.id), registered, 'the registered endpoint as listed');
      }),
      always('422 naming ["path", "team_id"] when it is not a UUID', async (t) => {
        const outcome = await t.management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: { org_id: t.orgId, team_id: NOT_A_UUID } } });
        t.expect.validation('management', 'listWebhookEndpoints', outcome, [{ loc: ['path', 'team_id'], type: 'format' }]);
      }),
      missingKey('listWebhookEndpoints', (t, client) => client.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID } } })),
      teamKey('listWebhookEndpoints', (t, client) => client.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID } } })),
      notOnMock('state', '404 for an unknown team', async (t) => {
        const outcome = await t.management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID } } });
        t.expect.error('management', 'listWebhookEndpoints', outcome, 404);
      }),
    ],
    NEEDS,
  ),

  operation(
    'management',
    'deleteWebhookEndpoint',
    [
      always('deletes an endpoint registered for the purpose', async (t) => {
        const endpoint = await t.fixtures.createWebhookEndpoint();
        const outcome = await t.management.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', { params: { path: { ...(await ownTeamPath(t)), endpoint_id: endpoint.id } } });
        t.expect.success('management', 'deleteWebhookEndpoint', outcome);
      }),
      notOnMock('state', 'a deleted endpoint is no longer listed, and deleting it again is a 404', async (t) => {
        const path = await ownTeamPath(t);
        const endpoint = await t.fixtures.createWebhookEndpoint();
        const del = () => t.management.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', { params: { path: { ...path, endpoint_id: endpoint.id } } });
        checkEqual(t.expect.success<Schemas['SuccessResponse']>('management', 'deleteWebhookEndpoint', await del()).success, true, 'success');
        const listed = t.expect.success<Schemas['WebhookEndpointList']>('management', 'listWebhookEndpoints', await t.management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path } }));
        check(!listed.data.some((listedEndpoint) => listedEndpoint.id === endpoint.id), 'the deleted endpoint is still listed');
        t.expect.error('management', 'deleteWebhookEndpoint', await del(), 404);
      }),
      always('422 naming ["path", "endpoint_id"] when it is not a UUID', async (t) => {
        const outcome = await t.management.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', { params: { path: { ...(await ownTeamPath(t)), endpoint_id: NOT_A_UUID } } });
        t.expect.validation('management', 'deleteWebhookEndpoint', outcome, [{ loc: ['path', 'endpoint_id'], type: 'format' }]);
      }),
      missingKey('deleteWebhookEndpoint', (t, client) =>
        client.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID, endpoint_id: UNKNOWN_ID } } }),
      ),
      teamKey('deleteWebhookEndpoint', (t, client) =>
        client.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID, endpoint_id: UNKNOWN_ID } } }),
      ),
      notOnMock('state', '404 for an unknown endpoint', async (t) => {
        const outcome = await t.management.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', { params: { path: { ...(await ownTeamPath(t)), endpoint_id: UNKNOWN_ID } } });
        t.expect.error('management', 'deleteWebhookEndpoint', outcome, 404);
      }),
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
        const path = { ...(await ownTeamPath(t)), endpoint_id: endpoint.id };
        const list = async (query: { status?: Schemas['WebhookDeliveryStatus']; page_size?: number; next_cursor?: string }) =>
          t.expect.success<Schemas['WebhookDeliveryPage']>(
            'management',
            'listWebhookDeliveries',
            await t.management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', { params: { path, query } }),
          );
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
        const path = { org_id: t.orgId, team_id: UNKNOWN_ID, endpoint_id: UNKNOWN_ID };
        const list = (query: Record<string, unknown>) => t.management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', { params: { path, query: invalid(query) } });
        t.expect.validation('management', 'listWebhookDeliveries', await list({ page_size: 0 }), [{ loc: ['query', 'page_size'], type: 'greater_than_equal' }]);
        t.expect.validation('management', 'listWebhookDeliveries', await list({ page_size: 101 }), [{ loc: ['query', 'page_size'], type: 'less_than_equal' }]);
        t.expect.validation('management', 'listWebhookDeliveries', await list({ status: 'lost' }), [{ loc: ['query', 'status'], type: 'enum' }]);
      }),
      notOnMock('domain-rules', '422 naming ["query", "next_cursor"] for a cursor the service did not issue', async (t) => {
        const endpoint = await t.fixtures.webhookEndpoint();
        const outcome = await t.management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', {
          params: { path: { ...(await ownTeamPath(t)), endpoint_id: endpoint.id }, query: { next_cursor: 'not-a-cursor' } },
        });
        t.expect.validation('management', 'listWebhookDeliveries', outcome, [{ loc: ['query', 'next_cursor'] }]);
      }),
      missingKey('listWebhookDeliveries', (t, client) =>
        client.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID, endpoint_id: UNKNOWN_ID } } }),
      ),
      teamKey('listWebhookDeliveries', (t, client) =>
        client.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID, endpoint_id: UNKNOWN_ID } } }),
      ),
      notOnMock('state', '404 for an unknown endpoint', async (t) => {
        const outcome = await t.management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', { params: { path: { ...(await ownTeamPath(t)), endpoint_id: UNKNOWN_ID } } });
        t.expect.error('management', 'listWebhookDeliveries', outcome, 404);
      }),
    ],
    NEEDS,
  ),

  operation(
    'management',
    'replayWebhookDeliveries',
    [
      always('replays every failed delivery of an endpoint', async (t) => {
        const endpoint = await t.fixtures.webhookEndpoint();
        const outcome = await t.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', { params: { path: { ...(await ownTeamPath(t)), endpoint_id: endpoint.id } }, body: {} });
        t.expect.success('management', 'replayWebhookDeliveries', outcome);
      }),
      notOnMock('state', 'replays a delivery by id from a first attempt, and counts only deliveries of the endpoint', async (t) => {
        const delivery = await t.fixtures.delivery();
        const endpoint = await t.fixtures.webhookEndpoint();
        const path = { ...(await ownTeamPath(t)), endpoint_id: endpoint.id };
        const replay = async (delivery_ids: string[]) =>
          t.expect.success<Schemas['ReplayWebhookDeliveriesResult']>(
            'management',
            'replayWebhookDeliveries',
            await t.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', { params: { path }, body: { delivery_ids } }),
          );
        checkEqual(await replay([delivery.id]), { replayed: 1 }, 'replaying the delivery');
        checkEqual(await replay([UNKNOWN_ID]), { replayed: 0 }, 'replaying an id of no delivery of the endpoint');
      }),
      always('422 naming ["body", "delivery_ids", 0] when it is not a UUID', async (t) => {
        const outcome = await t.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', {
          params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID, endpoint_id: UNKNOWN_ID } },
          body: { delivery_ids: [NOT_A_UUID] },
        });
        t.expect.validation('management', 'replayWebhookDeliveries', outcome, [{ loc: ['body', 'delivery_ids', 0], type: 'format' }]);
      }),
      always('413 when the body is over 8 MiB', async (t) => {
        const outcome = await t.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', {
          params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID, endpoint_id: UNKNOWN_ID } },
          body: invalid({}),
          bodySerializer: oversizedBody,
        });
        t.expect.error('management', 'replayWebhookDeliveries', outcome, 413);
      }),
      missingKey('replayWebhookDeliveries', (t, client) =>
        client.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID, endpoint_id: UNKNOWN_ID } }, body: {} }),
      ),
      teamKey('replayWebhookDeliveries', (t, client) =>
        client.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', { params: { path: { org_id: t.orgId, team_id: UNKNOWN_ID, endpoint_id: UNKNOWN_ID } }, body: {} }),
      ),
      notOnMock('state', '404 for an unknown endpoint', async (t) => {
        const outcome = await t.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', {
          params: { path: { ...(await ownTeamPath(t)), endpoint_id: UNKNOWN_ID } },
          body: {},
        });
        t.expect.error('management', 'replayWebhookDeliveries', outcome, 404);
      }),
    ],
    NEEDS,
  ),
];
