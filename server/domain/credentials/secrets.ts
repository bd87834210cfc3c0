import { hash, randomBytes } from 'node:crypto';
import type { Region } from '../../shared/values.js';

/**
 * Keys and tokens are random, shown once, and stored only as SHA-256 hashes
 * (they are high-entropy, so a fast hash is enough); a presented key is looked
 * up by its hash.
 */
// One-shot hash (Node 20.12 on; package.json asks for 20.19): a third of the cost of a Hash object, and every request hashes its key.
export const hashSecret = (secret: string): string => hash('sha256', secret, 'hex');

const token = (bytes: number) => randomBytes(bytes).toString('base64url');

/** A sandbox team API key: `sk_<region>_` and 32 random characters. */
export const newTeamApiKey = (region: Region) => `sk_${region}_${token(24)}`;
/** A management key: `mg_` and 40 random characters. */
export const newManagementKey = () => `mg_${token(30)}`;
/** A one-time sign-in token for the mobile SDK. */
export const newSignInToken = (region: Region) => `sit_sk_${region}_${randomBytes(20).toString('hex')}`;
/** A one-time, short-lived link token. */
export const newLinkToken = () => `lt_${randomBytes(16).toString('hex')}`;
