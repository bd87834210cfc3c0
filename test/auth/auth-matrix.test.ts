/**
 * The authentication matrix: every operation of both bundles, with a request that is
 * valid but for its credential, sent with each kind of credential:
 *
 *   team API        no key 401, unknown key 401, revoked key 401, a management key (in
 *                   either header) 401, another team's key (same organization): 404 for
 *                   the first team's users, the documented answer otherwise; the valid key 2xx
 *   management API  no key 401, unknown key 401, a revoked team key 401, a team API key
 *                   (in either header) 403, another organization's management key 404;
 *                   the valid key 2xx
 *   public          (`security: []`, connectSdkProvider) the key is not checked, whatever it is
 *
 * Every answer has a documented status and a body valid against the spec (`{"detail":
 * string}` for the errors), and no body carries another team's data: its user ids,
 * client_user_ids, team and organization ids, bulk operation and endpoint ids, link
 * tokens (values the request itself sent, such as the id in "User <id> not found.", are
 * not counted). An operation of the bundles missing from the matrix fails the suite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManagementClient, createTeamClient, type ManagementClient, type TeamClient } from '../../server/client/index.js';
import { revokeTeamApiKey } from '../../server/storage/repositories/credentials.js';
import { SpecIndex } from '../../scripts/conformance/spec.js';
import type { ApiName } from '../../scripts/conformance/openapi.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { engines, SETUP_TIMEOUT_MS } from '../storage/helpers.js';
import { createOrganization } from '../fuzz/world.js';

const spec = new SpecIndex();
const engine = engines[0]!;
const UNKNOWN_TEAM_KEY = 'sk_us_auth_matrix_unknown_key_000000000000';
const UNKNOWN_MANAGEMENT_KEY = 'mg_auth_matrix_unknown_key_000000000000';

/** A team with what the matrix reads and leaks are looked for: its own keys, users, a bulk operation, an endpoint, a link token. */
interface World {
  label: string;
  orgId: string;
  teamId: string;
  apiKey: string;
  managementKey: string;
  team: TeamClient;
  management: ManagementClient;
  user: { user_id: string; client_user_id: string };
  linkToken: string;
  endpointId: string;
  bulkOpId: string;
  keyId: string;
}

interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
}

/** Whose data the operation touches: a user of the team, the team's own lists, the org (management), or no one (public). */
type Scope = 'user' | 'team' | 'management' | 'public';

interface MatrixEntry {
  scope: Scope;
  /** A request valid for team A (management: the org of A, on team A2), made fresh for each variant. */
  request(worlds: Worlds): Promise<RequestSpec>;
  /** With the key of team A2 (same organization), when it is not the scope's default. */
  otherTeam?: { status: number; loc?: (string | number)[] };
}

interface Worlds {
  server: TestServer;
  a: World;
  /** A second team of A's organization, with its own key. */
  a2: World;
  /** A team of another organization, with its own management key. */
  b: World;
  revokedTeamKey: string;
  /** How the revoked key was revoked (the API, or the repository when the API could not). */
  revokedThrough: string;
}

let counter = 0;
const unique = (label: string) => `auth-${label}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

const must = <T>(label: string, outcome: { data?: T; error?: unknown; response: Response }): T => {
  if (outcome.data === undefined) throw new Error(`auth matrix setup: ${label} answered ${outcome.response.status} ${JSON.stringify(outcome.error)}`);
  return outcome.data;
};

async function newUser(world: World, connectTo?: 'oura') {
  const user = must('createUser', await world.team.POST('/v2/user', { body: { client_user_id: unique(world.label) } }));
  if (connectTo) must('connectDemoProvider', await world.team.POST('/v2/link/connect/demo', { body: { user_id: user.user_id, provider: connectTo } }));
  return user;
}

async function signInToken(world: World) {
  const { user_id } = await newUser(world);
  return must('createSignInToken', await world.team.POST('/v2/user/{user_id}/sign_in_token', { params: { path: { user_id } } })).sign_in_token;
}

const managementPath = (w: Worlds, rest = '') => `/v1/org/${w.a.orgId}/team/${w.a2.teamId}${rest}`;

const MATRIX: Record<string, MatrixEntry> = {
  // ---- team API ---------------------------------------------------------------------------------
  'team createUser': { scope: 'team', request: async () => ({ method: 'POST', path: '/v2/user', body: { client_user_id: unique('new') } }) },
  'team getUser': { scope: 'user', request: async ({ a }) => ({ method: 'GET', path: `/v2/user/${a.user.user_id}` }) },
  'team deleteUser': { scope: 'user', request: async ({ a }) => ({ method: 'DELETE', path: `/v2/user/${(await newUser(a)).user_id}` }) },
  'team resolveUser': { scope: 'user', request: async ({ a }) => ({ method: 'GET', path: `/v2/user/resolve/${encodeURIComponent(a.user.client_user_id)}` }) },
  'team createInsurance': {
    scope: 'user',
    request: async ({ a }) => ({
      method: 'POST',
      path: `/v2/user/${a.user.user_id}/insurance`,
      body: {
        payor_code: 'AETNA',
        member_id: 'W1',
        relationship: 'Self',
        insured: { first_name: 'Al', last_name: 'Bo', gender: 'male', dob: '1980-01-01', email: 'al@example.com', phone_number: '+15555550100', address: { first_line: '1 Main St', city: 'Austin', state: 'TX', zip: '73301', country: 'US' } },
      },
    }),
  },
  'team updateUserInfo': {
    scope: 'user',
    request: async ({ a }) => ({
      method: 'PATCH',
      path: `/v2/user/${a.user.user_id}/info`,
      body: { first_name: 'Al', last_name: 'Bo', email: 'al@example.com', phone_number: '+15555550100', gender: 'male', dob: '1980-01-01', address: { first_line: '1 Main St', city: 'Austin', state: 'TX', zip_code: '73301' } },
    }),
  },
  'team createSignInToken': { scope: 'user', request: async ({ a }) => ({ method: 'POST', path: `/v2/user/${a.user.user_id}/sign_in_token` }) },
  'team deregisterProvider': { scope: 'user', request: async ({ a }) => ({ method: 'DELETE', path: `/v2/user/${(await newUser(a, 'oura')).user_id}/oura` }) },
  'team createLinkCode': { scope: 'user', request: async ({ a }) => ({ method: 'POST', path: '/v2/link/code/create', query: { user_id: a.user.user_id } }) },
  'team createLinkToken': { scope: 'user', request: async ({ a }) => ({ method: 'POST', path: '/v2/link/token', body: { user_id: a.user.user_id } }) },
  'team bulkTriggerHistoricalPull': {
    scope: 'user',
    request: async ({ a }) => ({ method: 'POST', path: '/v2/link/bulk_trigger_historical_pull', body: { user_ids: [(await newUser(a, 'oura')).user_id], provider: 'oura' } }),
    // Documented: an id that is not a user of the team is a 422 naming its index.
    otherTeam: { status: 422, loc: ['body', 'user_ids', 0] },
  },
  'team listBulkOps': { scope: 'team', request: async () => ({ method: 'GET', path: '/v2/link/bulk_op', query: { page_size: '50' } }) },
  'team connectDemoProvider': { scope: 'user', request: async ({ a }) => ({ method: 'POST', path: '/v2/link/connect/demo', body: { user_id: a.user.user_id, provider: 'fitbit' } }) },
  'team connectSdkProvider': {
    scope: 'public',
    request: async ({ a }) => ({ method: 'POST', path: '/v2/link/sdk/connect', body: { sign_in_token: await signInToken(a), provider: 'apple_health_kit' } }),
  },
  'team getOAuthProvider': {
    scope: 'user',
    request: async ({ a }) => ({ method: 'GET', path: '/v2/link/provider/oauth/oura', headers: { 'x-vital-link-token': a.linkToken } }),
    // A link token of another team is an invalid link token.
    otherTeam: { status: 401 },
  },
  'team listProviders': { scope: 'team', request: async () => ({ method: 'GET', path: '/v2/providers' }) },
  'team listMarkers': { scope: 'team', request: async () => ({ method: 'GET', path: '/v3/lab_tests/markers', query: { size: '5' } }) },
  'team listOrderSetMarkers': {
    scope: 'team',
    request: async () => ({ method: 'POST', path: '/v3/lab_tests/list_order_set_markers', body: { lab_test_ids: ['a10dadff-5984-40a9-b723-fa1fc9bab88a'] } }),
  },

  // ---- management API (org A; settings changed on team A2) --------------------------------------
  'management listTeams': { scope: 'management', request: async (w) => ({ method: 'GET', path: `/v1/org/${w.a.orgId}/team` }) },
  'management createTeam': { scope: 'management', request: async (w) => ({ method: 'POST', path: `/v1/org/${w.a.orgId}/team`, body: { name: `Auth matrix ${counter++}` } }) },
  'management createTeamApiKey': { scope: 'management', request: async (w) => ({ method: 'POST', path: managementPath(w, '/api_key'), body: { label: 'auth matrix' } }) },
  'management updateTeam': { scope: 'management', request: async (w) => ({ method: 'PATCH', path: managementPath(w), body: { link_migration_enabled: true } }) },
  'management revokeTeamApiKey': {
    scope: 'management',
    request: async (w) => {
      const key = must('createTeamApiKey', await w.a.management.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path: { org_id: w.a.orgId, team_id: w.a2.teamId } }, body: { label: 'to revoke' } }));
      return { method: 'DELETE', path: managementPath(w, `/api_key/${key.id}`) };
    },
  },
  'management listDataPullPreferences': { scope: 'management', request: async (w) => ({ method: 'GET', path: managementPath(w, '/data_pull_preferences') }) },
  'management setDataPullPreference': { scope: 'management', request: async (w) => ({ method: 'PUT', path: managementPath(w, '/data_pull_preferences/oura'), body: { historical_days: 14 } }) },
  'management createWebhookEndpoint': { scope: 'management', request: async (w) => ({ method: 'POST', path: managementPath(w, '/webhook_endpoint'), body: { url: 'https://auth-matrix.invalid/hooks' } }) },
  'management listWebhookEndpoints': { scope: 'management', request: async (w) => ({ method: 'GET', path: managementPath(w, '/webhook_endpoint') }) },
  'management deleteWebhookEndpoint': {
    scope: 'management',
    request: async (w) => {
      const endpoint = must(
        'createWebhookEndpoint',
        await w.a.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: { org_id: w.a.orgId, team_id: w.a2.teamId } }, body: { url: 'https://auth-matrix.invalid/delete' } }),
      );
      return { method: 'DELETE', path: managementPath(w, `/webhook_endpoint/${endpoint.id}`) };
    },
  },
  'management listWebhookDeliveries': { scope: 'management', request: async (w) => ({ method: 'GET', path: managementPath(w, `/webhook_endpoint/${w.a2.endpointId}/delivery`) }) },
  'management replayWebhookDeliveries': { scope: 'management', request: async (w) => ({ method: 'POST', path: managementPath(w, `/webhook_endpoint/${w.a2.endpointId}/replay`), body: {} }) },
};

interface Variant {
  name: string;
  /** The credential headers, and whose data the caller may see (null: no one's). */
  credential(w: Worlds): { headers: Record<string, string>; caller: World | null };
  expected(entry: MatrixEntry): { status: number | 'success'; loc?: (string | number)[] };
}

const TEAM_VARIANTS: Variant[] = [
  { name: 'no key', credential: () => ({ headers: {}, caller: null }), expected: () => ({ status: 401 }) },
  { name: 'an unknown key', credential: () => ({ headers: { 'x-vital-api-key': UNKNOWN_TEAM_KEY }, caller: null }), expected: () => ({ status: 401 }) },
  { name: 'a revoked key', credential: (w) => ({ headers: { 'x-vital-api-key': w.revokedTeamKey }, caller: null }), expected: () => ({ status: 401 }) },
  { name: 'a management key in x-vital-api-key', credential: (w) => ({ headers: { 'x-vital-api-key': w.a.managementKey }, caller: null }), expected: () => ({ status: 401 }) },
  { name: 'a management key in X-Management-Key', credential: (w) => ({ headers: { 'X-Management-Key': w.a.managementKey }, caller: null }), expected: () => ({ status: 401 }) },
  {
    name: "another team's key (same organization)",
    credential: (w) => ({ headers: { 'x-vital-api-key': w.a2.apiKey }, caller: w.a2 }),
    expected: (entry) => entry.otherTeam ?? (entry.scope === 'user' ? { status: 404 } : { status: 'success' }),
  },
  { name: 'the valid key', credential: (w) => ({ headers: { 'x-vital-api-key': w.a.apiKey }, caller: w.a }), expected: () => ({ status: 'success' }) },
];

const MANAGEMENT_VARIANTS: Variant[] = [
  { name: 'no key', credential: () => ({ headers: {}, caller: null }), expected: () => ({ status: 401 }) },
  { name: 'an unknown key', credential: () => ({ headers: { 'X-Management-Key': UNKNOWN_MANAGEMENT_KEY }, caller: null }), expected: () => ({ status: 401 }) },
  { name: 'a revoked team key', credential: (w) => ({ headers: { 'X-Management-Key': w.revokedTeamKey }, caller: null }), expected: () => ({ status: 401 }) },
  { name: 'a team API key in X-Management-Key', credential: (w) => ({ headers: { 'X-Management-Key': w.a.apiKey }, caller: null }), expected: () => ({ status: 403 }) },
  { name: 'a team API key in x-vital-api-key', credential: (w) => ({ headers: { 'x-vital-api-key': w.a.apiKey }, caller: null }), expected: () => ({ status: 403 }) },
  { name: "another organization's management key", credential: (w) => ({ headers: { 'X-Management-Key': w.b.managementKey }, caller: w.b }), expected: () => ({ status: 404 }) },
  { name: 'the valid key', credential: (w) => ({ headers: { 'X-Management-Key': w.a.managementKey }, caller: w.a }), expected: () => ({ status: 'success' }) },
];

/** connectSdkProvider: the sign-in token is the credential; whatever key comes along, it is not checked. */
const PUBLIC_VARIANTS: Variant[] = [
  { name: 'no key', credential: () => ({ headers: {}, caller: null }), expected: () => ({ status: 'success' }) },
  { name: 'an unknown key (not checked)', credential: () => ({ headers: { 'x-vital-api-key': UNKNOWN_TEAM_KEY }, caller: null }), expected: () => ({ status: 'success' }) },
  { name: "another team's key (not checked)", credential: (w) => ({ headers: { 'x-vital-api-key': w.a2.apiKey }, caller: null }), expected: () => ({ status: 'success' }) },
];

const variantsOf = (api: ApiName, entry: MatrixEntry) => (entry.scope === 'public' ? PUBLIC_VARIANTS : api === 'team' ? TEAM_VARIANTS : MANAGEMENT_VARIANTS);

/** Values of a team that must never reach another team's caller. */
function secretsOf(world: World): string[] {
  return [world.teamId, world.orgId, world.user.user_id, world.user.client_user_id, world.linkToken, world.endpointId, world.bulkOpId, world.keyId];
}

/** Makes a team with a user, a connection, a bulk operation, a link token and a webhook endpoint with a delivery. */
async function populate(server: TestServer, label: string, credentials: { orgId: string; teamId: string; apiKey: string; managementKey: string }, keyId: string): Promise<World> {
  const team = createTeamClient({ baseUrl: server.teamUrl, apiKey: credentials.apiKey });
  const management = createManagementClient({ baseUrl: server.managementUrl, managementKey: credentials.managementKey });
  const path = { org_id: credentials.orgId, team_id: credentials.teamId };
  must('updateTeam', await management.PATCH('/v1/org/{org_id}/team/{team_id}', { params: { path }, body: { link_migration_enabled: true } }));
  const endpoint = must('createWebhookEndpoint', await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path }, body: { url: `https://${label}.invalid/hooks` } }));
  const world = { label, ...credentials, team, management, endpointId: endpoint.id, keyId } as World;
  world.user = await newUser(world, 'oura');
  world.linkToken = must('createLinkToken', await team.POST('/v2/link/token', { body: { user_id: world.user.user_id } })).link_token;
  world.bulkOpId = must('bulkTriggerHistoricalPull', await team.POST('/v2/link/bulk_trigger_historical_pull', { body: { user_ids: [world.user.user_id], provider: 'oura' } })).operation.id;
  return world;
}

describe('auth matrix: every operation of both APIs with every kind of credential', () => {
  let worlds: Worlds;

  beforeAll(async () => {
    const server = await startTestServer(engine);
    const management = createManagementClient({ baseUrl: server.managementUrl, managementKey: server.managementKey });
    const a2Team = must('createTeam', await management.POST('/v1/org/{org_id}/team', { params: { path: { org_id: server.orgId } }, body: { name: 'Auth matrix A2' } }));
    const a2Key = must('createTeamApiKey', await management.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path: { org_id: server.orgId, team_id: a2Team.id } }, body: { label: 'a2' } }));
    const aKey = must('createTeamApiKey', await management.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path: { org_id: server.orgId, team_id: server.teamId } }, body: { label: 'a spare' } }));
    const bCredentials = await createOrganization(server, 'authb');

    const a = await populate(server, 'auth-a', { orgId: server.orgId, teamId: server.teamId, apiKey: server.apiKey, managementKey: server.managementKey }, aKey.id);
    const a2 = await populate(server, 'auth-a2', { orgId: server.orgId, teamId: a2Team.id, apiKey: a2Key.key, managementKey: server.managementKey }, a2Key.id);
    const b = await populate(server, 'auth-b', bCredentials, 'none');

    // A key of team A, accepted, then revoked through the management API (through the repository if that fails).
    const doomed = must('createTeamApiKey', await management.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path: { org_id: server.orgId, team_id: server.teamId } }, body: { label: 'revoked' } }));
    const accepted = await createTeamClient({ baseUrl: server.teamUrl, apiKey: doomed.key }).GET('/v2/providers');
    expect(accepted.response.status).toBe(200);
    const revoked = await management.DELETE('/v1/org/{org_id}/team/{team_id}/api_key/{key_id}', { params: { path: { org_id: server.orgId, team_id: server.teamId, key_id: doomed.id } } });
    let revokedThrough = 'the management API (revokeTeamApiKey)';
    if (revoked.response.status !== 200) {
      await revokeTeamApiKey(server.db, { id: doomed.id, team_id: server.teamId });
      revokedThrough = `the repository: revokeTeamApiKey answered ${revoked.response.status}`;
      console.warn(`auth matrix: the key was revoked through ${revokedThrough}`);
    }
    worlds = { server, a, a2, b, revokedTeamKey: doomed.key, revokedThrough };
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await worlds?.server.close();
  });

  it('when the bundles are read, then every operation is in the matrix, and nothing else', () => {
    const documented = spec.operations.map(({ api, operationId }) => `${api} ${operationId}`).sort();
    expect(Object.keys(MATRIX).sort()).toEqual(documented);
  });

  for (const operation of spec.operations) {
    const name = `${operation.api} ${operation.operationId}`;
    const entry = MATRIX[name];
    if (!entry) continue;
    describe(`${name} (${operation.method.toUpperCase()} ${operation.path}, ${entry.scope})`, () => {
      for (const variant of variantsOf(operation.api, entry)) {
        const expected = variant.expected(entry);
        it(`with ${variant.name}: ${expected.status === 'success' ? 'a documented 2xx' : expected.status}, a valid body and no other team's data`, async () => {
          const request = await entry.request(worlds);
          const { headers, caller } = variant.credential(worlds);
          const response = await send(worlds.server, operation.api, request, headers);
          const where = `${request.method} ${request.path} with ${variant.name}: ${response.status} ${response.text.slice(0, 300)}`;

          if (expected.status === 'success') {
            expect(spec.documents.successStatuses(operation.api, operation.operationId), where).toContain(response.status);
          } else {
            expect(response.status, where).toBe(expected.status);
            if (expected.status === 422) {
              expect((response.body as { detail: { loc: unknown }[] }).detail, where).toContainEqual(expect.objectContaining({ loc: expected.loc }));
            } else {
              expect(response.body, where).toEqual({ detail: expect.any(String) });
            }
          }
          expect(spec.checkResponse({ api: operation.api, method: request.method, path: request.path, status: response.status, contentType: response.contentType, body: response.body, json: response.json }), where).toEqual([]);

          // The public operation's caller is the sign-in token's team (A), whatever key came along.
          const owner = entry.scope === 'public' ? worlds.a : caller;
          const others = [worlds.a, worlds.a2, worlds.b].filter((world) => world !== owner && !(operation.api === 'management' && owner === worlds.a && world === worlds.a2));
          const sent = `${request.path} ${JSON.stringify(request.query ?? {})} ${JSON.stringify(request.headers ?? {})} ${JSON.stringify(request.body ?? null)}`;
          const leaked = others.flatMap((world) => secretsOf(world).filter((secret) => secret !== 'none' && response.text.includes(secret) && !sent.includes(secret)).map((secret) => `${world.label}: ${secret}`));
          expect(leaked, where).toEqual([]);
        });
      }
    });
  }
});

async function send(server: TestServer, api: ApiName, request: RequestSpec, credential: Record<string, string>) {
  const base = api === 'team' ? server.teamUrl : server.managementUrl;
  const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
  const response = await fetch(`${base}${request.path}${query}`, {
    method: request.method,
    headers: { ...(request.body !== undefined && { 'content-type': 'application/json' }), ...request.headers, ...credential },
    ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
  });
  const text = await response.text();
  let body: unknown = text;
  let json = false;
  try {
    body = JSON.parse(text);
    json = true;
  } catch {
    // Reported by checkResponse.
  }
  return { status: response.status, contentType: response.headers.get('content-type'), text, body, json };
}
