/**
 * Check builders the operations' checks share: the 404, 413 and 422 checks most
 * operations have, and the key checks (401 without a key, exactly the documented
 * `missing_key` example on a mock, or with an unknown key, 403 with a team key on the
 * management API, 404 with another team's key).
 */
import { LINK_TOKEN_HEADER, type TeamClient } from '../../server/client/index.js';
import type { Loc, Outcome } from './assertions.js';
import type { CheckContext } from './context.js';
import { always, notOnMock, type CheckDefinition } from './operation.js';
import { otherTeamClient, type SendWith, type User } from './requests.js';
import type { ApiName } from './spec.js';
import { invalid, oversizedBody } from './values.js';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';

/** Sends the request of a check. */
type Send = (t: CheckContext) => Promise<Outcome>;

/** Request options with a JSON body just over 8 MiB (spread into a request's options). */
export const OVERSIZED = { body: invalid({}), bodySerializer: oversizedBody };

/** The error checks written alike for many operations, for the checks of `api`. */
export function errorChecks(api: ApiName) {
  /** The run of a check: `send` gets a 422 naming each expected location (with its type, when given). */
  const rejects = (operationId: string, send: Send, expected: { loc: Loc; type?: string }[]): CheckDefinition['run'] => async (t) => {
    t.expect.validation(api, operationId, await send(t), expected);
  };

  return {
    /** A 422 `format` error naming the path parameter `param`, which `send` sets to NOT_A_UUID. */
    pathNotAUuid: (operationId: string, param: string, send: Send) =>
      always(`422 naming ["path", "${param}"] when it is not a UUID`, rejects(operationId, send, [{ loc: ['path', param], type: 'format' }])),

    /** A 422 naming the next_cursor `send` makes up (a mock checks no cursor). */
    unissuedCursor: (operationId: string, send: Send) =>
      notOnMock('domain-rules', '422 naming ["query", "next_cursor"] for a cursor the service did not issue', rejects(operationId, send, [{ loc: ['query', 'next_cursor'] }])),

    /** A 404 for what `send` names and the target does not have (a mock keeps no state). */
    notFound: (operationId: string, name: string, send: Send) =>
      notOnMock('state', name, async (t) => {
        t.expect.error(api, operationId, await send(t), 404);
      }),

    /** A 413 for the OVERSIZED body `send` sends. */
    tooLarge: (operationId: string, send: Send) =>
      always('413 when the body is over 8 MiB', async (t) => {
        t.expect.error(api, operationId, await send(t), 413);
      }),
  };
}

/** What the checks of an operation that needs the management API (and the org id) declare. */
export const NEEDS = ['management', 'org-id'] as const;
/** The same, for a team check that needs the run's own team. */
export const MANAGEMENT = NEEDS;

/** The key checks of team API operations. */
export const teamKeyChecks = (() => {
  /** A check that a request without a key is a 401 `{"detail": string}`: on a mock, exactly the documented `missing_key` example. */
  const missingKey = (operationId: string, send: (t: CheckContext) => Promise<Outcome>) =>
    always('401 without an API key, on a mock exactly the missing_key example', async (t) => {
      t.expect.missingKey('team', operationId, await send(t));
    });

  /** A check that a request with an unknown key is a 401. */
  const unknownKey = (operationId: string, send: (t: CheckContext, client: CheckContext['team']) => Promise<{ response: Response }>) =>
    notOnMock('credentials', '401 with an unknown API key', async (t) => {
      t.expect.error('team', operationId, await send(t, t.teamWith(`sk_us_conformance_unknown_${t.runId}`)), 401);
    });

  /** A check that another team's key gets a 404 for the run's main user (of the given key's team). */
  const otherTeamsUser = (operationId: string, name: string, send: (other: TeamClient, user: User & { sentClientUserId: string }) => Promise<Outcome>) =>
    notOnMock(
      'credentials',
      name,
      async (t) => {
        const user = await t.fixtures.user();
        const other = await otherTeamClient(t);
        t.expect.error('team', operationId, await send(other, user), 404);
      },
      MANAGEMENT,
    );

  /**
   * A check that a valid link token alone (no key) is a 401: it is a credential of the
   * operations whose `security` lists it (getOAuthProvider) and of no other.
   */
  const linkTokenAlone = (operationId: string, send: (t: CheckContext, client: TeamClient) => Promise<Outcome>) =>
    notOnMock('credentials', '401 with a valid link token alone (no key): a link token is no credential here', async (t) => {
      const { link_token } = await t.fixtures.linkToken();
      t.expect.error('team', operationId, await send(t, t.teamWith(undefined, { [LINK_TOKEN_HEADER]: link_token })), 401);
    });

  return { missingKey, unknownKey, otherTeamsUser, linkTokenAlone };
})();

/** The key checks of management API operations. */
export const managementKeyChecks = (() => {
  /** A 401 without a management key: on a mock, exactly the documented `missing_key` example. */
  const missingKey = (operationId: string, send: SendWith) =>
    always('401 without a management key, on a mock exactly the missing_key example', async (t) => {
      t.expect.missingKey('management', operationId, await send(t, t.managementWithoutKey));
    });

  const unknownKey = (operationId: string, send: SendWith) =>
    notOnMock('credentials', '401 with an unknown management key', async (t) => {
      t.expect.error('management', operationId, await send(t, t.managementWith(`mg_conformance_unknown_${t.runId}`)), 401);
    });

  const teamKey = (operationId: string, send: SendWith) =>
    notOnMock('credentials', '403 with a team API key, in X-Management-Key or in x-vital-api-key', async (t) => {
      t.expect.error('management', operationId, await send(t, t.managementWith(t.target.apiKey)), 403);
      t.expect.error('management', operationId, await send(t, t.managementWith(undefined, { [TEAM_API_KEY_HEADER]: t.target.apiKey })), 403);
    });

  /** The 401 without a management key and the 403 with a team API key, of the same request. */
  const keyChecks = (operationId: string, send: SendWith) => [missingKey(operationId, send), teamKey(operationId, send)];

  return { missingKey, unknownKey, teamKey, keyChecks };
})();
