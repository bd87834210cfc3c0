/** Check builders the team and management checks share: the 404, 413 and 422 checks most operations have. */
import type { Loc, Outcome } from '../assertions.js';
import type { CheckContext } from '../context.js';
import { always, notOnMock, type CheckDefinition } from '../operation.js';
import type { ApiName } from '../spec.js';
import { invalid, oversizedBody } from '../values.js';

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
