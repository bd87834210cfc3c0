import { describe, expect, it } from 'vitest';
import { REQUISITION_URL_VALIDITY_SECONDS, requisitionUrlExpiry, signedRequisitionUrl, verifyRequisitionSignature } from '../../server/domain/lab-documents/signed-url.js';

const ORDER = '5c8e2b7a-9f14-4d36-8a0b-1e2f3a4b5c6d';
const OTHER = '0b6c4a0e-6d1f-4a4e-9f59-3c7f1a9d2b11';
const KEY = 'test-key-0123456789abcdef';
const CREATED = '2026-11-23T10:00:00.000Z';

function parts(url: string) {
  const parsed = new URL(url);
  return { path: parsed.pathname, expires: Number(parsed.searchParams.get('expires')), signature: parsed.searchParams.get('signature')! };
}

describe('signed requisition form URLs', () => {
  const expires = requisitionUrlExpiry(CREATED);
  const url = signedRequisitionUrl({ base_url: 'http://127.0.0.1:8000/', order_id: ORDER, expires, key: KEY });
  const { signature } = parts(url);

  it('when an order is created, then its URL is on the server, expires 7 days later and verifies until then', () => {
    expect(expires).toBe(Date.parse(CREATED) / 1000 + REQUISITION_URL_VALIDITY_SECONDS);
    expect(REQUISITION_URL_VALIDITY_SECONDS).toBe(7 * 86_400);
    expect(parts(url)).toEqual({ path: `/v3/order/${ORDER}/requisition/pdf/signed`, expires, signature: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(url.startsWith('http://127.0.0.1:8000/v3/')).toBe(true);
    expect(verifyRequisitionSignature({ order_id: ORDER, expires, signature, key: KEY, now: new Date(CREATED) })).toBe('valid');
    expect(verifyRequisitionSignature({ order_id: ORDER.toUpperCase(), expires, signature, key: KEY, now: new Date(expires * 1000 - 1) })).toBe('valid');
  });

  it('when the expiry is reached, then it is expired', () => {
    expect(verifyRequisitionSignature({ order_id: ORDER, expires, signature, key: KEY, now: new Date(expires * 1000) })).toBe('expired');
  });

  it('when the order, the expiry, the key or the signature differs, then it is invalid, expired or not', () => {
    const later = new Date(expires * 1000 + 1);
    for (const now of [new Date(CREATED), later]) {
      expect(verifyRequisitionSignature({ order_id: OTHER, expires, signature, key: KEY, now })).toBe('invalid');
      expect(verifyRequisitionSignature({ order_id: ORDER, expires: expires + 1, signature, key: KEY, now })).toBe('invalid');
      expect(verifyRequisitionSignature({ order_id: ORDER, expires, signature, key: `${KEY}x`, now })).toBe('invalid');
      expect(verifyRequisitionSignature({ order_id: ORDER, expires, signature: signature.slice(1), key: KEY, now })).toBe('invalid');
      expect(verifyRequisitionSignature({ order_id: ORDER, expires, signature: `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`, key: KEY, now })).toBe('invalid');
    }
  });
});
