import { describe, expect, it } from 'vitest';
import { metricWeekStarts } from '../../server/domain/users/metrics.js';
import { restorableSince, USER_RESTORE_GRACE_DAYS } from '../../server/domain/users/restore.js';
import { pageSignature, pageUrlExpiry, verifyPageSignature, type SignedPage } from '../../server/domain/users/signed-pages.js';

const KEY = 'a-test-signing-key-of-32-bytes-long-xx';
const portal: SignedPage = { page: 'portal', user_id: '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10', context: 'launch', order_id: null };

describe('signed pages', () => {
  const now = new Date('2026-11-20T10:00:00Z');
  const expires = pageUrlExpiry(now, 3600);
  const signature = pageSignature(KEY, portal, expires);

  it('when the page, its fields and the expiry are the signed ones, then valid until the expiry, expired from it', () => {
    expect(verifyPageSignature({ key: KEY, signed: portal, expires, signature, now })).toBe('valid');
    expect(verifyPageSignature({ key: KEY, signed: portal, expires, signature, now: new Date((expires - 1) * 1000) })).toBe('valid');
    expect(verifyPageSignature({ key: KEY, signed: portal, expires, signature, now: new Date(expires * 1000) })).toBe('expired');
    // Letter case of an id does not matter (a UUID is the same id either way).
    expect(verifyPageSignature({ key: KEY, signed: { ...portal, user_id: portal.user_id.toUpperCase() }, expires, signature, now })).toBe('valid');
  });

  it('when anything signed is changed, then invalid', () => {
    const changed: SignedPage[] = [
      { ...portal, user_id: '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a11' },
      { ...portal, context: 'communications' },
      { ...portal, order_id: '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10' },
      { page: 'webhooks', team_id: portal.user_id },
    ];
    for (const signed of changed) expect(verifyPageSignature({ key: KEY, signed, expires, signature, now })).toBe('invalid');
    expect(verifyPageSignature({ key: KEY, signed: portal, expires: expires + 1, signature, now })).toBe('invalid');
    expect(verifyPageSignature({ key: `${KEY}x`, signed: portal, expires, signature, now })).toBe('invalid');
    expect(verifyPageSignature({ key: KEY, signed: portal, expires: Number.NaN, signature, now })).toBe('invalid');
    expect(verifyPageSignature({ key: KEY, signed: portal, expires, signature: signature.slice(1), now })).toBe('invalid');
  });
});

describe('metric weeks', () => {
  it('when read on any day, then the twelve Mondays up to that day, oldest first', () => {
    for (const now of ['2026-11-23T00:00:00Z', '2026-11-25T13:00:00Z', '2026-11-29T23:59:59Z']) {
      const starts = metricWeekStarts(new Date(now));
      expect(starts).toHaveLength(12);
      expect(starts.at(-1)).toBe('2026-11-23T00:00:00.000Z');
      expect(starts[0]).toBe('2026-09-07T00:00:00.000Z');
      expect(starts.every((start) => new Date(start).getUTCDay() === 1)).toBe(true);
    }
    expect(metricWeekStarts(new Date('2026-11-22T23:59:59Z')).at(-1)).toBe('2026-11-16T00:00:00.000Z');
  });
});

describe('restore grace period', () => {
  it(`when restoring, then deletions of the last ${USER_RESTORE_GRACE_DAYS} days are restorable`, () => {
    expect(restorableSince(new Date('2026-11-20T10:00:00Z'))).toBe('2026-11-13T10:00:00.000Z');
  });
});
