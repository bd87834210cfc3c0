import { randomBytes } from 'node:crypto';
import type { Region } from '../../shared/values.js';

export type Environment = 'sandbox' | 'production';

export const DEFAULT_LINK_CODE_LIFETIME_MS = 60 * 60 * 1000;

/** `sk` (sandbox) or `pk` (production), the region, then 8 lowercase hex characters. */
export function generateLinkCode(environment: Environment, region: Region, random: (size: number) => Buffer = randomBytes): string {
  return `${environment === 'sandbox' ? 'sk' : 'pk'}${region}${random(4).toString('hex')}`;
}

/** `<app_scheme>://<app_host>?code=<code>`. */
export function exchangeUrl(appUrl: string, code: string): string {
  return `${appUrl.replace(/\?.*$/, '')}?code=${code}`;
}

/**
 * When a link code expires: the requested time, or the server time plus one
 * hour. A time that is not in the future is refused.
 */
export function linkCodeExpiry(now: Date, requested: string | null | undefined): { ok: true; expiresAt: Date } | { ok: false; message: string } {
  if (requested === undefined || requested === null || requested === '') {
    return { ok: true, expiresAt: new Date(now.getTime() + DEFAULT_LINK_CODE_LIFETIME_MS) };
  }
  const expiresAt = new Date(requested);
  if (Number.isNaN(expiresAt.getTime())) return { ok: false, message: 'expires_at must be an RFC 3339 date-time' };
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, message: 'expires_at must be in the future' };
  return { ok: true, expiresAt };
}
