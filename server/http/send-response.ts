import type { Response } from 'express';
import { FrozenParts, sendBytes } from './frozen-parts.js';
import type { ResponseValidator } from './response-validation.js';

/**
 * How a handler's result becomes bytes on the wire:
 * - bytes (`Uint8Array`) are a PDF, the one binary type operations declare;
 * - `null` and primitives go through `res.json`;
 * - objects are checked against the operation's response schema when the app validates
 *   responses (a frozen body, the same object on every request, until it has passed once), then
 *   serialised with the memoised bytes of their frozen parts (frozen-parts.ts).
 *
 * A body that breaks its schema throws the validator's 500, which reaches the error middleware.
 * The memoised bytes of frozen values live as long as the values (weakly held, per app).
 */
export function responseSender(validator: ResponseValidator | null) {
  const frozenParts = new FrozenParts();
  return (res: Response, operationId: string, status: number, body: unknown): void => {
    if (body instanceof Uint8Array) {
      res.status(status).type('application/pdf').send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
      return;
    }
    if (body === null || typeof body !== 'object') {
      validator?.check(operationId, status, body);
      res.status(status).json(body);
      return;
    }
    if (validator) {
      if (Object.isFrozen(body)) validator.checkFrozen(operationId, status, body);
      else validator.check(operationId, status, body);
    }
    sendBytes(res, status, frozenParts.toSend(body));
  };
}
