import type { Queryable } from '../../storage/database.js';
import { createConnection, type ConnectMode, type CreateConnectionResult } from '../../storage/repositories/connections.js';
import { findProvider, isMobileSdkProviderSlug } from '../providers/catalog.js';

export interface ConnectInput {
  team_id: string;
  user_id: string;
  provider: string;
  /** Mobile SDK providers only; Auto Connect unless the SDK says otherwise. */
  connect_mode?: ConnectMode;
}

/**
 * Connects a user to a provider of the catalog (once per provider: connecting
 * again keeps the existing connection). Null when the user is not in the team,
 * or the provider is not in the catalog.
 */
export async function connectProvider(db: Queryable, input: ConnectInput): Promise<CreateConnectionResult | null> {
  const provider = findProvider(input.provider);
  if (!provider) return null;
  return createConnection(db, {
    team_id: input.team_id,
    user_id: input.user_id,
    provider: provider.slug,
    source_type: provider.source_type,
    connect_mode: isMobileSdkProviderSlug(provider.slug) ? (input.connect_mode ?? 'auto') : null,
  });
}
