import type { ConnectMode } from '../../shared/values.js';
import { isMobileSdkProviderSlug, type ProviderDefinition } from '../providers/catalog.js';

/** The connect mode stored for a new connection: the SDK's (Auto Connect unless it says otherwise) for SDK providers, none for the others. */
export function connectModeFor(provider: string, requested: ConnectMode | undefined): ConnectMode | null {
  return isMobileSdkProviderSlug(provider) ? (requested ?? 'auto') : null;
}

/** The `data` of a `provider.connection.created` event: the user and the provider (as `provider` and its legacy alias `source`). */
export function connectionCreatedData(userId: string, provider: Pick<ProviderDefinition, 'name' | 'slug' | 'logo'>) {
  const summary = { name: provider.name, slug: provider.slug, logo: provider.logo };
  return { user_id: userId, provider: summary, source: summary };
}
