/**
 * Spec-driven fuzzing of both APIs on the in-process reference server: for every
 * operation of the bundles, fast-check sends requests generated from the operation's
 * parameters and body schema (arbitraries.ts, requests.ts), valid and invalid, mostly
 * with team A's valid keys. Properties of every response:
 *
 *   - it is not a 5xx;
 *   - its status is documented for the operation it reached (or is the generic 404, 405
 *     or 413 in the `{"detail": string}` shape), it is application/json, and its body
 *     is valid against the documented schema of that status;
 *
 * and, over the whole run, no request changed team B (another organization, seeded
 * with users, connections, info, insurance, an endpoint...): its state read through the
 * API with its own keys is the same after as before.
 *
 * FUZZ_RUNS (default 5000) is the number of requests across all operations; FUZZ_SEED
 * replays a run. A failure prints the shrunk request (method, URL, headers, body).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../scripts/conformance/operations/index.js';
import { SpecIndex } from '../../scripts/conformance/spec.js';
import { type ApiName, readBundle } from '../../scripts/conformance/openapi.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { engines, SETUP_TIMEOUT_MS } from '../storage/helpers.js';
import { describeRequest, type FuzzRequest, RequestArbitraries } from './requests.js';
import { seedTeam } from '../../scripts/conformance/seed.js';
import { STANDARD_WALK_IN_LAB_TEST } from '../../scripts/conformance/values.js';
import { createOrganization, type SeededTeam, snapshotTeam } from './world.js';
import { parseJsonText } from '../helpers/json-text.js';

const TOTAL_RUNS = Number(process.env.FUZZ_RUNS || 5000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const spec = new SpecIndex();
const operations = spec.operations;
const runsPerOperation = Math.ceil(TOTAL_RUNS / operations.length);
const engine = engines[0]!;
/** Each operation's own value pools (deleteUser and deleteWebhookEndpoint get A's disposable ones and B's...) come from its definition. */
const definitions = new Map(OPERATIONS.map((definition) => [`${definition.api} ${definition.operationId}`, definition]));

interface Stats {
  requests: number;
  byStatus: Map<number, number>;
  /** 2xx answers per operation. */
  successes: Map<string, number>;
  byOperation: Map<string, number>;
  mutated: number;
  ms: number;
}

describe(`fuzz: both APIs on the reference server (${engine.label}), ${runsPerOperation} requests per operation`, () => {
  let server: TestServer;
  let a: SeededTeam;
  let b: SeededTeam;
  let teamBefore: unknown;
  let arbitraries: Record<ApiName, RequestArbitraries>;
  let pools: Record<string, readonly unknown[]>;
  const stats: Stats = { requests: 0, byStatus: new Map(), successes: new Map(), byOperation: new Map(), mutated: 0, ms: 0 };

  beforeAll(async () => {
    // No bulk pull completes without a worker: a short wait keeps wait_for_completion fast.
    server = await startTestServer(engine, { bulkWaitWindowMs: 20 });
    a = await seedTeam(server, { orgId: server.orgId, teamId: server.teamId, apiKey: server.apiKey, managementKey: server.managementKey }, 'fuzz-a');
    b = await seedTeam(server, await createOrganization(server, 'fuzzb'), 'fuzz-b');
    teamBefore = await snapshotTeam(server, b);

    const ids = (users: { user_id: string }[]) => users.map((user) => user.user_id);
    // A's values more often than B's, so that most requests reach a handler.
    pools = {
      user_id: [...ids(a.users), ...ids(a.users), ...ids(b.users), ...ids(b.disposableUsers)],
      'user_ids[]': [...ids(a.users), ...ids(a.users), ...ids(b.users)],
      client_user_id: [...a.users, ...a.users, ...b.users].map((user) => user.client_user_id),
      org_id: [a.orgId, a.orgId, a.orgId, b.orgId],
      team_id: [a.teamId, a.teamId, a.teamId, b.teamId],
      key_id: [...a.spareKeyIds, ...b.spareKeyIds],
      endpoint_id: [...a.endpointIds, ...b.endpointIds],
      'delivery_ids[]': [...a.deliveryIds, ...b.deliveryIds],
      'x-vital-link-token': [...a.linkTokens, ...b.linkTokens],
      // Only A's: a sign-in token is its own credential, and B's would rightly connect B's user.
      sign_in_token: a.signInTokens,
      next_cursor: a.cursors,
      // Values the domain rules accept, where random text almost never is one.
      provider: ['oura', 'fitbit', 'strava', 'withings', 'apple_health_kit', 'health_connect'],
      payor_code: ['AETNA', 'CIGNA', 'UHC', 'MEDICARE', 'MEDFED', 'MAIDFED', 'MEDICAID_CA'],
      state: ['CA', 'NY', 'TX', 'FL', 'DC'],
      fallback_time_zone: ['Europe/London', 'America/New_York', 'UTC', 'Asia/Kolkata'],
      historical_days: [1, 7, 14, 30],
      url: ['https://hooks.example.com/fuzz', 'http://127.0.0.1:9/hooks', 'http://localhost/hooks'],
      lab_test_ids: [[STANDARD_WALK_IN_LAB_TEST]],
    };
    arbitraries = {
      team: new RequestArbitraries('team', readBundle('team'), { valid: a.apiKey, otherKind: a.managementKey, revoked: a.revokedKey }, { pools }),
      management: new RequestArbitraries('management', readBundle('management'), { valid: a.managementKey, otherKind: a.apiKey, revoked: a.revokedKey }, { pools }),
    };
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await server?.close();
    const statuses = [...stats.byStatus.entries()].sort(([x], [y]) => x - y).map(([status, count]) => `${status}: ${count}`);
    const successes = operations.map(({ api, operationId }) => `${operationId} ${stats.successes.get(`${api} ${operationId}`) ?? 0}`);
    console.log(
      `fuzz: ${stats.requests} requests (${stats.mutated} with a mutation) in ${(stats.ms / 1000).toFixed(1)} s, ${Math.round(stats.requests / (stats.ms / 1000))}/s; ${statuses.join(', ')}\n2xx per operation: ${successes.join(', ')}`,
    );
  });

  /** Sends a request and returns what breaks the properties (empty when nothing does). */
  async function send(request: FuzzRequest): Promise<string[]> {
    const base = request.api === 'team' ? server.teamUrl : server.managementUrl;
    const url = new URL(`${base}${request.url}`);
    const started = performance.now();
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, { method: request.method, headers: request.headers, ...(request.body !== undefined && { body: request.body }) });
      text = await response.text();
    } catch (error) {
      return [`no answer: ${error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ''}` : String(error)}`];
    } finally {
      stats.ms += performance.now() - started;
    }
    stats.requests++;
    if (request.mutations.length) stats.mutated++;
    stats.byStatus.set(response.status, (stats.byStatus.get(response.status) ?? 0) + 1);
    if (response.status < 300) stats.successes.set(`${request.api} ${request.operationId}`, (stats.successes.get(`${request.api} ${request.operationId}`) ?? 0) + 1);
    const { body, json } = parseJsonText(text);
    return spec.checkResponse(
      { api: request.api, method: request.method, path: url.pathname, status: response.status, contentType: response.headers.get('content-type'), body, json },
      { allowGeneric: true },
    );
  }

  for (const operation of operations) {
    const name = `${operation.api} ${operation.operationId}`;
    it(`${name}: no 5xx, only documented statuses, every body valid against the spec`, async () => {
      const operationPools = { ...pools, ...definitions.get(`${operation.api} ${operation.operationId}`)?.fuzzPools?.(a, b) };
      const requests = arbitraries[operation.api].forOperation(operation, operationPools);
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          sent++;
          const problems = await send(request);
          if (problems.length > 0) throw new Error(`${problems.join('\n')}\nrequest: ${describeRequest(request)}`);
        }),
        { numRuns: runsPerOperation, ...(SEED !== undefined && { seed: SEED }) },
      );
      stats.byOperation.set(name, sent);
      expect(sent).toBeGreaterThanOrEqual(runsPerOperation);
    }, 300_000);
  }

  it(`when every operation has been fuzzed, then at least ${TOTAL_RUNS} requests were sent`, () => {
    expect([...stats.byOperation.keys()].sort()).toEqual(operations.map(({ api, operationId }) => `${api} ${operationId}`).sort());
    expect(stats.requests).toBeGreaterThanOrEqual(TOTAL_RUNS);
  });

  it("when every request has been sent, then the other organization's team B is unchanged", async () => {
    expect(await snapshotTeam(server, b)).toEqual(teamBefore);
  }, 60_000);
});
