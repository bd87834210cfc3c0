/**
 * The authentication matrix: every operation of both bundles, with the valid request of
 * its definition (scripts/conformance/operations/), sent with each kind of credential
 * its auth scope calls for:
 *
 *   team API        no key 401, unknown key 401, revoked key 401, a management key (in
 *                   either header) 401, another team's key (same organization): 404 for
 *                   the first team's users, the definition's `otherTeam` answer when it has
 *                   one, a 2xx otherwise; the valid key 2xx
 *   management API  no key 401, unknown key 401, a revoked team key 401, a team API key
 *                   (in either header) 403, another organization's management key 404;
 *                   the valid key 2xx
 *   link token      (getOAuthProvider: a team key, or the link token alone, or both of one
 *                   team) with A's link token: no key 2xx as A, an unknown, revoked or
 *                   management key in x-vital-api-key 401, a management key in
 *                   X-Management-Key (no team key header: the token alone) 2xx as A, another
 *                   team's key 401, the valid key 2xx; without A's token: nothing 401,
 *                   another team's token alone 2xx as that team
 *   public          (`security: []`, connectSdkProvider) the key is not checked, whatever it is
 *
 * Teams A, A2 (same organization) and B (another one) are seeded by seedTeam. Every
 * answer has a documented status and a body valid against the spec (`{"detail":
 * string}` for the errors), and no body carries another team's data: its user ids,
 * client_user_ids, team and organization ids, bulk operation, endpoint and key ids,
 * link tokens (values the request itself sent, such as the id in "User <id> not found.",
 * are not counted). An operation of the bundles without a definition fails the suite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManagementClient, LINK_TOKEN_HEADER } from '../../server/client/index.js';
import type { ApiName } from '../../scripts/conformance/openapi.js';
import { must, type OperationDefinition, type RawRequest, type SeededTeam, type SeededWorld } from '../../scripts/conformance/operation.js';
import { OPERATIONS } from '../../scripts/conformance/operations/index.js';
import { seedTeam } from '../../scripts/conformance/seed.js';
import { SpecIndex } from '../../scripts/conformance/spec.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { engines, SETUP_TIMEOUT_MS } from '../storage/helpers.js';
import { createOrganization } from '../fuzz/world.js';
import { parseJsonText } from '../helpers/json-text.js';

const spec = new SpecIndex();
const engine = engines[0]!;
const UNKNOWN_TEAM_KEY = 'sk_us_auth_matrix_unknown_key_000000000000';
const UNKNOWN_MANAGEMENT_KEY = 'mg_auth_matrix_unknown_key_000000000000';

const definitions = new Map(OPERATIONS.map((definition) => [`${definition.api} ${definition.operationId}`, definition]));

interface Worlds extends SeededWorld {
  server: TestServer;
}

interface Variant {
  name: string;
  /** The credential headers, and whose data the caller may see (null: no one's). */
  credential(w: Worlds): { headers: Record<string, string>; caller: SeededTeam | null };
  expected(definition: OperationDefinition): { status: number | 'success'; loc?: (string | number)[] };
  /** Sends the valid request without its link token (the 'link-token' scope's variants without one). */
  withoutLinkToken?: boolean;
}

const TEAM_VARIANTS: Variant[] = [
  { name: 'no key', credential: () => ({ headers: {}, caller: null }), expected: () => ({ status: 401 }) },
  { name: 'an unknown key', credential: () => ({ headers: { 'x-vital-api-key': UNKNOWN_TEAM_KEY }, caller: null }), expected: () => ({ status: 401 }) },
  { name: 'a revoked key', credential: (w) => ({ headers: { 'x-vital-api-key': w.a.revokedKey }, caller: null }), expected: () => ({ status: 401 }) },
  { name: 'a management key in x-vital-api-key', credential: (w) => ({ headers: { 'x-vital-api-key': w.a.managementKey }, caller: null }), expected: () => ({ status: 401 }) },
  { name: 'a management key in X-Management-Key', credential: (w) => ({ headers: { 'X-Management-Key': w.a.managementKey }, caller: null }), expected: () => ({ status: 401 }) },
  {
    name: "another team's key (same organization)",
    credential: (w) => ({ headers: { 'x-vital-api-key': w.a2.apiKey }, caller: w.a2 }),
    expected: ({ auth }) => auth.otherTeam ?? (auth.scope === 'user' ? { status: 404 } : { status: 'success' }),
  },
  { name: 'the valid key', credential: (w) => ({ headers: { 'x-vital-api-key': w.a.apiKey }, caller: w.a }), expected: () => ({ status: 'success' }) },
];

const MANAGEMENT_VARIANTS: Variant[] = [
  { name: 'no key', credential: () => ({ headers: {}, caller: null }), expected: () => ({ status: 401 }) },
  { name: 'an unknown key', credential: () => ({ headers: { 'X-Management-Key': UNKNOWN_MANAGEMENT_KEY }, caller: null }), expected: () => ({ status: 401 }) },
  { name: 'a revoked team key', credential: (w) => ({ headers: { 'X-Management-Key': w.a.revokedKey }, caller: null }), expected: () => ({ status: 401 }) },
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

/**
 * getOAuthProvider: a team key, or the link token alone (it names its team and user), or
 * both of one team. The valid request carries A's link token; without a key, the token's
 * team is the caller. A management key in X-Management-Key is no team key: the token alone.
 */
const LINK_TOKEN_VARIANTS: Variant[] = [
  { name: "A's link token and no key", credential: (w) => ({ headers: {}, caller: w.a }), expected: () => ({ status: 'success' }) },
  { name: "A's link token and an unknown key", credential: () => ({ headers: { 'x-vital-api-key': UNKNOWN_TEAM_KEY }, caller: null }), expected: () => ({ status: 401 }) },
  { name: "A's link token and a revoked key", credential: (w) => ({ headers: { 'x-vital-api-key': w.a.revokedKey }, caller: null }), expected: () => ({ status: 401 }) },
  { name: "A's link token and a management key in x-vital-api-key", credential: (w) => ({ headers: { 'x-vital-api-key': w.a.managementKey }, caller: null }), expected: () => ({ status: 401 }) },
  { name: "A's link token and a management key in X-Management-Key (the token alone)", credential: (w) => ({ headers: { 'X-Management-Key': w.a.managementKey }, caller: w.a }), expected: () => ({ status: 'success' }) },
  { name: "A's link token and another team's key (same organization)", credential: (w) => ({ headers: { 'x-vital-api-key': w.a2.apiKey }, caller: null }), expected: () => ({ status: 401 }) },
  { name: "A's link token and the valid key", credential: (w) => ({ headers: { 'x-vital-api-key': w.a.apiKey }, caller: w.a }), expected: () => ({ status: 'success' }) },
  { name: 'no key and no link token', credential: () => ({ headers: {}, caller: null }), expected: () => ({ status: 401 }), withoutLinkToken: true },
  {
    name: "another team's link token alone (A2's)",
    credential: (w) => ({ headers: { [LINK_TOKEN_HEADER]: w.a2.linkTokens[0]! }, caller: w.a2 }),
    expected: () => ({ status: 'success' }),
    withoutLinkToken: true,
  },
];

const variantsOf = ({ api, auth }: OperationDefinition) =>
  auth.scope === 'public' ? PUBLIC_VARIANTS : auth.scope === 'link-token' ? LINK_TOKEN_VARIANTS : api === 'team' ? TEAM_VARIANTS : MANAGEMENT_VARIANTS;

/** The request without its link token header (whatever its case). */
function withoutLinkToken(request: RawRequest): RawRequest {
  const headers = Object.fromEntries(Object.entries(request.headers ?? {}).filter(([name]) => name.toLowerCase() !== LINK_TOKEN_HEADER));
  return { ...request, headers };
}

/** Values of a team that must never reach another team's caller. */
function secretsOf(team: SeededTeam): string[] {
  const users = [...team.users, ...team.disposableUsers];
  return [
    team.teamId,
    team.orgId,
    ...users.flatMap((user) => [user.user_id, user.client_user_id]),
    ...team.linkTokens,
    ...team.endpointIds,
    ...team.disposableEndpointIds,
    ...team.bulkOpIds,
    ...team.orderIds,
    ...team.spareKeyIds,
  ];
}

describe('auth matrix: every operation of both APIs with every kind of credential', () => {
  let worlds: Worlds;

  beforeAll(async () => {
    const server = await startTestServer(engine, {}, { labSimulator: true });
    const management = createManagementClient({ baseUrl: server.managementUrl, managementKey: server.managementKey });
    const a2Team = must('createTeam', await management.POST('/v1/org/{org_id}/team', { params: { path: { org_id: server.orgId } }, body: { name: 'Auth matrix A2' } }));
    const a2Key = must('createTeamApiKey', await management.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path: { org_id: server.orgId, team_id: a2Team.id } }, body: { label: 'a2' } }));
    const bCredentials = await createOrganization(server, 'authb');

    // Each team also gets a key that was accepted, then revoked through the management API (the revokeTeamApiKey seed).
    const a = await seedTeam(server, { orgId: server.orgId, teamId: server.teamId, apiKey: server.apiKey, managementKey: server.managementKey }, 'auth-a');
    const a2 = await seedTeam(server, { orgId: server.orgId, teamId: a2Team.id, apiKey: a2Key.key, managementKey: server.managementKey }, 'auth-a2');
    const b = await seedTeam(server, bCredentials, 'auth-b');
    worlds = { server, a, a2, b };
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await worlds?.server.close();
  });

  it('when the bundles are read, then every operation has a definition the matrix runs, and every definition is an operation', () => {
    const documented = spec.operations.map(({ api, operationId }) => `${api} ${operationId}`).sort();
    expect([...definitions.keys()].sort()).toEqual(documented);
  });

  for (const operation of spec.operations) {
    const name = `${operation.api} ${operation.operationId}`;
    const definition = definitions.get(name);
    if (!definition) continue;
    describe(`${name} (${operation.method.toUpperCase()} ${operation.path}, ${definition.auth.scope})`, () => {
      for (const variant of variantsOf(definition)) {
        const expected = variant.expected(definition);
        it(`with ${variant.name}: ${expected.status === 'success' ? 'a documented 2xx' : expected.status}, a valid body and no other team's data`, async () => {
          const valid = await definition.validRequest(worlds);
          const request = variant.withoutLinkToken ? withoutLinkToken(valid) : valid;
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
          const owner = definition.auth.scope === 'public' ? worlds.a : caller;
          const others = [worlds.a, worlds.a2, worlds.b].filter((world) => world !== owner && !(operation.api === 'management' && owner === worlds.a && world === worlds.a2));
          const sent = `${request.path} ${JSON.stringify(request.query ?? {})} ${JSON.stringify(request.headers ?? {})} ${JSON.stringify(request.body ?? null)} ${request.rawBody ? Buffer.from(request.rawBody).toString('latin1') : ''}`;
          // A value the caller owns too (A and A2 share their organization's id) is no leak.
          const own = new Set(owner ? secretsOf(owner) : []);
          const leaked = others.flatMap((world) => secretsOf(world).filter((secret) => response.text.includes(secret) && !sent.includes(secret) && !own.has(secret)).map((secret) => `${world.label}: ${secret}`));
          expect(leaked, where).toEqual([]);
        });
      }
    });
  }
});

async function send(server: TestServer, api: ApiName, request: RawRequest, credential: Record<string, string>) {
  const base = api === 'team' ? server.teamUrl : server.managementUrl;
  const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
  const response = await fetch(`${base}${request.path}${query}`, {
    method: request.method,
    headers: { ...(request.body !== undefined && { 'content-type': 'application/json' }), ...request.headers, ...credential },
    ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
    // A multipart upload goes as its bytes, with its own Content-Type (in request.headers).
    ...(request.rawBody !== undefined && { body: request.rawBody }),
  });
  const text = await response.text();
  const { body, json } = parseJsonText(text);
  return { status: response.status, contentType: response.headers.get('content-type'), text, body, json };
}
