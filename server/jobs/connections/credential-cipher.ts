/**
 * Encryption of the OAuth tokens a bulk import stores (connection_credentials, migration 079).
 * Tokens are secrets the server must be able to use again (and POST /v2/link/bulk_export
 * returns them), so they are encrypted, not hashed: AES-256-GCM with a fresh 12-byte IV per
 * value, stored as base64url(iv || tag || ciphertext). The key is the server secret
 * `connection_credentials` (server_secrets: made once per database, shared by every process).
 * A copy of the credentials table alone, a log of its rows or a backup of it reveals no token;
 * whoever can read server_secrets too can decrypt, as with the other signing keys.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Queryable } from '../../storage/database.js';
import { ensureServerSecret } from '../../storage/repositories/server-secrets.js';

const SECRET_NAME = 'connection_credentials';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The database's credential key (32 bytes), made on first use. */
export async function credentialKey(db: Queryable): Promise<Buffer> {
  const secret = await ensureServerSecret(db, SECRET_NAME, randomBytes(32).toString('base64url'));
  const key = Buffer.from(secret, 'base64url');
  if (key.length !== 32) throw new Error(`Server secret ${SECRET_NAME} is not a 32-byte key`);
  return key;
}

/** The token encrypted under the key, as stored. */
export function encryptCredential(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The token a stored value holds; throws when the value was not made under this key (tampered or another database's). */
export function decryptCredential(key: Buffer, stored: string): string {
  const bytes = Buffer.from(stored, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
