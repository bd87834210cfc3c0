/**
 * Compile-time tests of the handler map type, checked by `tsc` in `npm test`:
 * each `@ts-expect-error` must meet an error, so if the types ever stopped
 * catching a missing handler or a wrong status/body pair, tsc would fail here.
 */
import type { operations } from '../../generated/team/schema.js';
import type { Handler, HandlerMap } from '../../server/http/handler-types.js';

type Op = operations['createSignInToken'];

export const rightPair: Handler<Op, unknown> = async () => ({
  status: 200,
  body: { user_id: '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10', sign_in_token: 'sit_x' },
});

export const errorPair: Handler<Op, unknown> = async () => ({ status: 404, body: { detail: 'User not found.' } });

// @ts-expect-error a 200 must carry the SignInToken body, not an error body
export const wrongBody: Handler<Op, unknown> = async () => ({ status: 200, body: { detail: 'nope' } });

// @ts-expect-error 201 is not a status this operation declares
export const undeclaredStatus: Handler<Op, unknown> = async () => ({ status: 201, body: { user_id: 'x', sign_in_token: 'y' } });

export const typedRequest: Handler<Op, unknown> = async (request) => {
  const userId: string = request.path.user_id;
  // @ts-expect-error this operation has no query parameters
  void request.query.anything.length;
  return { status: 200, body: { user_id: userId, sign_in_token: 't' } };
};

declare const everyHandler: HandlerMap<operations, unknown>;
// @ts-expect-error a map without the handler of an operation is incomplete
export const missingHandler: HandlerMap<operations, unknown> = (({ createUser: _omitted, ...rest }) => rest)(everyHandler);

type PdfOp = operations['getOrderRequisitionPdf'];

export const pdfBytes: Handler<PdfOp, unknown> = async () => ({ status: 200, body: new Uint8Array([0x25, 0x50, 0x44, 0x46]) });

// @ts-expect-error a 200 documented as application/pdf carries bytes, not a JSON body
export const pdfAsJson: Handler<PdfOp, unknown> = async () => ({ status: 200, body: { detail: 'not a document' } });

export const pdfError: Handler<PdfOp, unknown> = async () => ({ status: 404, body: { detail: 'Order not found.' } });
