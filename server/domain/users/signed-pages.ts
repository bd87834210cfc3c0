/**
 * Signed, expiring URLs of the server's own pages: the user portal (POST
 * /v2/user/{user_id}/create_portal_url) and the dashboard's webhooks page of a team (GET
 * /v2/team/svix/url). The same scheme as the requisition form URLs
 * (lab-documents/signed-url.ts): HMAC-SHA256 keyed with a server secret over the page, what it
 * shows and the expiry (unix seconds), so none of them can be changed and a signature opens
 * nothing else. The URL carries no key: whoever holds it sees the page until it expires.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export { newUrlSigningKey } from '../lab-documents/signed-url.js';

/** How long a portal URL stays valid (`expires_in`). */
export const PORTAL_URL_VALIDITY_SECONDS = 3_600;
/** How long a webhooks page URL stays valid. */
export const WEBHOOKS_PAGE_URL_VALIDITY_SECONDS = 900;

/** The pages a signature can open, and what each signs (in this order). */
export type SignedPage =
  | { page: 'portal'; user_id: string; context: string; order_id: string | null }
  | { page: 'webhooks'; team_id: string };

function message(signed: SignedPage, expires: number): string {
  const fields = signed.page === 'portal' ? [signed.user_id.toLowerCase(), signed.context, signed.order_id?.toLowerCase() ?? ''] : [signed.team_id.toLowerCase()];
  return [signed.page, ...fields, String(expires)].join(':');
}

export const pageSignature = (key: string, signed: SignedPage, expires: number): string => createHmac('sha256', key).update(message(signed, expires)).digest('base64url');

/** The expiry (unix seconds) of a URL made at `now`, valid `seconds`. */
export const pageUrlExpiry = (now: Date, seconds: number): number => Math.floor(now.getTime() / 1000) + seconds;

export type PageVerdict = 'valid' | 'expired' | 'invalid';

/** Whether `signature` and `expires` open `signed` at `now`. */
export function verifyPageSignature(input: { key: string; signed: SignedPage; expires: number; signature: string; now: Date }): PageVerdict {
  if (!Number.isSafeInteger(input.expires)) return 'invalid';
  const expected = Buffer.from(pageSignature(input.key, input.signed, input.expires));
  const given = Buffer.from(input.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return input.now.getTime() >= input.expires * 1000 ? 'expired' : 'valid';
}
