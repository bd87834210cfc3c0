import type { Request, RequestHandler } from 'express';
import { hashSecret } from '../domain/credentials/secrets.js';
import type { Database } from '../storage/database.js';
import { findActiveManagementKeyByHash, findActiveTeamApiKeyByHash } from '../storage/repositories/credentials.js';
import { findActiveLinkToken } from '../storage/repositories/link-tokens.js';
import { findTeam } from '../storage/repositories/teams.js';
import { ApiError } from './api-error.js';
import type { BoundedCache } from '../shared/cache.js';
import type { CachedCaller, HttpCaches } from './http-caches.js';
import { whenReady, type MaybePromise } from './maybe-promise.js';
import type { ManagementContext, TeamContext } from './handlers/context.js';
import { LINK_TOKEN_HEADER, MANAGEMENT_KEY_HEADER, TEAM_API_KEY_HEADER } from '../shared/wire.js';

// Node lowercases the names of incoming headers.
const TEAM_KEY_HEADER = TEAM_API_KEY_HEADER.toLowerCase();
const MANAGEMENT_KEY = MANAGEMENT_KEY_HEADER.toLowerCase();
const LINK_TOKEN = LINK_TOKEN_HEADER.toLowerCase();

export const TEAM_MISSING_KEY = 'Missing API key. Send your team API key in the x-vital-api-key header.';
export const TEAM_INVALID_KEY = 'Invalid API key.';
export const TEAM_MISSING_KEY_OR_LINK_TOKEN =
  'Missing credentials. Send your team API key in the x-vital-api-key header, or a link token in the x-vital-link-token header.';
export const INVALID_LINK_TOKEN = 'Invalid link token: it is unknown, expired or already used.';
export const OTHER_TEAM_LINK_TOKEN = 'Invalid link token: it belongs to another team than the API key.';
export const MANAGEMENT_MISSING_KEY = 'Missing management key. Send it in the X-Management-Key header.';
export const MANAGEMENT_INVALID_KEY = 'Invalid management key.';
export const TEAM_KEY_ON_MANAGEMENT_API =
  'This endpoint accepts only a management key (X-Management-Key); a team API key is not accepted.';

/** How long a key found active is trusted without a lookup (see HttpCaches: its invalidation). */
export const CREDENTIAL_TTL_MS = 10_000;

/** Where callers are found: the database, through the app's credential caches. */
export interface CredentialLookup {
  db: Database;
  caches: Pick<HttpCaches, 'teamCredentials' | 'managementCredentials'>;
  /** The clock of expiry (ms since the epoch). */
  now?: () => number;
}

/** Forgets every cached credential of the app: call it when a key is revoked. */
export function forgetCredentials(caches: Pick<HttpCaches, 'teamCredentials' | 'managementCredentials'>): void {
  caches.teamCredentials.clear();
  caches.managementCredentials.clear();
}

/** The cached caller of `hash` while it has not expired. */
function cachedCaller<Caller>(cache: BoundedCache<string, CachedCaller<Caller>>, hash: string, now: number): Caller | undefined {
  const entry = cache.get(hash);
  if (entry === undefined) return undefined;
  if (entry.expires > now) return entry.caller;
  cache.delete(hash);
  return undefined;
}

/**
 * The caller of a key hash: from the cache without waiting (most requests), else from the
 * database. The synchronous answer spares every request of a known key a few promises. Only
 * keys found active are cached, so a new key works at once.
 */
function findTeamCaller(lookup: CredentialLookup, hash: string): MaybePromise<TeamContext | null> {
  const now = (lookup.now ?? Date.now)();
  return cachedCaller(lookup.caches.teamCredentials, hash, now) ?? lookUpTeamCaller(lookup, hash, now);
}

async function lookUpTeamCaller(lookup: CredentialLookup, hash: string, now: number): Promise<TeamContext | null> {
  const found = await findActiveTeamApiKeyByHash(lookup.db, hash);
  if (!found) return null;
  const caller: TeamContext = { teamId: found.team_id, orgId: found.org_id, region: found.region, keyId: found.key_id };
  return lookup.caches.teamCredentials.set(hash, { caller, expires: now + CREDENTIAL_TTL_MS }).caller;
}

function findManagementCaller(lookup: CredentialLookup, hash: string): MaybePromise<ManagementContext | null> {
  const now = (lookup.now ?? Date.now)();
  return cachedCaller(lookup.caches.managementCredentials, hash, now) ?? lookUpManagementCaller(lookup, hash, now);
}

async function lookUpManagementCaller(lookup: CredentialLookup, hash: string, now: number): Promise<ManagementContext | null> {
  const found = await findActiveManagementKeyByHash(lookup.db, hash);
  if (!found) return null;
  const caller: ManagementContext = { orgId: found.org_id, keyId: found.key_id };
  return lookup.caches.managementCredentials.set(hash, { caller, expires: now + CREDENTIAL_TTL_MS }).caller;
}

const header = (req: Request, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
};

/**
 * Keys are looked up by their SHA-256 hash (stored hashes only); the hash of an
 * unknown key matches nothing, so a key is never compared character by
 * character. A management key is not a team API key: 401 on the team API.
 */
export const authenticateTeam =
  (lookup: CredentialLookup) =>
  (req: Request): MaybePromise<TeamContext> => {
    const key = header(req, TEAM_KEY_HEADER);
    if (!key) throw new ApiError(401, TEAM_MISSING_KEY);
    return whenReady(findTeamCaller(lookup, hashSecret(key)), (caller) => {
      if (!caller) throw new ApiError(401, TEAM_INVALID_KEY);
      return caller;
    });
  };

/**
 * For the operations whose `security` lists the team key and the link token as alternatives
 * (`getOAuthProvider`, which the link widget calls with the token alone): a valid key, a valid
 * link token, or both. The link token names its team (and user); sent with a key, it must be
 * one of the key's team, else a 401: a token never opens another team's data. A key that is
 * sent must be valid even when the token is. The verified token is in the context, so the
 * handler need not look it up again.
 */
export function authenticateTeamOrLinkToken(lookup: CredentialLookup, now: () => Date): (req: Request) => MaybePromise<TeamContext> {
  const byKey = authenticateTeam(lookup);
  const { db } = lookup;
  return (req) => {
    const key = header(req, TEAM_KEY_HEADER);
    const token = header(req, LINK_TOKEN);
    if (!key && !token) throw new ApiError(401, TEAM_MISSING_KEY_OR_LINK_TOKEN);
    if (!token) return byKey(req);
    return (async () => {
      const caller = key ? await findTeamCaller(lookup, hashSecret(key)) : null;
      if (key && !caller) throw new ApiError(401, TEAM_INVALID_KEY);
      const linkToken = await findActiveLinkToken(db, { token_hash: hashSecret(token), now: now().toISOString() });
      if (!linkToken) throw new ApiError(401, INVALID_LINK_TOKEN);
      if (caller) {
        if (caller.teamId !== linkToken.team_id) throw new ApiError(401, OTHER_TEAM_LINK_TOKEN);
        return { ...caller, linkToken };
      }
      const team = await findTeam(db, linkToken.team_id);
      // The lookup joined the token's user, so its team existed a moment ago; gone since, the token is dead.
      if (!team) throw new ApiError(401, INVALID_LINK_TOKEN);
      return { teamId: team.id, orgId: team.org_id, region: team.region, keyId: null, linkToken };
    })();
  };
}

export const authenticateManagement =
  (lookup: CredentialLookup) =>
  (req: Request): MaybePromise<ManagementContext> => {
    const key = header(req, MANAGEMENT_KEY);
    if (!key) throw new ApiError(401, MANAGEMENT_MISSING_KEY);
    const hash = hashSecret(key);
    return whenReady(findManagementCaller(lookup, hash), (caller) =>
      caller ??
      whenReady(findTeamCaller(lookup, hash), (teamCaller) => {
        throw new ApiError(teamCaller ? 403 : 401, teamCaller ? TEAM_KEY_ON_MANAGEMENT_API : MANAGEMENT_INVALID_KEY);
      }),
    );
  };

/**
 * A team API key sent in its own header to the management API is the wrong
 * kind of credential (403), not a missing one (401). Runs before the
 * validator, which would otherwise only see that X-Management-Key is missing.
 */
export const rejectTeamKeyOnManagementApi =
  (lookup: CredentialLookup): RequestHandler =>
  async (req, _res, next) => {
    try {
      const teamKey = header(req, TEAM_KEY_HEADER);
      if (teamKey && !header(req, MANAGEMENT_KEY) && (await findTeamCaller(lookup, hashSecret(teamKey)))) {
        return next(new ApiError(403, TEAM_KEY_ON_MANAGEMENT_API));
      }
      next();
    } catch (error) {
      next(error);
    }
  };
