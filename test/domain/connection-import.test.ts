import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { importDecision, importOrder, importReport, repeatedRecipeUsers } from '../../server/domain/connections/import.js';
import { decryptCredential, encryptCredential } from '../../server/jobs/connections/credential-cipher.js';

const A = '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10';
const B = '0d5e7f21-3a4b-4c6d-8e9f-0a1b2c3d4e5f';

describe('bulk import rules', () => {
  it('when a recipe is judged, then no user fails, no connection creates, the same account refreshes or repairs, another account fails', () => {
    expect(importDecision({ is_user: false, connection: null }, 'X1')).toEqual({ action: 'fail', reason: 'not_a_user' });
    expect(importDecision({ is_user: true, connection: null }, 'X1')).toEqual({ action: 'create' });
    expect(importDecision({ is_user: true, connection: { status: 'connected', external_user_id: 'X1' } }, 'X1')).toEqual({ action: 'refresh' });
    expect(importDecision({ is_user: true, connection: { status: 'error', external_user_id: 'X1' } }, 'X1')).toEqual({ action: 'repair' });
    expect(importDecision({ is_user: true, connection: { status: 'paused', external_user_id: 'X1' } }, 'X1')).toEqual({ action: 'repair' });
    expect(importDecision({ is_user: true, connection: { status: 'error', external_user_id: 'X1' } }, 'x1')).toEqual({ action: 'fail', reason: 'other_account' });
    expect(importDecision({ is_user: true, connection: { status: 'connected', external_user_id: 'X1' } }, 'X2')).toEqual({ action: 'fail', reason: 'other_account' });
  });

  it('when recipes repeat a user in another letter case, then the later index is named with the first', () => {
    expect(repeatedRecipeUsers([{ user_id: A }, { user_id: B }, { user_id: A.toUpperCase() }, { user_id: B }])).toEqual([
      { index: 2, first: 0, id: A.toUpperCase() },
      { index: 3, first: 1, id: B },
    ]);
    expect(repeatedRecipeUsers([{ user_id: A }, { user_id: B }])).toEqual([]);
  });

  it('when recipes are ordered for storing, then any request is a permutation sorted by lower-case user id, and the report keeps the request order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 30 }), fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }), (ids, upper) => {
        const recipes = ids.map((id, i) => ({ user_id: upper[i] ? id.toUpperCase() : id }));
        const order = importOrder(recipes);
        expect([...order].sort((a, b) => a - b)).toEqual(recipes.map((_, i) => i));
        const sorted = order.map((i) => recipes[i]!.user_id.toLowerCase());
        expect(sorted).toEqual([...sorted].sort());
        const failed = new Set(ids.filter((_, i) => i % 3 === 0).map((id) => id.toLowerCase()));
        const report = importReport(recipes, (id) => !failed.has(id));
        expect([...report.user_ids_imported, ...report.user_ids_failed].sort()).toEqual(ids.map((id) => id.toLowerCase()).sort());
        expect(report.user_ids_failed).toEqual(ids.map((id) => id.toLowerCase()).filter((id) => failed.has(id)));
      }),
    );
  });

  it('when a token is encrypted, then it decrypts to itself under its key only, and two encryptions of one token differ', () => {
    const key = randomBytes(32);
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 300 }), (token) => {
        const stored = encryptCredential(key, token);
        expect(decryptCredential(key, stored)).toBe(token);
        expect(encryptCredential(key, token)).not.toBe(stored);
      }),
      { numRuns: 50 },
    );
    const stored = encryptCredential(key, 'at_secret');
    expect(stored).not.toContain('at_secret');
    expect(() => decryptCredential(randomBytes(32), stored)).toThrow();
    const tampered = Buffer.from(stored, 'base64url');
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 1) ^ 1, tampered.length - 1);
    expect(() => decryptCredential(key, tampered.toString('base64url'))).toThrow();
  });
});
