/**
 * POST /v2/link/bulk_import: connects each recipe's user to the provider with the tokens the
 * team holds, as an OAuth link would (server/jobs/connections/connect-provider.ts: the
 * connection, `provider.connection.created`, the data window a fresh connection opens), stores
 * the tokens encrypted, and records the import as an ended bulk op (`link_bulk_import`), all in
 * one transaction: an import is stored whole or not at all.
 */
import { importDecision, importFailureMessage, importOrder, importReport, type ImportDecision } from '../../domain/connections/import.js';
import { externalUserIdFor } from '../../domain/connections/rules.js';
import { findProvider } from '../../domain/providers/catalog.js';
import type { Database, Queryable } from '../../storage/database.js';
import { recordEndedBulkOp, type BulkOpRecord } from '../../storage/repositories/bulk-ops.js';
import { saveConnectionCredentials } from '../../storage/repositories/connection-credentials.js';
import { lockConnection } from '../../storage/repositories/connections.js';
import { findUser } from '../../storage/repositories/users.js';
import { connectProvider } from './connect-provider.js';
import { credentialKey, encryptCredential } from './credential-cipher.js';

export interface ImportRecipe {
  user_id: string;
  access_token: string;
  refresh_token: string;
  provider_id: string;
  expires_at: number;
  oauth_scopes?: string[] | null | undefined;
}

export interface ImportResult {
  user_ids_imported: string[];
  user_ids_failed: string[];
  op: BulkOpRecord;
}

/** Imports the recipes (user ids distinct: the caller refuses repeats) and answers every user id in one list. */
export async function importConnections(db: Database, input: { team_id: string; provider: string; recipes: readonly ImportRecipe[] }): Promise<ImportResult> {
  const provider = findProvider(input.provider);
  if (!provider) throw new Error(`The catalog has no provider ${input.provider}`);
  return db.transaction(async (tx) => {
    const key = await credentialKey(tx);
    const failures = new Map<string, string>();
    for (const index of importOrder(input.recipes)) {
      const recipe = input.recipes[index]!;
      const userId = recipe.user_id.toLowerCase();
      const connectionId = await importOne(tx, { team_id: input.team_id, provider: provider.slug, user_id: userId, provider_id: recipe.provider_id });
      if (typeof connectionId !== 'string') {
        failures.set(userId, importFailureMessage(connectionId.reason, provider.slug));
        continue;
      }
      await saveConnectionCredentials(tx, {
        connection_id: connectionId,
        team_id: input.team_id,
        external_user_id: recipe.provider_id,
        access_token_enc: encryptCredential(key, recipe.access_token),
        refresh_token_enc: encryptCredential(key, recipe.refresh_token),
        expires_at: recipe.expires_at,
        oauth_scopes: recipe.oauth_scopes ?? null,
      });
    }
    const report = importReport(input.recipes, (id) => !failures.has(id));
    const op = await recordEndedBulkOp(tx, {
      team_id: input.team_id,
      type: 'link_bulk_import',
      provider: provider.slug,
      outcomes: input.recipes.map((r) => {
        const error = failures.get(r.user_id.toLowerCase()) ?? null;
        return { user_id: r.user_id.toLowerCase(), failed: error !== null, error };
      }),
    });
    return { ...report, op };
  });

  /**
   * One recipe: the id of the connection the tokens go to, or why the recipe fails. The
   * connection is locked before it is judged; a connection another import created meanwhile
   * (the insert waited for it) is judged again, locked, so one user and provider never get two.
   */
  async function importOne(tx: Queryable, recipe: { team_id: string; provider: string; user_id: string; provider_id: string }): Promise<string | { reason: 'not_a_user' | 'other_account' }> {
    const user = await findUser(tx, { team_id: recipe.team_id, user_id: recipe.user_id });
    const judge = async (): Promise<{ decision: ImportDecision; connection_id: string | null }> => {
      const connection = user ? await lockConnection(tx, recipe) : null;
      const decision = importDecision(
        {
          is_user: user !== null,
          connection: connection && { status: connection.status, external_user_id: connection.external_user_id ?? externalUserIdFor(connection.user_id, provider!) ?? connection.user_id },
        },
        recipe.provider_id,
      );
      return { decision, connection_id: connection?.id ?? null };
    };
    let { decision, connection_id } = await judge();
    if (decision.action === 'create') {
      const created = await connectProvider(tx, { team_id: recipe.team_id, user_id: recipe.user_id, provider: recipe.provider, external_user_id: recipe.provider_id });
      if (created?.created) return created.connection.id;
      ({ decision, connection_id } = await judge());
    }
    // Still nothing to connect to after a failed create: the user was deleted meanwhile.
    if (decision.action === 'create') return { reason: 'not_a_user' };
    if (decision.action === 'fail') return { reason: decision.reason };
    if (decision.action === 'repair') await connectProvider(tx, { team_id: recipe.team_id, user_id: recipe.user_id, provider: recipe.provider, external_user_id: recipe.provider_id });
    return connection_id!;
  }
}
