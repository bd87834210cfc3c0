/**
 * The recipes POST /v2/link/bulk_export answers: an imported connection's tokens as imported
 * (decrypted, server/jobs/connections/credential-cipher.ts), a linked connection's derived
 * ones (server/domain/connections/export.ts derivedRecipe).
 */
import { derivedRecipe } from '../../domain/connections/export.js';
import type { ProviderDefinition } from '../../domain/providers/catalog.js';
import type { Queryable } from '../../storage/database.js';
import { listConnectionCredentials } from '../../storage/repositories/connection-credentials.js';
import type { ConnectionRecord } from '../../storage/repositories/connections.js';
import { credentialKey, decryptCredential } from './credential-cipher.js';

export async function exportRecipes(
  deps: { db: Queryable },
  teamId: string,
  connections: readonly ConnectionRecord[],
  provider: Pick<ProviderDefinition, 'slug' | 'auth_type' | 'supported_resources'>,
) {
  const stored = new Map((await listConnectionCredentials(deps.db, { team_id: teamId, connection_ids: connections.map((c) => c.id) })).map((c) => [c.connection_id, c]));
  const key = stored.size > 0 ? await credentialKey(deps.db) : null;
  return connections.map((connection) => {
    const derived = derivedRecipe(connection, provider);
    const credentials = stored.get(connection.id);
    if (!credentials || !key) return derived;
    return {
      user_id: connection.user_id,
      access_token: decryptCredential(key, credentials.access_token_enc),
      refresh_token: decryptCredential(key, credentials.refresh_token_enc),
      provider_id: connection.external_user_id ?? derived.provider_id,
      expires_at: credentials.expires_at,
      oauth_scopes: credentials.oauth_scopes,
    };
  });
}
