import type { BoundedCache, CacheRegistry } from '../shared/cache.js';
import type { ManagementContext, TeamContext } from './callers.js';
import { createRequestCheckCache, type CheckedRequest } from './request-checks.js';
import { createRouteMatchCache, type MatchedRoute } from './route-matches.js';

/** A caller found by its key's hash, until `expires` (ms since the epoch). */
export interface CachedCaller<Caller> {
  readonly caller: Caller;
  readonly expires: number;
}

/** The caches of the HTTP layer: credentials, the validator's route matches and passed request checks (docs/architecture.md, "Caches"). */
export interface HttpCaches {
  readonly teamCredentials: BoundedCache<string, CachedCaller<TeamContext>>;
  readonly managementCredentials: BoundedCache<string, CachedCaller<ManagementContext>>;
  readonly teamRequestChecks: BoundedCache<string, CheckedRequest>;
  readonly managementRequestChecks: BoundedCache<string, CheckedRequest>;
  readonly teamRouteMatches: BoundedCache<string, MatchedRoute>;
  readonly managementRouteMatches: BoundedCache<string, MatchedRoute>;
}

const credentialInvalidation =
  'revoking a key clears it in this process and, before the revocation answers, in the other processes of its cluster (SERVER_PROCESSES, server/cluster.ts); ' +
  'an entry also expires after CREDENTIAL_TTL_MS (authenticate.ts), the longest a process of another host sharing the PostgreSQL database accepts a key revoked there';

export function createHttpCaches(registry: CacheRegistry): HttpCaches {
  return {
    teamCredentials: registry.create({ name: 'team-credentials', key: "SHA-256 hash of a team API key sent, found active", maxEntries: 10_000, invalidatedBy: credentialInvalidation }),
    managementCredentials: registry.create({ name: 'management-credentials', key: 'SHA-256 hash of a management key sent, found active', maxEntries: 1_000, invalidatedBy: credentialInvalidation }),
    teamRequestChecks: createRequestCheckCache(registry, 'team'),
    managementRequestChecks: createRequestCheckCache(registry, 'management'),
    teamRouteMatches: createRouteMatchCache(registry, 'team'),
    managementRouteMatches: createRouteMatchCache(registry, 'management'),
  };
}
