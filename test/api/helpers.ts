/**
 * Shared pieces of the API tests: a real server per describe block (on each
 * available engine), supertest agents that send a key, fixtures built through
 * the API, and assertions on the API's two error shapes. A test file starts with
 * `describe.each(apiEngines)('<operationId> (...) on %s', (_label, engine) => { const ctx = useApiApp(engine); ... })`
 * and builds its state with `ctx.newUser()`, `ctx.connectedUser(provider)`,
 * `ctx.otherTeamsUser()`... through `ctx.team()` and `ctx.management()`.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { components as ManagementComponents } from '../../generated/management/schema.js';
import type { components as TeamComponents } from '../../generated/team/schema.js';
import { insuranceBody as sampleInsuranceBody, userInfoBody as sampleUserInfoBody } from '../../scripts/conformance/values.js';
import type { Config } from '../../server/config.js';
import { hashSecret } from '../../server/domain/credentials/secrets.js';
import { createManagementKey } from '../../server/storage/repositories/credentials.js';
import { createOrg } from '../../server/storage/repositories/orgs.js';
import { startTestServer, type TestServer, type TestServerOptions } from '../helpers/test-server.js';
import { engines, SETUP_TIMEOUT_MS, type Engine } from '../storage/helpers.js';

export type TeamSchemas = TeamComponents['schemas'];
export type ManagementSchemas = ManagementComponents['schemas'];

import { LINK_TOKEN_HEADER, MANAGEMENT_KEY_HEADER, TEAM_API_KEY_HEADER as TEAM_KEY_HEADER } from '../../server/shared/wire.js';

export { LINK_TOKEN_HEADER, MANAGEMENT_KEY_HEADER, TEAM_KEY_HEADER };

/** `describe.each(apiEngines)('... on %s', (_label, engine) => ...)`: every engine this machine has. */
export const apiEngines: [string, Engine][] = engines.filter((engine) => engine.available).map((engine) => [engine.label, engine]);

/** UNKNOWN_ID (a valid-looking id no server knows) and MiB, as the conformance checks have them. */
export { MiB, UNKNOWN_ID } from '../../scripts/conformance/values.js';

export const uniqueName = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/**
 * Starts the real apps on a fresh database of the engine for the enclosing
 * describe block (tests in it share the server, so each makes its own users)
 * and closes them after. The clock is put back after every test.
 */
export function useApiServer(engine: Engine, overrides: Partial<Config> = {}, options: TestServerOptions = {}): { readonly server: TestServer } {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(engine, overrides, options);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  }, SETUP_TIMEOUT_MS);
  afterEach(() => server?.setNow(null));
  return {
    get server() {
      if (!server) throw new Error('The test server is not started yet');
      return server;
    },
  };
}

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
export type Agent = Record<Method, (url: string) => request.Test>;

function agent(app: TestServer['team'], header: string, key: string | null): Agent {
  const call = (method: Method) => (url: string) => {
    const test = request(app)[method](url);
    return key === null ? test : test.set(header, key);
  };
  return { get: call('get'), post: call('post'), patch: call('patch'), put: call('put'), delete: call('delete') };
}

/** The team API with a team key (the sandbox team's unless given). */
export const teamApi = (server: TestServer, key: string | null = server.apiKey) => agent(server.team, TEAM_KEY_HEADER, key);

/** The management API with the management key (unless given). */
export const managementApi = (server: TestServer, key: string | null = server.managementKey) => agent(server.management, MANAGEMENT_KEY_HEADER, key);

/** What every API test file starts from: the running apps and the fixtures built through them. */
export interface ApiApp {
  readonly server: TestServer;
  /** The team API with the sandbox team's key, another key, or none (null). */
  team(key?: string | null): Agent;
  /** The management API with the sandbox org's management key, another key, or none (null). */
  management(key?: string | null): Agent;
  /** A new user of the sandbox team (or of the team of `key`), made through the API. */
  newUser(body?: Partial<TeamSchemas['CreateUserRequest']>, key?: string): Promise<TeamSchemas['ClientFacingUser']>;
  /** A new user connected to the demo `provider`. */
  connectedUser(provider: string, key?: string): Promise<TeamSchemas['ClientFacingUser']>;
  /** Connects an existing user to the demo `provider`. */
  connect(userId: string, provider: string, key?: string): Promise<void>;
  /** The user as GET /v2/user/{user_id} answers it. */
  readUser(userId: string, key?: string): Promise<TeamSchemas['ClientFacingUser']>;
  /** A second team of the sandbox org with its own key. */
  otherTeam(body?: Partial<ManagementSchemas['CreateTeamRequest']>): Promise<OtherTeam>;
  /** A second team of the sandbox org (`other`) and a user of it (`theirs`). */
  otherTeamsUser(): Promise<{ other: OtherTeam; theirs: TeamSchemas['ClientFacingUser'] }>;
  /** A second organization with its own management key. */
  otherOrg(): Promise<{ orgId: string; managementKey: string }>;
}

/**
 * `const ctx = useApiApp(engine)` in a describe block: the apps on a fresh database of the
 * engine for the block (see useApiServer) and the fixtures the API tests share.
 */
export function useApiApp(engine: Engine, overrides: Partial<Config> = {}, options: TestServerOptions = {}): ApiApp {
  const ctx = useApiServer(engine, overrides, options);
  return {
    get server() {
      return ctx.server;
    },
    team: (key) => teamApi(ctx.server, key),
    management: (key) => managementApi(ctx.server, key),
    newUser: (body, key) => createUser(ctx.server, body, key),
    connectedUser: async (provider, key) => {
      const user = await createUser(ctx.server, {}, key);
      await connectDemo(ctx.server, user.user_id, provider, key);
      return user;
    },
    connect: (userId, provider, key) => connectDemo(ctx.server, userId, provider, key),
    readUser: (userId, key) => getUser(ctx.server, userId, key),
    otherTeam: (body) => createTeamWithKey(ctx.server, body),
    otherTeamsUser: async () => {
      const other = await createTeamWithKey(ctx.server);
      return { other, theirs: await createUser(ctx.server, {}, other.apiKey) };
    },
    otherOrg: () => createOrgWithKey(ctx.server),
  };
}

// ---- assertions ---------------------------------------------------------------------------

export interface ExpectedViolation {
  loc: (string | number)[];
  type?: string;
  msg?: string | RegExp;
}

function expectJson(response: request.Response) {
  expect(response.headers['content-type'] ?? '').toMatch(/^application\/json/);
}

/** `{"detail": "<text>"}` with that status, and nothing else in the body. */
export function expectDetail(response: request.Response, status: number, detail?: string | RegExp): string {
  expect({ status: response.status, body: response.body }).toEqual({ status, body: { detail: expect.any(String) } });
  expectJson(response);
  const text = (response.body as { detail: string }).detail;
  if (typeof detail === 'string') expect(text).toBe(detail);
  else if (detail) expect(text).toMatch(detail);
  return text;
}

/** A 422 in the FastAPI shape that lists (at least) the expected violations. */
export function expectValidation(response: request.Response, expected: ExpectedViolation[]): TeamSchemas['ValidationError'][] {
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  expectJson(response);
  const body = response.body as { detail: TeamSchemas['ValidationError'][] };
  expect(Object.keys(body)).toEqual(['detail']);
  expect(Array.isArray(body.detail)).toBe(true);
  for (const item of body.detail) {
    expect(item).toEqual({ loc: expect.any(Array), msg: expect.any(String), type: expect.any(String) });
  }
  for (const violation of expected) {
    const { msg, ...rest } = violation;
    const match = expect.objectContaining({ ...rest, ...(msg === undefined ? {} : { msg: typeof msg === 'string' ? msg : expect.stringMatching(msg) }) });
    expect(body.detail, `a violation at ${JSON.stringify(violation.loc)}`).toContainEqual(match);
  }
  return body.detail;
}

/** A 422 whose violations are all at these locations, in this order (a location may have several). */
export function expectOnlyViolations(response: request.Response, locs: (string | number)[][]): TeamSchemas['ValidationError'][] {
  const detail = expectValidation(response, locs.map((loc) => ({ loc })));
  const distinct = detail.map((item) => JSON.stringify(item.loc)).filter((loc, i, all) => all.indexOf(loc) === i);
  expect(distinct.map((loc) => JSON.parse(loc) as unknown)).toEqual(locs);
  return detail;
}

/** A successful answer with its status. */
export function expectStatus<T = unknown>(response: request.Response, status: number): T {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expectJson(response);
  return response.body as T;
}

// ---- fixtures (through the API) ----------------------------------------------------------------

export async function createUser(
  server: TestServer,
  body: Partial<TeamSchemas['CreateUserRequest']> = {},
  key: string = server.apiKey,
): Promise<TeamSchemas['ClientFacingUser']> {
  const response = await teamApi(server, key).post('/v2/user').send({ client_user_id: uniqueName('patient'), ...body });
  return expectStatus(response, 200);
}

export async function getUser(server: TestServer, userId: string, key: string = server.apiKey): Promise<TeamSchemas['ClientFacingUser']> {
  return expectStatus(await teamApi(server, key).get(`/v2/user/${userId}`), 200);
}

export async function connectDemo(server: TestServer, userId: string, provider: string, key: string = server.apiKey): Promise<void> {
  const response = await teamApi(server, key).post('/v2/link/connect/demo').send({ user_id: userId, provider });
  expect(expectStatus(response, 200)).toEqual({ success: true, detail: expect.any(String) });
}

export interface OtherTeam {
  team: ManagementSchemas['TeamListItem'];
  apiKey: string;
}

/** A new team of the sandbox org with its own key, made through the management API. */
export async function createTeamWithKey(server: TestServer, body: Partial<ManagementSchemas['CreateTeamRequest']> = {}): Promise<OtherTeam> {
  const api = managementApi(server);
  const team = expectStatus<ManagementSchemas['TeamListItem']>(
    await api.post(`/v1/org/${server.orgId}/team`).send({ name: uniqueName('Team'), ...body }),
    200,
  );
  const key = expectStatus<ManagementSchemas['TeamApiKey']>(await api.post(`/v1/org/${server.orgId}/team/${team.id}/api_key`).send({}), 200);
  return { team, apiKey: key.key };
}

/** Another organization with its own management key (straight in the database: there is no API for orgs). */
export async function createOrgWithKey(server: TestServer): Promise<{ orgId: string; managementKey: string }> {
  const org = await createOrg(server.db, { name: uniqueName('Org') });
  const managementKey = `mg_test_${randomUUID().replace(/-/g, '')}`;
  await createManagementKey(server.db, { org_id: org.id, key_hash: hashSecret(managementKey) });
  return { orgId: org.id, managementKey };
}

/** The conformance sample (scripts/conformance/values.ts) without the optional race, ethnicity, sexual_orientation and gender_identity. */
export const userInfoBody = (overrides: Partial<TeamSchemas['UserInfoCreateRequest']> = {}): TeamSchemas['UserInfoCreateRequest'] => {
  const { race: _race, ethnicity: _ethnicity, sexual_orientation: _orientation, gender_identity: _identity, ...body } = sampleUserInfoBody();
  return { ...body, ...overrides };
};

/** The address of the conformance sample insured person. */
export const insuranceAddress = (overrides: Partial<TeamSchemas['InsuranceAddress']> = {}): TeamSchemas['InsuranceAddress'] => ({
  ...sampleInsuranceBody().insured.address,
  ...overrides,
});

/** The conformance sample insured person. */
export const insuredPerson = (overrides: Partial<TeamSchemas['PersonDetails']> = {}): TeamSchemas['PersonDetails'] => ({
  ...sampleInsuranceBody().insured,
  address: insuranceAddress(),
  ...overrides,
});

/** The conformance sample insurance without is_primary (so the server's default applies). */
export const insuranceBody = (overrides: Partial<TeamSchemas['CreateInsuranceRequest']> = {}): TeamSchemas['CreateInsuranceRequest'] => {
  const { is_primary: _primary, insured: _insured, ...body } = sampleInsuranceBody();
  return { ...body, insured: insuredPerson(), ...overrides };
};
