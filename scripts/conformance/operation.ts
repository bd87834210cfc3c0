/**
 * What every suite knows about an operation, declared once per operation in
 * `operations/<api>/<operationId>.ts` (an OperationDefinition): who may call it, a
 * valid request, what it adds to a seeded team, its fuzz value pools and its
 * conformance checks. A check a stateless mock cannot pass names why with a
 * `mockSkip` category; the runner skips it on a mock with that category's reason,
 * and nothing else is ever skipped on a mock.
 */
import type { ManagementClient, TeamClient } from '../../server/client/index.js';
import type { CheckContext } from './context.js';
import type { ApiName, OperationRef } from './openapi.js';

/** Why a check cannot pass on a stateless mock (mocks/README.md, "Where the mock differs"). */
export type MockSkip = 'state' | 'credentials' | 'domain-rules' | 'static-examples' | 'body-limit';

export const MOCK_SKIP_REASONS: Readonly<Record<MockSkip, string>> = {
  state: 'the mock keeps no state: nothing is stored or read back, and every well-formed id exists',
  credentials: 'the mock accepts any key or token value; only a missing key is a 401',
  'domain-rules': 'the mock checks requests against the schemas only, not the domain rules',
  'static-examples': 'the mock answers the documented examples, which do not echo the request or apply filters and paging',
  'body-limit': 'the mock accepts bodies up to 8 MiB on every operation; the 1 MiB limit is the server\'s',
};

/** What a check needs from the target besides the team API. */
export type Requirement = 'management' | 'org-id';

export interface CheckDefinition {
  name: string;
  mockSkip?: MockSkip;
  needs?: readonly Requirement[];
  run(t: CheckContext): Promise<void>;
}

/** Checks of an operation, or of a group of our own (`routing`). */
export interface OperationChecks {
  api: ApiName;
  /** The operationId, or a name of our own for checks that belong to no operation (`routing`). */
  operationId: string;
  /** Checks of the whole operation need these (e.g. every management operation needs the management API). */
  needs?: readonly Requirement[];
  checks: CheckDefinition[];
}

export const operation = (api: ApiName, operationId: string, checks: CheckDefinition[], needs?: readonly Requirement[]): OperationChecks => ({
  api,
  operationId,
  checks,
  ...(needs && { needs }),
});

/** A check every target must pass. */
export const always = (name: string, run: CheckDefinition['run'], needs?: readonly Requirement[]): CheckDefinition => ({ name, run, ...(needs && { needs }) });

/** A check a stateless mock cannot pass, skipped there with the category's reason. */
export const notOnMock = (mockSkip: MockSkip, name: string, run: CheckDefinition['run'], needs?: readonly Requirement[]): CheckDefinition => ({
  name,
  mockSkip,
  run,
  ...(needs && { needs }),
});

/**
 * Whose data an operation touches: 'team' (team key, the team's own lists), 'user'
 * (team key, a user of the team), 'link-token' (a team key, or the link token in the
 * request alone, which names its team and user; both must then be of one team),
 * 'management' (the org's management key), 'public' (no key: a token in the request is
 * the credential).
 */
export type AuthScope = 'team' | 'user' | 'link-token' | 'management' | 'public';

/** The documents' methods, as sent. */
export type HttpMethod = Uppercase<OperationRef['method']>;

/** A request as sent over HTTP, without its credential headers. */
export interface RawRequest {
  method: HttpMethod;
  /** The path, percent-encoded, without the query. */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
  /** A body that is not JSON (a multipart upload), sent as these bytes with the Content-Type in `headers`; `body` is then unset. */
  rawBody?: Uint8Array<ArrayBuffer>;
}

export interface SeededUser {
  user_id: string;
  client_user_id: string;
}

export interface TeamCredentials {
  orgId: string;
  teamId: string;
  apiKey: string;
  /** A management key of the team's organization. */
  managementKey: string;
}

/** A team filled through the API by `seedTeam` (seed.ts): what the operations' seeds made. */
export interface SeededTeam extends TeamCredentials {
  label: string;
  team: TeamClient;
  management: ManagementClient;
  users: SeededUser[];
  /** Users a suite may delete (of the team it calls), or must fail to delete (of another). */
  disposableUsers: SeededUser[];
  linkTokens: string[];
  /** Unused sign-in tokens (a token is its own credential). */
  signInTokens: string[];
  endpointIds: string[];
  /** Endpoints a suite may delete, or must fail to delete. */
  disposableEndpointIds: string[];
  deliveryIds: string[];
  bulkOpIds: string[];
  /** Lab orders of the team's first user (ordered, then cancelled or simulated by the suites). */
  orderIds: string[];
  /** Ids of keys a suite may try to revoke (never the key it sends). */
  spareKeyIds: string[];
  /** A key of the team that was accepted, then revoked. */
  revokedKey: string;
  /** next_cursor values of the team's paged lists (bulk operations, deliveries). */
  cursors: string[];
}

/** A team while the seeds run: the SeededTeam being filled, and what the seeds send with. */
export interface SeedingTeam extends SeededTeam {
  /** A team API client without a key (the public operations). */
  publicClient: TeamClient;
  /** A team API client sending another key (one a seed made). */
  withApiKey(apiKey: string): TeamClient;
  /** The management path parameters of the team. */
  path: { org_id: string; team_id: string };
}

/**
 * The teams valid requests are made for: A (its users, tokens...), A2 (a second team
 * of A's organization: the management requests change settings there, never on A) and
 * B (a team of another organization).
 */
export interface SeededWorld {
  a: SeededTeam;
  a2: SeededTeam;
  b: SeededTeam;
}

export interface OperationDefinition extends OperationChecks {
  operationId: string;
  /** Who may call it. */
  auth: {
    scope: AuthScope;
    /** The answer with another team's key of the same org, when not the scope's default (404 for 'user', a 2xx for 'team'). */
    otherTeam?: { status: number; loc?: (string | number)[] };
  };
  /**
   * A request valid for seeded team A (settings changes on A2); built fresh per call, so
   * it may consume state (a new user to delete). Bodies come from the spec's named
   * request examples (`requestExample`) with unique values substituted.
   */
  validRequest(world: SeededWorld): Promise<RawRequest>;
  /** What the operation adds to a seeded team (state other operations need); seeds run by ascending order. */
  seed?: { order: number; run(team: SeedingTeam): Promise<void> };
  /** Fuzz value pools of the operation's parameters, over the shared ones (an empty list: generated values only). */
  fuzzPools?(a: SeededTeam, b: SeededTeam): Record<string, readonly unknown[]>;
  /** Its conformance checks: happy path, documented errors, paging... */
  checks: CheckDefinition[];
}

/** The data of a client's answer, or an error naming the operation and what it answered (seeding and setup). */
export function must<T>(label: string, outcome: { data?: T; error?: unknown; response: Response }): T {
  if (outcome.data === undefined) throw new Error(`${label} answered ${outcome.response.status} ${JSON.stringify(outcome.error)}`);
  return outcome.data;
}

let uniqueCount = 0;
/** A value no other call of the process gets (client_user_ids, team names, labels). */
export const uniqueValue = (prefix: string) => `${prefix}-${++uniqueCount}-${Math.random().toString(36).slice(2, 8)}`;
