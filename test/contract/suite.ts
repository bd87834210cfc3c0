/**
 * The contract suite: written once with the typed client, run against the mock
 * (test/contract/mock.test.ts) and against the reference server.
 *
 * For every operation of both documents it checks the success path and the
 * documented errors (422 with the FastAPI `loc`, 401 without a key, ...), and
 * validates every response body against the documented schema. Success paths are
 * flows: ids come from earlier calls (create a user, then use its `user_id`), so
 * the same code works on a stateful server. On the mock a success is the first
 * named example of the lowest documented 2xx response (what Prism serves); on a
 * server it is any documented 2xx with a body valid against its schema. Checks
 * only a stateful server can pass are skipped on the mock, with the reason in
 * their name. An operation of the documents without a `describe` here fails the
 * suite, so a new operation cannot ship without its contract test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insuranceBody, invalid, NOT_A_UUID, ORDER_SET, UNKNOWN_ID, userInfoBody } from '../../scripts/conformance/values.js';
import {
  createManagementClient,
  createTeamClient,
  LINK_TOKEN_HEADER,
  type ManagementClient,
  type ManagementSchemas,
  type TeamClient,
  type TeamSchemas,
} from '../../server/client/index.js';
import { type ApiName, ContractDocuments } from '../../scripts/conformance/openapi.js';

export interface ContractEnvironment {
  teamBaseUrl: string;
  managementBaseUrl: string;
  /** A team API key of a team of `orgId`. */
  apiKey: string;
  /** The management key of `orgId`. */
  managementKey: string;
  orgId: string;
  close(): Promise<void>;
}

export interface ContractTarget {
  name: string;
  kind: 'mock' | 'server';
  setup(): Promise<ContractEnvironment>;
}

/** What openapi-fetch returns, whatever the operation. */
interface Outcome {
  data?: unknown;
  error?: unknown;
  response: Response;
}

interface ValidationErrorItem {
  loc: (string | number)[];
  msg: string;
  type: string;
}

type Loc = (string | number)[];

export function defineContractSuite(target: ContractTarget): void {
  const documents = new ContractDocuments();
  const isMock = target.kind === 'mock';
  const covered = new Set<string>();
  const runId = randomLetters(8);

  let environment: ContractEnvironment | undefined;
  let team: TeamClient;
  let teamWithoutKey: TeamClient;
  let management: ManagementClient;
  let managementWithoutKey: ManagementClient;
  const env = () => {
    if (!environment) throw new Error('The contract target was not set up.');
    return environment;
  };

  // ---- assertions -----------------------------------------------------------------------

  /** A documented success: the first example on the mock, a schema-valid documented 2xx on a server. */
  function expectSuccess<T>(api: ApiName, operationId: string, outcome: Outcome): T {
    const statuses = documents.successStatuses(api, operationId);
    const status = outcome.response.status;
    const body = outcome.data ?? outcome.error;
    if (isMock) {
      expect({ status, body }).toEqual({ status: statuses[0], body: documents.firstExample(api, operationId, statuses[0] as number) });
    } else {
      expect(statuses, `status ${status}, body ${JSON.stringify(body)}`).toContain(status);
    }
    expect(documents.validateResponse(api, operationId, status, body), `body of ${status} against its schema`).toEqual([]);
    return body as T;
  }

  /** A documented error status with a body valid against that response's schema. */
  function expectError<T>(api: ApiName, operationId: string, outcome: Outcome, status: number): T {
    const body = outcome.error ?? outcome.data;
    expect({ status: outcome.response.status, body }).toEqual({ status, body: expect.anything() });
    expect(outcome.response.headers.get('content-type') ?? '').toMatch(/^application\/json/);
    expect(documents.validateResponse(api, operationId, status, body), `body of ${status} against its schema`).toEqual([]);
    return body as T;
  }

  /** 422 naming each expected location (and type, when given); other violations may be listed too. */
  function expectValidationError(api: ApiName, operationId: string, outcome: Outcome, expected: { loc: Loc; type?: string }[]) {
    const body = expectError<{ detail: ValidationErrorItem[] }>(api, operationId, outcome, 422);
    for (const item of expected) {
      expect(body.detail, `violation at ${JSON.stringify(item.loc)}`).toContainEqual(expect.objectContaining(item));
    }
  }

  /** 401 `{"detail": string}`; on the mock, exactly the documented text for a missing key. */
  function expectMissingKey(api: ApiName, operationId: string, outcome: Outcome) {
    const body = expectError<{ detail: string }>(api, operationId, outcome, 401);
    expect(typeof body.detail).toBe('string');
    if (isMock) {
      const example = documents.response(api, operationId, 401).examples.find((candidate) => candidate.name === 'missing_key');
      expect(body).toEqual(example?.value);
    }
  }

  // ---- fixtures: created once per run, from earlier calls ----------------------------------

  const once = <T>(make: () => Promise<T>) => {
    let made: Promise<T> | undefined;
    return () => (made ??= make());
  };
  let fixtureCount = 0;
  const newClientUserId = () => `contract-${runId}-${randomLetters(4)}-${++fixtureCount}`;

  const createUser = async (clientUserId = newClientUserId()) => {
    const outcome = await team.POST('/v2/user', { body: { client_user_id: clientUserId, fallback_time_zone: 'Europe/London' } });
    return { outcome, clientUserId };
  };
  const user = once(async () => {
    const { outcome, clientUserId } = await createUser();
    return { ...expectSuccess<TeamSchemas['ClientFacingUser']>('team', 'createUser', outcome), sentClientUserId: clientUserId };
  });
  const linkToken = once(async () => {
    const { user_id } = await user();
    return expectSuccess<TeamSchemas['LinkToken']>('team', 'createLinkToken', await team.POST('/v2/link/token', { body: { user_id } }));
  });
  const newTeam = once(async () => {
    const outcome = await management.POST('/v1/org/{org_id}/team', {
      params: { path: { org_id: env().orgId } },
      body: { name: `Contract ${runId}`, region: 'eu' },
    });
    return expectSuccess<ManagementSchemas['TeamListItem']>('management', 'createTeam', outcome);
  });

  /** Groups the tests of one operation, and records that it has some. */
  function operation(api: ApiName, operationId: string, tests: () => void) {
    const { method, path } = documents.operation(api, operationId);
    covered.add(`${api} ${operationId}`);
    describe(`${api} ${operationId} (${method.toUpperCase()} ${path})`, tests);
  }

  describe(`contract: ${target.name} (${target.kind})`, () => {
    beforeAll(async () => {
      environment = await target.setup();
      team = createTeamClient({ baseUrl: environment.teamBaseUrl, apiKey: environment.apiKey });
      teamWithoutKey = createTeamClient({ baseUrl: environment.teamBaseUrl });
      management = createManagementClient({ baseUrl: environment.managementBaseUrl, managementKey: environment.managementKey });
      managementWithoutKey = createManagementClient({ baseUrl: environment.managementBaseUrl });
    }, 120_000);

    afterAll(async () => {
      await environment?.close();
    });

    it('when the bundled documents are read, then every operation has a contract test', () => {
      const operations = documents.operations.map(({ api, operationId }) => `${api} ${operationId}`);
      expect(operations.filter((name) => !covered.has(name)), 'operations without a contract test').toEqual([]);
      expect(operations.length).toBeGreaterThan(0);
    });

    it('when a path matches no operation, then both APIs answer 404 {"detail": "Not Found"}', async () => {
      for (const [baseUrl, headers] of [
        [env().teamBaseUrl, { 'x-vital-api-key': env().apiKey }],
        [env().managementBaseUrl, { 'X-Management-Key': env().managementKey }],
      ] as const) {
        const response = await fetch(`${baseUrl}/v2/no_such_route`, { headers });
        expect({ status: response.status, body: await response.json() }).toEqual({ status: 404, body: { detail: 'Not Found' } });
      }
    });

    // ---- team API: users -----------------------------------------------------------------

    operation('team', 'createUser', () => {
      it('when a user is created with a new client user id, then it answers the user record', async () => {
        const created = await user();
        if (!isMock) expect(created.client_user_id).toBe(created.sentClientUserId);
      });

      it('when client_user_id is missing, then 422 names ["body", "client_user_id"]', async () => {
        const outcome = await team.POST('/v2/user', { body: invalid({ fallback_time_zone: 'Europe/London' }) });
        expectValidationError('team', 'createUser', outcome, [{ loc: ['body', 'client_user_id'], type: 'missing' }]);
      });

      it('when the body is not valid JSON, then 422 with loc ["body"] and type json_invalid', async () => {
        const outcome = await team.POST('/v2/user', { body: { client_user_id: 'x' }, bodySerializer: () => '{"client_user_id": ' });
        expectValidationError('team', 'createUser', outcome, [{ loc: ['body'], type: 'json_invalid' }]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        expectMissingKey('team', 'createUser', await teamWithoutKey.POST('/v2/user', { body: { client_user_id: newClientUserId() } }));
      });

      it.skipIf(isMock)('when the client user id is already used, then 400 (server only: the mock keeps no state)', async () => {
        const { sentClientUserId } = await user();
        const { outcome } = await createUser(sentClientUserId);
        expectError('team', 'createUser', outcome, 400);
      });
    });

    operation('team', 'getUser', () => {
      it('when a created user is read by its user_id, then it answers the user record', async () => {
        const { user_id } = await user();
        const read = expectSuccess<TeamSchemas['ClientFacingUser']>('team', 'getUser', await team.GET('/v2/user/{user_id}', { params: { path: { user_id } } }));
        if (!isMock) expect(read.user_id).toBe(user_id);
      });

      it('when user_id is not a UUID, then 422 names ["path", "user_id"]', async () => {
        const outcome = await team.GET('/v2/user/{user_id}', { params: { path: { user_id: NOT_A_UUID } } });
        expectValidationError('team', 'getUser', outcome, [{ loc: ['path', 'user_id'], type: 'format' }]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        expectMissingKey('team', 'getUser', await teamWithoutKey.GET('/v2/user/{user_id}', { params: { path: { user_id: UNKNOWN_ID } } }));
      });

      it.skipIf(isMock)('when no user has the user_id, then 404 (server only: the mock answers every valid id)', async () => {
        expectError('team', 'getUser', await team.GET('/v2/user/{user_id}', { params: { path: { user_id: UNKNOWN_ID } } }), 404);
      });
    });

    operation('team', 'deleteUser', () => {
      it('when a user created for the purpose is deleted, then it answers success', async () => {
        const { outcome } = await createUser();
        const { user_id } = expectSuccess<TeamSchemas['ClientFacingUser']>('team', 'createUser', outcome);
        expectSuccess('team', 'deleteUser', await team.DELETE('/v2/user/{user_id}', { params: { path: { user_id } } }));
        if (!isMock) expectError('team', 'getUser', await team.GET('/v2/user/{user_id}', { params: { path: { user_id } } }), 404);
      });

      it('when user_id is not a UUID, then 422 names ["path", "user_id"]', async () => {
        const outcome = await team.DELETE('/v2/user/{user_id}', { params: { path: { user_id: NOT_A_UUID } } });
        expectValidationError('team', 'deleteUser', outcome, [{ loc: ['path', 'user_id'], type: 'format' }]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        expectMissingKey('team', 'deleteUser', await teamWithoutKey.DELETE('/v2/user/{user_id}', { params: { path: { user_id: UNKNOWN_ID } } }));
      });

      it.skipIf(isMock)('when no user has the user_id, then 404 (server only: the mock answers every valid id)', async () => {
        expectError('team', 'deleteUser', await team.DELETE('/v2/user/{user_id}', { params: { path: { user_id: UNKNOWN_ID } } }), 404);
      });
    });

    operation('team', 'resolveUser', () => {
      it('when a created user is resolved by its client user id, then it answers that user', async () => {
        const created = await user();
        const outcome = await team.GET('/v2/user/resolve/{client_user_id}', { params: { path: { client_user_id: created.sentClientUserId } } });
        const resolved = expectSuccess<TeamSchemas['ClientFacingUser']>('team', 'resolveUser', outcome);
        if (!isMock) expect(resolved.user_id).toBe(created.user_id);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        const outcome = await teamWithoutKey.GET('/v2/user/resolve/{client_user_id}', { params: { path: { client_user_id: 'patient-000123' } } });
        expectMissingKey('team', 'resolveUser', outcome);
      });

      it.skipIf(isMock)('when no user has the client user id, then 404 (server only: the mock keeps no state)', async () => {
        const outcome = await team.GET('/v2/user/resolve/{client_user_id}', { params: { path: { client_user_id: `unknown-${runId}` } } });
        expectError('team', 'resolveUser', outcome, 404);
      });
    });

    operation('team', 'createInsurance', () => {
      it('when insurance with a commercial payor is created for a user, then it answers the record with its company', async () => {
        const { user_id } = await user();
        const outcome = await team.POST('/v2/user/{user_id}/insurance', { params: { path: { user_id } }, body: insuranceBody() });
        const stored = expectSuccess<TeamSchemas['ClientFacingInsurance']>('team', 'createInsurance', outcome);
        if (!isMock) expect(stored).toMatchObject({ payor_code: 'AETNA', member_id: 'W123456789', is_primary: true });
      });

      it('when member_id and insured.dob are missing, then 422 lists both', async () => {
        const { user_id } = await user();
        const { member_id: _member, insured, ...rest } = insuranceBody();
        const { dob: _dob, ...insuredWithoutDob } = insured;
        const outcome = await team.POST('/v2/user/{user_id}/insurance', {
          params: { path: { user_id } },
          body: invalid({ ...rest, insured: insuredWithoutDob }),
        });
        expectValidationError('team', 'createInsurance', outcome, [
          { loc: ['body', 'member_id'], type: 'missing' },
          { loc: ['body', 'insured', 'dob'], type: 'missing' },
        ]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        const outcome = await teamWithoutKey.POST('/v2/user/{user_id}/insurance', { params: { path: { user_id: UNKNOWN_ID } }, body: insuranceBody() });
        expectMissingKey('team', 'createInsurance', outcome);
      });

      it.skipIf(isMock)('when no user has the user_id, then 404 (server only: the mock answers every id)', async () => {
        const outcome = await team.POST('/v2/user/{user_id}/insurance', { params: { path: { user_id: NOT_A_UUID } }, body: insuranceBody() });
        expectError('team', 'createInsurance', outcome, 404);
      });
    });

    operation('team', 'updateUserInfo', () => {
      it('when the info of a user is stored, then it answers the info as stored', async () => {
        const { user_id } = await user();
        const outcome = await team.PATCH('/v2/user/{user_id}/info', { params: { path: { user_id } }, body: userInfoBody() });
        const stored = expectSuccess<TeamSchemas['UserInfo']>('team', 'updateUserInfo', outcome);
        if (!isMock) expect(stored).toMatchObject({ first_name: 'Anne-Marie', last_name: "O'Connor", email: 'anne.oconnor@example.com' });
      });

      it('when email is missing and first_name has a digit, then 422 lists both', async () => {
        const { user_id } = await user();
        const { email: _email, ...rest } = userInfoBody();
        const outcome = await team.PATCH('/v2/user/{user_id}/info', { params: { path: { user_id } }, body: invalid({ ...rest, first_name: 'Anne2' }) });
        expectValidationError('team', 'updateUserInfo', outcome, [
          { loc: ['body', 'email'], type: 'missing' },
          { loc: ['body', 'first_name'], type: 'pattern' },
        ]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        const outcome = await teamWithoutKey.PATCH('/v2/user/{user_id}/info', { params: { path: { user_id: UNKNOWN_ID } }, body: userInfoBody() });
        expectMissingKey('team', 'updateUserInfo', outcome);
      });

      it.skipIf(isMock)('when no user has the user_id, then 404 (server only: the mock answers every id)', async () => {
        const outcome = await team.PATCH('/v2/user/{user_id}/info', { params: { path: { user_id: UNKNOWN_ID } }, body: userInfoBody() });
        expectError('team', 'updateUserInfo', outcome, 404);
      });
    });

    operation('team', 'createSignInToken', () => {
      it('when a sign-in token is requested for a user, then it answers a token for that user', async () => {
        const { user_id } = await user();
        const outcome = await team.POST('/v2/user/{user_id}/sign_in_token', { params: { path: { user_id } } });
        const token = expectSuccess<TeamSchemas['SignInToken']>('team', 'createSignInToken', outcome);
        if (!isMock) expect(token.user_id).toBe(user_id);
      });

      it('when user_id is not a UUID, then 422 names ["path", "user_id"]', async () => {
        const outcome = await team.POST('/v2/user/{user_id}/sign_in_token', { params: { path: { user_id: NOT_A_UUID } } });
        expectValidationError('team', 'createSignInToken', outcome, [{ loc: ['path', 'user_id'], type: 'format' }]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        const outcome = await teamWithoutKey.POST('/v2/user/{user_id}/sign_in_token', { params: { path: { user_id: UNKNOWN_ID } } });
        expectMissingKey('team', 'createSignInToken', outcome);
      });

      it.skipIf(isMock)('when no user has the user_id, then 404 (server only: the mock answers every valid id)', async () => {
        const outcome = await team.POST('/v2/user/{user_id}/sign_in_token', { params: { path: { user_id: UNKNOWN_ID } } });
        expectError('team', 'createSignInToken', outcome, 404);
      });
    });

    operation('team', 'deregisterProvider', () => {
      it('when a demo connection to Oura is deregistered, then it answers success', async () => {
        const { user_id } = await user();
        expectSuccess('team', 'connectDemoProvider', await team.POST('/v2/link/connect/demo', { body: { user_id, provider: 'oura' } }));
        const outcome = await team.DELETE('/v2/user/{user_id}/{provider}', { params: { path: { user_id, provider: 'oura' } } });
        const result = expectSuccess<TeamSchemas['SuccessResponse']>('team', 'deregisterProvider', outcome);
        if (!isMock) expect(result.success).toBe(true);
      });

      it('when user_id is not a UUID and the provider is unknown, then 422 names both path parameters', async () => {
        const outcome = await team.DELETE('/v2/user/{user_id}/{provider}', { params: { path: { user_id: NOT_A_UUID, provider: invalid('no_such_provider') } } });
        expectValidationError('team', 'deregisterProvider', outcome, [
          { loc: ['path', 'user_id'], type: 'format' },
          { loc: ['path', 'provider'], type: 'enum' },
        ]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        const outcome = await teamWithoutKey.DELETE('/v2/user/{user_id}/{provider}', { params: { path: { user_id: UNKNOWN_ID, provider: 'oura' } } });
        expectMissingKey('team', 'deregisterProvider', outcome);
      });

      it.skipIf(isMock)('when the user has no connection to the provider, then 404 (server only: the mock keeps no state)', async () => {
        const { user_id } = await user();
        const outcome = await team.DELETE('/v2/user/{user_id}/{provider}', { params: { path: { user_id, provider: 'strava' } } });
        expectError('team', 'deregisterProvider', outcome, 404);
      });
    });

    // ---- team API: link ------------------------------------------------------------------

    operation('team', 'createLinkCode', () => {
      it('when a link code is created for a user, then it answers the code and its exchange URL', async () => {
        const { user_id } = await user();
        const code = expectSuccess<TeamSchemas['LinkCode']>('team', 'createLinkCode', await team.POST('/v2/link/code/create', { params: { query: { user_id } } }));
        if (!isMock) expect(code.exchange_url).toContain(`code=${code.code}`);
      });

      it('when user_id is missing, then 422 names ["query", "user_id"]', async () => {
        const outcome = await team.POST('/v2/link/code/create', { params: { query: invalid({}) } });
        expectValidationError('team', 'createLinkCode', outcome, [{ loc: ['query', 'user_id'], type: 'missing' }]);
      });

      it('when user_id is not a UUID, then 422 names ["query", "user_id"]', async () => {
        const outcome = await team.POST('/v2/link/code/create', { params: { query: { user_id: NOT_A_UUID } } });
        expectValidationError('team', 'createLinkCode', outcome, [{ loc: ['query', 'user_id'], type: 'format' }]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        expectMissingKey('team', 'createLinkCode', await teamWithoutKey.POST('/v2/link/code/create', { params: { query: { user_id: UNKNOWN_ID } } }));
      });

      it.skipIf(isMock)('when expires_at is in the past, then 422 names ["query", "expires_at"] (server only: a domain rule)', async () => {
        const { user_id } = await user();
        const outcome = await team.POST('/v2/link/code/create', { params: { query: { user_id, expires_at: '2000-01-01T00:00:00Z' } } });
        expectValidationError('team', 'createLinkCode', outcome, [{ loc: ['query', 'expires_at'] }]);
      });
    });

    operation('team', 'createLinkToken', () => {
      it('when a link token is created for a user, then it answers the token', async () => {
        await linkToken();
      });

      it('when user_id is missing, then 422 names ["body", "user_id"]', async () => {
        const outcome = await team.POST('/v2/link/token', { body: invalid({ provider: 'oura' }) });
        expectValidationError('team', 'createLinkToken', outcome, [{ loc: ['body', 'user_id'], type: 'missing' }]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        expectMissingKey('team', 'createLinkToken', await teamWithoutKey.POST('/v2/link/token', { body: { user_id: UNKNOWN_ID } }));
      });
    });

    operation('team', 'bulkTriggerHistoricalPull', () => {
      it('when historical pulls are triggered for a user, then it answers the enqueued operation', async () => {
        const { user_id } = await user();
        const outcome = await team.POST('/v2/link/bulk_trigger_historical_pull', { body: { user_ids: [user_id], provider: 'oura', wait_for_completion: false } });
        expectSuccess('team', 'bulkTriggerHistoricalPull', outcome);
      });

      it('when user_ids is empty and provider is missing, then 422 lists both', async () => {
        const outcome = await team.POST('/v2/link/bulk_trigger_historical_pull', { body: invalid({ user_ids: [] }) });
        expectValidationError('team', 'bulkTriggerHistoricalPull', outcome, [
          { loc: ['body', 'user_ids'], type: 'too_short' },
          { loc: ['body', 'provider'], type: 'missing' },
        ]);
      });

      it('when a user id is not a UUID, then 422 names its index', async () => {
        const outcome = await team.POST('/v2/link/bulk_trigger_historical_pull', { body: { user_ids: [UNKNOWN_ID, NOT_A_UUID], provider: 'oura', wait_for_completion: false } });
        expectValidationError('team', 'bulkTriggerHistoricalPull', outcome, [{ loc: ['body', 'user_ids', 1], type: 'format' }]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        const outcome = await teamWithoutKey.POST('/v2/link/bulk_trigger_historical_pull', { body: { user_ids: [UNKNOWN_ID], provider: 'oura', wait_for_completion: false } });
        expectMissingKey('team', 'bulkTriggerHistoricalPull', outcome);
      });
    });

    operation('team', 'listBulkOps', () => {
      it('when bulk operations are listed, then it answers a page of them', async () => {
        expectSuccess('team', 'listBulkOps', await team.GET('/v2/link/bulk_op', { params: { query: { page_size: 10 } } }));
      });

      it('when page_size is above 50, then 422 names ["query", "page_size"]', async () => {
        const outcome = await team.GET('/v2/link/bulk_op', { params: { query: { page_size: 51 } } });
        expectValidationError('team', 'listBulkOps', outcome, [{ loc: ['query', 'page_size'], type: 'less_than_equal' }]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        expectMissingKey('team', 'listBulkOps', await teamWithoutKey.GET('/v2/link/bulk_op'));
      });
    });

    operation('team', 'connectDemoProvider', () => {
      it('when a user is connected to a demo provider, then it answers success', async () => {
        const { user_id } = await user();
        expectSuccess('team', 'connectDemoProvider', await team.POST('/v2/link/connect/demo', { body: { user_id, provider: 'fitbit' } }));
      });

      it('when user_id is not a UUID and provider is missing, then 422 lists both', async () => {
        const outcome = await team.POST('/v2/link/connect/demo', { body: invalid({ user_id: NOT_A_UUID }) });
        expectValidationError('team', 'connectDemoProvider', outcome, [
          { loc: ['body', 'user_id'], type: 'format' },
          { loc: ['body', 'provider'], type: 'missing' },
        ]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        expectMissingKey('team', 'connectDemoProvider', await teamWithoutKey.POST('/v2/link/connect/demo', { body: { user_id: UNKNOWN_ID, provider: 'oura' } }));
      });

      it.skipIf(isMock)('when no user has the user_id, then 404 (server only: the mock answers every valid id)', async () => {
        expectError('team', 'connectDemoProvider', await team.POST('/v2/link/connect/demo', { body: { user_id: UNKNOWN_ID, provider: 'oura' } }), 404);
      });
    });

    operation('team', 'connectSdkProvider', () => {
      it('when the SDK exchanges a sign-in token for Apple HealthKit, then it answers the connection', async () => {
        const { user_id } = await user();
        const token = expectSuccess<TeamSchemas['SignInToken']>('team', 'createSignInToken', await team.POST('/v2/user/{user_id}/sign_in_token', { params: { path: { user_id } } }));
        const outcome = await teamWithoutKey.POST('/v2/link/sdk/connect', { body: { sign_in_token: token.sign_in_token, provider: 'apple_health_kit' } });
        const connection = expectSuccess<TeamSchemas['SdkConnection']>('team', 'connectSdkProvider', outcome);
        if (!isMock) expect(connection).toMatchObject({ user_id, provider: 'apple_health_kit', connect_mode: 'auto' });
      });

      it('when the token is missing and the provider is not a mobile SDK provider, then 422 lists both', async () => {
        const outcome = await teamWithoutKey.POST('/v2/link/sdk/connect', { body: invalid({ provider: 'oura' }) });
        expectValidationError('team', 'connectSdkProvider', outcome, [
          { loc: ['body', 'sign_in_token'], type: 'missing' },
          { loc: ['body', 'provider'], type: 'enum' },
        ]);
      });

      it.skipIf(isMock)('when the token is unknown, then 401 (server only: the mock accepts any token)', async () => {
        const outcome = await teamWithoutKey.POST('/v2/link/sdk/connect', { body: { sign_in_token: 'sit_sk_us_unknown', provider: 'health_connect' } });
        expectError('team', 'connectSdkProvider', outcome, 401);
      });
    });

    operation('team', 'getOAuthProvider', () => {
      it('when Oura is read with a link token, then it answers its link detail', async () => {
        const { link_token } = await linkToken();
        const outcome = await team.GET('/v2/link/provider/oauth/{oauth_provider}', {
          params: { path: { oauth_provider: 'oura' }, header: { [LINK_TOKEN_HEADER]: link_token } },
        });
        const detail = expectSuccess<TeamSchemas['ProviderLinkDetail']>('team', 'getOAuthProvider', outcome);
        if (!isMock) expect(detail).toMatchObject({ slug: 'oura', oauth_url: expect.any(String) });
      });

      it.skipIf(isMock)('when Oura is read without a link token, then oauth_url is null (server only: the mock has one example)', async () => {
        const outcome = await team.GET('/v2/link/provider/oauth/{oauth_provider}', { params: { path: { oauth_provider: 'oura' } } });
        expect(expectSuccess<TeamSchemas['ProviderLinkDetail']>('team', 'getOAuthProvider', outcome).oauth_url).toBeNull();
      });

      it('when the provider is not an OAuth provider, then 422 names ["path", "oauth_provider"]', async () => {
        const outcome = await team.GET('/v2/link/provider/oauth/{oauth_provider}', { params: { path: { oauth_provider: invalid('apple_health_kit') } } });
        expectValidationError('team', 'getOAuthProvider', outcome, [{ loc: ['path', 'oauth_provider'], type: 'enum' }]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        const outcome = await teamWithoutKey.GET('/v2/link/provider/oauth/{oauth_provider}', { params: { path: { oauth_provider: 'oura' } } });
        expectMissingKey('team', 'getOAuthProvider', outcome);
      });

      it.skipIf(isMock)('when the link token is unknown, then 401 (server only: the mock accepts any token)', async () => {
        const outcome = await team.GET('/v2/link/provider/oauth/{oauth_provider}', {
          params: { path: { oauth_provider: 'oura' }, header: { [LINK_TOKEN_HEADER]: `lt_unknown_${runId}` } },
        });
        expectError('team', 'getOAuthProvider', outcome, 401);
      });
    });

    // ---- team API: catalogs --------------------------------------------------------------

    operation('team', 'listProviders', () => {
      it('when the device providers are listed, then it answers the catalog entries', async () => {
        const outcome = await team.GET('/v2/providers', { params: { query: { source_type: 'device' } } });
        const providers = expectSuccess<TeamSchemas['ProviderList']>('team', 'listProviders', outcome);
        if (!isMock) expect(providers.map((provider) => provider.slug)).toContain('oura');
      });

      it('when the path has a trailing slash, then it answers like the path without', async () => {
        const response = await fetch(`${env().teamBaseUrl}/v2/providers/?source_type=device`, { headers: { 'x-vital-api-key': env().apiKey } });
        const body: unknown = await response.json();
        const withoutSlash = await team.GET('/v2/providers', { params: { query: { source_type: 'device' } } });
        expect({ status: response.status, body }).toEqual({ status: withoutSlash.response.status, body: withoutSlash.data });
      });

      it('when the key is missing, then 401 with a detail', async () => {
        expectMissingKey('team', 'listProviders', await teamWithoutKey.GET('/v2/providers'));
      });

      it.skipIf(isMock)('when the API key is unknown, then 401 (server only: the mock accepts any key)', async () => {
        const withUnknownKey = createTeamClient({ baseUrl: env().teamBaseUrl, apiKey: `sk_us_unknown_${runId}` });
        expectError('team', 'listProviders', await withUnknownKey.GET('/v2/providers'), 401);
      });
    });

    operation('team', 'listMarkers', () => {
      it('when the markers of one lab are listed by a single lab_id, then it answers a page', async () => {
        const outcome = await team.GET('/v3/lab_tests/markers', { params: { query: { lab_id: [1], page: 1, size: 50 } } });
        const page = expectSuccess<TeamSchemas['LabMarkerPage']>('team', 'listMarkers', outcome);
        if (!isMock) expect(page).toMatchObject({ page: 1, size: 50 });
      });

      it('when size is 1000, then 422 names ["query", "size"]', async () => {
        const outcome = await team.GET('/v3/lab_tests/markers', { params: { query: { size: 1000 } } });
        expectValidationError('team', 'listMarkers', outcome, [{ loc: ['query', 'size'], type: 'less_than_equal' }]);
      });

      it('when size is 0 and page is 0, then 422 lists both', async () => {
        const outcome = await team.GET('/v3/lab_tests/markers', { params: { query: { size: 0, page: 0 } } });
        expectValidationError('team', 'listMarkers', outcome, [
          { loc: ['query', 'size'], type: 'greater_than_equal' },
          { loc: ['query', 'page'], type: 'greater_than_equal' },
        ]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        expectMissingKey('team', 'listMarkers', await teamWithoutKey.GET('/v3/lab_tests/markers'));
      });
    });

    operation('team', 'listOrderSetMarkers', () => {
      it('when the markers of an order set are listed, then it answers a page', async () => {
        const outcome = await team.POST('/v3/lab_tests/list_order_set_markers', { params: { query: { page: 1, size: 50 } }, body: ORDER_SET });
        expectSuccess('team', 'listOrderSetMarkers', outcome);
      });

      it('when size is 101, then 422 names ["query", "size"]', async () => {
        const outcome = await team.POST('/v3/lab_tests/list_order_set_markers', { params: { query: { size: 101 } }, body: ORDER_SET });
        expectValidationError('team', 'listOrderSetMarkers', outcome, [{ loc: ['query', 'size'], type: 'less_than_equal' }]);
      });

      it('when lab_test_ids is not an array, then 422 names ["body", "lab_test_ids"]', async () => {
        const outcome = await team.POST('/v3/lab_tests/list_order_set_markers', { body: invalid({ lab_test_ids: 'abc' }) });
        expectValidationError('team', 'listOrderSetMarkers', outcome, [{ loc: ['body', 'lab_test_ids'], type: 'type_error' }]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        expectMissingKey('team', 'listOrderSetMarkers', await teamWithoutKey.POST('/v3/lab_tests/list_order_set_markers', { body: ORDER_SET }));
      });
    });

    // ---- management API ------------------------------------------------------------------

    operation('management', 'listTeams', () => {
      it('when the US teams of the organization are listed by a single region, then it answers a page', async () => {
        const outcome = await management.GET('/v1/org/{org_id}/team', { params: { path: { org_id: env().orgId }, query: { region: ['us'] } } });
        const page = expectSuccess<ManagementSchemas['TeamList']>('management', 'listTeams', outcome);
        if (!isMock) expect(page.teams.every((listed) => listed.region === 'us')).toBe(true);
      });

      it('when org_id is not a UUID, then 422 names ["path", "org_id"]', async () => {
        const outcome = await management.GET('/v1/org/{org_id}/team', { params: { path: { org_id: NOT_A_UUID } } });
        expectValidationError('management', 'listTeams', outcome, [{ loc: ['path', 'org_id'], type: 'format' }]);
      });

      it('when a region is unknown, then 422 names ["query", "region", 0]', async () => {
        const outcome = await management.GET('/v1/org/{org_id}/team', { params: { path: { org_id: env().orgId }, query: { region: invalid(['mars']) } } });
        expectValidationError('management', 'listTeams', outcome, [{ loc: ['query', 'region', 0], type: 'enum' }]);
      });

      it('when search_query has a character it does not accept, then 422 names ["query", "search_query"]', async () => {
        const outcome = await management.GET('/v1/org/{org_id}/team', { params: { path: { org_id: env().orgId }, query: { search_query: '<script>' } } });
        expectValidationError('management', 'listTeams', outcome, [{ loc: ['query', 'search_query'], type: 'pattern' }]);
      });

      it('when search_query is longer than 80 characters, then 422 names ["query", "search_query"]', async () => {
        const outcome = await management.GET('/v1/org/{org_id}/team', { params: { path: { org_id: env().orgId }, query: { search_query: 'a'.repeat(81) } } });
        expectValidationError('management', 'listTeams', outcome, [{ loc: ['query', 'search_query'], type: 'too_long' }]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        expectMissingKey('management', 'listTeams', await managementWithoutKey.GET('/v1/org/{org_id}/team', { params: { path: { org_id: env().orgId } } }));
      });

      it.skipIf(isMock)('when a team API key is sent instead, then 403 (server only: the mock accepts any key)', async () => {
        const withTeamKey = createManagementClient({ baseUrl: env().managementBaseUrl, headers: { 'X-Management-Key': env().apiKey } });
        expectError('management', 'listTeams', await withTeamKey.GET('/v1/org/{org_id}/team', { params: { path: { org_id: env().orgId } } }), 403);
      });

      it.skipIf(isMock)('when the management key is unknown, then 401 (server only: the mock accepts any key)', async () => {
        const withUnknownKey = createManagementClient({ baseUrl: env().managementBaseUrl, managementKey: `mg_unknown_${runId}` });
        expectError('management', 'listTeams', await withUnknownKey.GET('/v1/org/{org_id}/team', { params: { path: { org_id: env().orgId } } }), 401);
      });
    });

    operation('management', 'createTeam', () => {
      it('when a team is created in the EU region, then it answers the team', async () => {
        const created = await newTeam();
        if (!isMock) expect(created).toMatchObject({ name: `Contract ${runId}`, region: 'eu' });
      });

      it('when name is missing, then 422 names ["body", "name"]', async () => {
        const outcome = await management.POST('/v1/org/{org_id}/team', { params: { path: { org_id: env().orgId } }, body: invalid({ region: 'us' }) });
        expectValidationError('management', 'createTeam', outcome, [{ loc: ['body', 'name'], type: 'missing' }]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        const outcome = await managementWithoutKey.POST('/v1/org/{org_id}/team', { params: { path: { org_id: env().orgId } }, body: { name: 'No key' } });
        expectMissingKey('management', 'createTeam', outcome);
      });
    });

    operation('management', 'createTeamApiKey', () => {
      it('when a key is created for a new team, then it answers the key', async () => {
        const { id: team_id } = await newTeam();
        const outcome = await management.POST('/v1/org/{org_id}/team/{team_id}/api_key', {
          params: { path: { org_id: env().orgId, team_id } },
          body: { label: 'contract tests' },
        });
        const created = expectSuccess<ManagementSchemas['TeamApiKey']>('management', 'createTeamApiKey', outcome);
        if (!isMock) expect(created.team_id).toBe(team_id);
      });

      it.skipIf(isMock)('when the new key is used on the team API, then it is accepted (server only: the mock accepts any key)', async () => {
        const { id: team_id } = await newTeam();
        const outcome = await management.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path: { org_id: env().orgId, team_id } }, body: {} });
        const { key } = expectSuccess<ManagementSchemas['TeamApiKey']>('management', 'createTeamApiKey', outcome);
        expectSuccess('team', 'listProviders', await createTeamClient({ baseUrl: env().teamBaseUrl, apiKey: key }).GET('/v2/providers'));
      });

      it('when team_id is not a UUID and label is too long, then 422 lists both', async () => {
        const outcome = await management.POST('/v1/org/{org_id}/team/{team_id}/api_key', {
          params: { path: { org_id: env().orgId, team_id: NOT_A_UUID } },
          body: { label: 'x'.repeat(81) },
        });
        expectValidationError('management', 'createTeamApiKey', outcome, [
          { loc: ['path', 'team_id'], type: 'format' },
          { loc: ['body', 'label'], type: 'too_long' },
        ]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        const outcome = await managementWithoutKey.POST('/v1/org/{org_id}/team/{team_id}/api_key', {
          params: { path: { org_id: env().orgId, team_id: UNKNOWN_ID } },
          body: {},
        });
        expectMissingKey('management', 'createTeamApiKey', outcome);
      });
    });

    operation('management', 'updateTeam', () => {
      it('when link migration is enabled for a team, then it answers the team with the setting', async () => {
        const { id: team_id } = await newTeam();
        const outcome = await management.PATCH('/v1/org/{org_id}/team/{team_id}', { params: { path: { org_id: env().orgId, team_id } }, body: { link_migration_enabled: true } });
        const updated = expectSuccess<ManagementSchemas['TeamDetail']>('management', 'updateTeam', outcome);
        if (!isMock) expect(updated).toMatchObject({ id: team_id, link_migration_enabled: true });
      });

      it('when team_id is not a UUID and the setting is not a boolean, then 422 lists both', async () => {
        const outcome = await management.PATCH('/v1/org/{org_id}/team/{team_id}', {
          params: { path: { org_id: env().orgId, team_id: NOT_A_UUID } },
          body: invalid({ link_migration_enabled: 'yes' }),
        });
        expectValidationError('management', 'updateTeam', outcome, [
          { loc: ['path', 'team_id'], type: 'format' },
          { loc: ['body', 'link_migration_enabled'], type: 'type_error' },
        ]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        const outcome = await managementWithoutKey.PATCH('/v1/org/{org_id}/team/{team_id}', { params: { path: { org_id: env().orgId, team_id: UNKNOWN_ID } }, body: {} });
        expectMissingKey('management', 'updateTeam', outcome);
      });

      it.skipIf(isMock)('when no team has the team_id, then 404 (server only: the mock answers every valid id)', async () => {
        const outcome = await management.PATCH('/v1/org/{org_id}/team/{team_id}', { params: { path: { org_id: env().orgId, team_id: UNKNOWN_ID } }, body: { link_migration_enabled: false } });
        expectError('management', 'updateTeam', outcome, 404);
      });
    });

    operation('management', 'revokeTeamApiKey', () => {
      it('when a key of a team is revoked, then it answers success', async () => {
        const { id: team_id } = await newTeam();
        const created = expectSuccess<ManagementSchemas['TeamApiKey']>(
          'management',
          'createTeamApiKey',
          await management.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path: { org_id: env().orgId, team_id } }, body: { label: 'to revoke' } }),
        );
        const outcome = await management.DELETE('/v1/org/{org_id}/team/{team_id}/api_key/{key_id}', { params: { path: { org_id: env().orgId, team_id, key_id: created.id } } });
        expectSuccess('management', 'revokeTeamApiKey', outcome);
        if (!isMock) expectError('team', 'listProviders', await createTeamClient({ baseUrl: env().teamBaseUrl, apiKey: created.key }).GET('/v2/providers'), 401);
      });

      it('when key_id is not a UUID, then 422 names ["path", "key_id"]', async () => {
        const outcome = await management.DELETE('/v1/org/{org_id}/team/{team_id}/api_key/{key_id}', { params: { path: { org_id: env().orgId, team_id: UNKNOWN_ID, key_id: NOT_A_UUID } } });
        expectValidationError('management', 'revokeTeamApiKey', outcome, [{ loc: ['path', 'key_id'], type: 'format' }]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        const outcome = await managementWithoutKey.DELETE('/v1/org/{org_id}/team/{team_id}/api_key/{key_id}', { params: { path: { org_id: env().orgId, team_id: UNKNOWN_ID, key_id: UNKNOWN_ID } } });
        expectMissingKey('management', 'revokeTeamApiKey', outcome);
      });

      it.skipIf(isMock)('when the team has no such key, then 404 (server only: the mock answers every valid id)', async () => {
        const { id: team_id } = await newTeam();
        const outcome = await management.DELETE('/v1/org/{org_id}/team/{team_id}/api_key/{key_id}', { params: { path: { org_id: env().orgId, team_id, key_id: UNKNOWN_ID } } });
        expectError('management', 'revokeTeamApiKey', outcome, 404);
      });
    });

    operation('management', 'setDataPullPreference', () => {
      it('when a team sets 90 days for Oura, then it answers the preference', async () => {
        const { id: team_id } = await newTeam();
        const outcome = await management.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', {
          params: { path: { org_id: env().orgId, team_id, provider: 'oura' } },
          body: { historical_days: 90 },
        });
        const preference = expectSuccess<ManagementSchemas['DataPullPreference']>('management', 'setDataPullPreference', outcome);
        if (!isMock) expect(preference).toEqual({ provider: 'oura', historical_days: 90 });
      });

      it('when the provider is unknown and historical_days is 0, then 422 lists both', async () => {
        const outcome = await management.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', {
          params: { path: { org_id: env().orgId, team_id: UNKNOWN_ID, provider: invalid('nope') } },
          body: { historical_days: 0 },
        });
        expectValidationError('management', 'setDataPullPreference', outcome, [
          { loc: ['path', 'provider'], type: 'enum' },
          { loc: ['body', 'historical_days'], type: 'greater_than_equal' },
        ]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        const outcome = await managementWithoutKey.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', {
          params: { path: { org_id: env().orgId, team_id: UNKNOWN_ID, provider: 'oura' } },
          body: { historical_days: 30 },
        });
        expectMissingKey('management', 'setDataPullPreference', outcome);
      });
    });

    operation('management', 'listDataPullPreferences', () => {
      it("when a team's preferences are listed, then it answers them with the default", async () => {
        const { id: team_id } = await newTeam();
        await management.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', { params: { path: { org_id: env().orgId, team_id, provider: 'oura' } }, body: { historical_days: 90 } });
        const outcome = await management.GET('/v1/org/{org_id}/team/{team_id}/data_pull_preferences', { params: { path: { org_id: env().orgId, team_id } } });
        const preferences = expectSuccess<ManagementSchemas['DataPullPreferences']>('management', 'listDataPullPreferences', outcome);
        if (!isMock) expect(preferences.preferences).toContainEqual({ provider: 'oura', historical_days: 90 });
      });

      it('when team_id is not a UUID, then 422 names ["path", "team_id"]', async () => {
        const outcome = await management.GET('/v1/org/{org_id}/team/{team_id}/data_pull_preferences', { params: { path: { org_id: env().orgId, team_id: NOT_A_UUID } } });
        expectValidationError('management', 'listDataPullPreferences', outcome, [{ loc: ['path', 'team_id'], type: 'format' }]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        const outcome = await managementWithoutKey.GET('/v1/org/{org_id}/team/{team_id}/data_pull_preferences', { params: { path: { org_id: env().orgId, team_id: UNKNOWN_ID } } });
        expectMissingKey('management', 'listDataPullPreferences', outcome);
      });

      it.skipIf(isMock)('when no team has the team_id, then 404 (server only: the mock answers every valid id)', async () => {
        const outcome = await management.GET('/v1/org/{org_id}/team/{team_id}/data_pull_preferences', { params: { path: { org_id: env().orgId, team_id: UNKNOWN_ID } } });
        expectError('management', 'listDataPullPreferences', outcome, 404);
      });
    });

    // ---- management API: webhook endpoints and deliveries ---------------------------------

    /** An endpoint of a team made for the purpose, with the path that names it. */
    const webhookEndpoint = once(async () => {
      const { id: team_id } = await newTeam();
      const outcome = await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', {
        params: { path: { org_id: env().orgId, team_id } },
        body: { url: 'https://hooks.example.com/vital', event_types: ['historical.data.*', 'provider.connection.created'], description: 'Production receiver' },
      });
      const endpoint = expectSuccess<ManagementSchemas['WebhookEndpointWithSecret']>('management', 'createWebhookEndpoint', outcome);
      return { endpoint, path: { org_id: env().orgId, team_id, endpoint_id: endpoint.id } };
    });

    operation('management', 'createWebhookEndpoint', () => {
      it('when an HTTPS endpoint is registered with event type filters, then it answers the endpoint with its whsec_ secret', async () => {
        const { endpoint } = await webhookEndpoint();
        if (!isMock) {
          expect(endpoint).toMatchObject({ url: 'https://hooks.example.com/vital', event_types: ['historical.data.*', 'provider.connection.created'] });
          expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
        }
      });

      it('when url is missing and a filter is not an event type or prefix, then 422 lists both', async () => {
        const outcome = await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', {
          params: { path: { org_id: env().orgId, team_id: UNKNOWN_ID } },
          body: invalid({ event_types: ['daily.*.created'] }),
        });
        expectValidationError('management', 'createWebhookEndpoint', outcome, [
          { loc: ['body', 'url'], type: 'missing' },
          { loc: ['body', 'event_types', 0], type: 'pattern' },
        ]);
      });

      it.skipIf(isMock)('when the URL is plain http to a non-loopback host, then 422 names ["body", "url"] (server only: a rule beyond the schema)', async () => {
        const { path } = await webhookEndpoint();
        const outcome = await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', {
          params: { path: { org_id: path.org_id, team_id: path.team_id } },
          body: { url: 'http://hooks.example.com/vital' },
        });
        expectValidationError('management', 'createWebhookEndpoint', outcome, [{ loc: ['body', 'url'] }]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        const outcome = await managementWithoutKey.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', {
          params: { path: { org_id: env().orgId, team_id: UNKNOWN_ID } },
          body: { url: 'https://hooks.example.com/vital' },
        });
        expectMissingKey('management', 'createWebhookEndpoint', outcome);
      });

      it.skipIf(isMock)('when no team has the team_id, then 404 (server only: the mock answers every valid id)', async () => {
        const outcome = await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', {
          params: { path: { org_id: env().orgId, team_id: UNKNOWN_ID } },
          body: { url: 'https://hooks.example.com/vital' },
        });
        expectError('management', 'createWebhookEndpoint', outcome, 404);
      });
    });

    operation('management', 'listWebhookEndpoints', () => {
      it("when the team's endpoints are listed, then it answers them without their secrets", async () => {
        const { endpoint, path } = await webhookEndpoint();
        const outcome = await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: { org_id: path.org_id, team_id: path.team_id } } });
        const list = expectSuccess<ManagementSchemas['WebhookEndpointList']>('management', 'listWebhookEndpoints', outcome);
        if (!isMock) {
          expect(list.data.map((listed) => listed.id)).toContain(endpoint.id);
          expect(list.data.every((listed) => !('secret' in listed))).toBe(true);
        }
      });

      it('when team_id is not a UUID, then 422 names ["path", "team_id"]', async () => {
        const outcome = await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: { org_id: env().orgId, team_id: NOT_A_UUID } } });
        expectValidationError('management', 'listWebhookEndpoints', outcome, [{ loc: ['path', 'team_id'], type: 'format' }]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        const outcome = await managementWithoutKey.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: { org_id: env().orgId, team_id: UNKNOWN_ID } } });
        expectMissingKey('management', 'listWebhookEndpoints', outcome);
      });

      it.skipIf(isMock)('when no team has the team_id, then 404 (server only: the mock answers every valid id)', async () => {
        const outcome = await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: { org_id: env().orgId, team_id: UNKNOWN_ID } } });
        expectError('management', 'listWebhookEndpoints', outcome, 404);
      });
    });

    operation('management', 'deleteWebhookEndpoint', () => {
      it('when an endpoint registered for the purpose is deleted, then it answers success and the endpoint is gone', async () => {
        const { path } = await webhookEndpoint();
        const created = await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', {
          params: { path: { org_id: path.org_id, team_id: path.team_id } },
          body: { url: 'https://hooks.example.com/short-lived' },
        });
        const { id } = expectSuccess<ManagementSchemas['WebhookEndpointWithSecret']>('management', 'createWebhookEndpoint', created);
        const outcome = await management.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', { params: { path: { ...path, endpoint_id: id } } });
        expectSuccess('management', 'deleteWebhookEndpoint', outcome);
        if (!isMock) {
          const again = await management.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', { params: { path: { ...path, endpoint_id: id } } });
          expectError('management', 'deleteWebhookEndpoint', again, 404);
        }
      });

      it('when endpoint_id is not a UUID, then 422 names ["path", "endpoint_id"]', async () => {
        const outcome = await management.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', {
          params: { path: { org_id: env().orgId, team_id: UNKNOWN_ID, endpoint_id: NOT_A_UUID } },
        });
        expectValidationError('management', 'deleteWebhookEndpoint', outcome, [{ loc: ['path', 'endpoint_id'], type: 'format' }]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        const outcome = await managementWithoutKey.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', {
          params: { path: { org_id: env().orgId, team_id: UNKNOWN_ID, endpoint_id: UNKNOWN_ID } },
        });
        expectMissingKey('management', 'deleteWebhookEndpoint', outcome);
      });

      it.skipIf(isMock)('when the team has no endpoint with the endpoint_id, then 404 (server only: the mock answers every valid id)', async () => {
        const { path } = await webhookEndpoint();
        const outcome = await management.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', { params: { path: { ...path, endpoint_id: UNKNOWN_ID } } });
        expectError('management', 'deleteWebhookEndpoint', outcome, 404);
      });
    });

    operation('management', 'listWebhookDeliveries', () => {
      it("when the endpoint's failed deliveries are listed, then it answers a page", async () => {
        const { path } = await webhookEndpoint();
        const outcome = await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', {
          params: { path, query: { status: 'failed', page_size: 10 } },
        });
        const page = expectSuccess<ManagementSchemas['WebhookDeliveryPage']>('management', 'listWebhookDeliveries', outcome);
        if (!isMock) expect(page).toEqual({ data: [], next_cursor: null });
      });

      it('when page_size is 0 and endpoint_id is not a UUID, then 422 lists both', async () => {
        const outcome = await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', {
          params: { path: { org_id: env().orgId, team_id: UNKNOWN_ID, endpoint_id: NOT_A_UUID }, query: { page_size: 0 } },
        });
        expectValidationError('management', 'listWebhookDeliveries', outcome, [
          { loc: ['path', 'endpoint_id'], type: 'format' },
          { loc: ['query', 'page_size'], type: 'greater_than_equal' },
        ]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        const outcome = await managementWithoutKey.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', {
          params: { path: { org_id: env().orgId, team_id: UNKNOWN_ID, endpoint_id: UNKNOWN_ID } },
        });
        expectMissingKey('management', 'listWebhookDeliveries', outcome);
      });

      it.skipIf(isMock)('when next_cursor is not one the server gave, then 422 names ["query", "next_cursor"] (server only: cursors are opaque to the mock)', async () => {
        const { path } = await webhookEndpoint();
        const outcome = await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', { params: { path, query: { next_cursor: 'garbage' } } });
        expectValidationError('management', 'listWebhookDeliveries', outcome, [{ loc: ['query', 'next_cursor'] }]);
      });

      it.skipIf(isMock)('when the team has no endpoint with the endpoint_id, then 404 (server only: the mock answers every valid id)', async () => {
        const { path } = await webhookEndpoint();
        const outcome = await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', { params: { path: { ...path, endpoint_id: UNKNOWN_ID } } });
        expectError('management', 'listWebhookDeliveries', outcome, 404);
      });
    });

    operation('management', 'replayWebhookDeliveries', () => {
      it('when every failed delivery of an endpoint is replayed, then it answers how many were queued', async () => {
        const { path } = await webhookEndpoint();
        const outcome = await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', { params: { path }, body: {} });
        const result = expectSuccess<ManagementSchemas['ReplayWebhookDeliveriesResult']>('management', 'replayWebhookDeliveries', outcome);
        if (!isMock) expect(result).toEqual({ replayed: 0 });
      });

      it('when a delivery id is not a UUID, then 422 names ["body", "delivery_ids", 0]', async () => {
        const outcome = await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', {
          params: { path: { org_id: env().orgId, team_id: UNKNOWN_ID, endpoint_id: UNKNOWN_ID } },
          body: { delivery_ids: [NOT_A_UUID] },
        });
        expectValidationError('management', 'replayWebhookDeliveries', outcome, [{ loc: ['body', 'delivery_ids', 0], type: 'format' }]);
      });

      it('when the key is missing, then 401 with a detail', async () => {
        const outcome = await managementWithoutKey.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', {
          params: { path: { org_id: env().orgId, team_id: UNKNOWN_ID, endpoint_id: UNKNOWN_ID } },
          body: {},
        });
        expectMissingKey('management', 'replayWebhookDeliveries', outcome);
      });

      it.skipIf(isMock)('when the team has no endpoint with the endpoint_id, then 404 (server only: the mock answers every valid id)', async () => {
        const { path } = await webhookEndpoint();
        const outcome = await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', { params: { path: { ...path, endpoint_id: UNKNOWN_ID } }, body: {} });
        expectError('management', 'replayWebhookDeliveries', outcome, 404);
      });
    });
  });
}

function randomLetters(length: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return Array.from({ length }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
}
