import { createHash } from 'node:crypto';
import type { ConnectMode } from '../../shared/values.js';
import { isMobileSdkProviderSlug, type ProviderDefinition } from '../providers/catalog.js';

/** The connect mode stored for a new connection: the SDK's (Auto Connect unless it says otherwise) for SDK providers, none for the others. */
export function connectModeFor(provider: string, requested: ConnectMode | undefined): ConnectMode | null {
  return isMobileSdkProviderSlug(provider) ? (requested ?? 'auto') : null;
}

/**
 * The mode an existing connection switches to when it is connected again: the mode the mobile
 * SDK says it now runs in, when it differs from the stored one. Null to keep the stored mode:
 * the same mode, a connect that says none (the demo connect, the link pages), or not an SDK
 * provider. (Deregistering follows the mode: Auto Connect keeps the connection.)
 */
export function switchedConnectMode(provider: string, stored: ConnectMode | null, requested: ConnectMode | undefined): ConnectMode | null {
  if (requested === undefined || !isMobileSdkProviderSlug(provider)) return null;
  return requested === stored ? null : requested;
}

/**
 * The `data` of a `provider.connection.created` event: the user, the provider (as `provider` and its legacy alias `source`), the user's id at the provider
 * (the one an import named, else derived) and the availability of its resources.
 */
export function connectionCreatedData(userId: string, provider: Pick<ProviderDefinition, 'name' | 'slug' | 'logo' | 'auth_type' | 'supported_resources'>, externalUserId?: string | null) {
  const summary = { name: provider.name, slug: provider.slug, logo: provider.logo };
  return {
    user_id: userId,
    provider: summary,
    source: summary,
    external_user_id: externalUserId ?? externalUserIdFor(userId, provider),
    resource_availability: resourceAvailabilityFor(provider),
  };
}

/**
 * The user's identifier at the provider, as the API family reports it: none for providers the
 * mobile SDK reads on the device, a stable id (derived from user and provider) for the others.
 */
export function externalUserIdFor(userId: string, provider: Pick<ProviderDefinition, 'slug' | 'auth_type'>): string | null {
  if (provider.auth_type === 'sdk') return null;
  const id = createHash('sha256').update(`${provider.slug}:${userId}`).digest('hex').slice(0, 10);
  if (provider.auth_type === 'email') return `user-${id}@example.com`;
  return `${provider.slug}-${id}`;
}

export interface ResourceAvailability {
  status: 'available' | 'unavailable';
  scope_requirements: { user_granted: { required: string[]; optional: string[] }; user_denied: { required: string[]; optional: string[] } } | null;
}

/**
 * `resource_availability` of a sandbox connection: every resource the catalog entry claims is
 * available; OAuth providers report the resource's scope as granted (the sandbox consent grants
 * everything), the others have no scopes.
 */
export function resourceAvailabilityFor(provider: Pick<ProviderDefinition, 'auth_type' | 'supported_resources'>): Record<string, ResourceAvailability> {
  const availability: Record<string, ResourceAvailability> = {};
  for (const resource of provider.supported_resources) {
    availability[resource] = {
      status: 'available',
      scope_requirements: provider.auth_type === 'oauth' ? { user_granted: { required: [resource], optional: [] }, user_denied: { required: [], optional: [] } } : null,
    };
  }
  return availability;
}
