/**
 * The signed requisition form URL of an order (the deprecated `requisition_form_url`):
 * `GET /v3/order/{order_id}/requisition/pdf/signed?expires=<unix seconds>&signature=<HMAC>`,
 * served without an API key until it expires. The signature is HMAC-SHA256, keyed with a
 * server secret, over the order id and the expiry, so neither can be changed and a
 * signature of one order opens no other.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a requisition form URL stays valid from the order's creation (interface spec: 7 days). */
export const REQUISITION_URL_VALIDITY_SECONDS = 7 * 86_400;

/** A new signing key (stored once per database: see storage/repositories/server-secrets.ts). */
export const newUrlSigningKey = (): string => randomBytes(32).toString('base64url');

const signatureOf = (key: string, orderId: string, expires: number) =>
  createHmac('sha256', key).update(`requisition:${orderId.toLowerCase()}:${expires}`).digest('base64url');

/** The signed URL of the order's requisition form, valid until `expires` (unix seconds). */
export function signedRequisitionUrl(input: { base_url: string; order_id: string; expires: number; key: string }): string {
  const signature = signatureOf(input.key, input.order_id, input.expires);
  return `${input.base_url.replace(/\/+$/, '')}/v3/order/${input.order_id}/requisition/pdf/signed?expires=${input.expires}&signature=${signature}`;
}

/** The expiry of the URL made for an order created at `createdAt` (ISO instant). */
export const requisitionUrlExpiry = (createdAt: string): number => Math.floor(Date.parse(createdAt) / 1000) + REQUISITION_URL_VALIDITY_SECONDS;

export type SignatureVerdict = 'valid' | 'expired' | 'invalid';

/** Whether a signed URL's `expires` and `signature` open the order's requisition form at `now`. */
export function verifyRequisitionSignature(input: { order_id: string; expires: number; signature: string; key: string; now: Date }): SignatureVerdict {
  const expected = Buffer.from(signatureOf(input.key, input.order_id, input.expires));
  const given = Buffer.from(input.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return input.now.getTime() >= input.expires * 1000 ? 'expired' : 'valid';
}
