import { describe, expect, it } from 'vitest';
import { exchangeUrl, generateLinkCode, linkCodeExpiry } from '../../server/domain/link/link-code.js';

/** The documented shape: `sk` (sandbox) or `pk` (production), the region, then 8 lowercase hex characters. */
const LINK_CODE_PATTERN = /^(sk|pk)(us|eu)[0-9a-f]{8}$/;

describe('link codes', () => {
  it('when generated for each environment and region, then the code matches sk|pk + us|eu + 8 lowercase hex', () => {
    for (const env of ['sandbox', 'production'] as const) {
      for (const region of ['us', 'eu'] as const) {
        const code = generateLinkCode(env, region);
        expect(code).toMatch(LINK_CODE_PATTERN);
        expect(code.slice(0, 4)).toBe(`${env === 'sandbox' ? 'sk' : 'pk'}${region}`);
      }
    }
  });
  it('when random bytes are fixed, then the hex part is those bytes', () => {
    expect(generateLinkCode('sandbox', 'eu', () => Buffer.from([0xde, 0xad, 0xbe, 0xef]))).toBe('skeudeadbeef');
  });
  it('when building the exchange url, then it is <app_scheme>://<app_host>?code=<code>', () => {
    expect(exchangeUrl('vitalconnect://link', 'skus0a1b2c3d')).toBe('vitalconnect://link?code=skus0a1b2c3d');
  });
  it('when no expiry is asked, then it is the server time plus one hour', () => {
    const now = new Date('2026-11-22T09:00:00Z');
    expect(linkCodeExpiry(now, undefined)).toEqual({ ok: true, expiresAt: new Date('2026-11-22T10:00:00Z') });
    expect(linkCodeExpiry(now, null)).toEqual({ ok: true, expiresAt: new Date('2026-11-22T10:00:00Z') });
  });
  it('when a future expiry is asked, then it is honoured; a past one is refused', () => {
    const now = new Date('2026-11-22T09:00:00Z');
    expect(linkCodeExpiry(now, '2026-11-23T09:00:00+02:00')).toEqual({ ok: true, expiresAt: new Date('2026-11-23T07:00:00Z') });
    expect(linkCodeExpiry(now, '2026-11-22T08:59:59Z')).toEqual({ ok: false, message: 'expires_at must be in the future' });
  });
});
