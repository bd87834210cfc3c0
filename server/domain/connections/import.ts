/**
 * Bulk import of connections (POST /v2/link/bulk_import): what an import does to a user's
 * connection, how a request's repeated users are found, the order recipes are stored in and
 * how the answer lists them. Pure.
 */

/** Recipes per request: the schema's maxItems, small enough to store in the request's transaction. */
export const IMPORT_MAX_RECIPES = 1000;

/** What the import finds for one recipe's user, read in its transaction. */
export interface ImportTarget {
  /** False when the id is not a user of the team (another team's, deleted, or no user). */
  is_user: boolean;
  /** The user's connection to the provider, when there is one. */
  connection: { status: 'connected' | 'error' | 'paused' | (string & {}); external_user_id: string } | null;
}

export type ImportDecision =
  /** No connection yet: create it (event, data window), then store the tokens. */
  | { action: 'create' }
  /** A connection in `error` or `paused` under the same account: repair it as a fresh link does, then store the tokens. */
  | { action: 'repair' }
  /** Connected under the same account: replace its tokens, nothing else (no event). */
  | { action: 'refresh' }
  | { action: 'fail'; reason: 'not_a_user' | 'other_account' };

/**
 * The import's rule for one recipe. A connection under another `external_user_id` is another
 * account at the provider: replacing its tokens would silently move the user's data to that
 * account, so the recipe fails and the connection stays as it is.
 */
export function importDecision(target: ImportTarget, providerId: string): ImportDecision {
  if (!target.is_user) return { action: 'fail', reason: 'not_a_user' };
  const connection = target.connection;
  if (!connection) return { action: 'create' };
  if (connection.external_user_id !== providerId) return { action: 'fail', reason: 'other_account' };
  return connection.status === 'connected' ? { action: 'refresh' } : { action: 'repair' };
}

/** Why a recipe failed, as its bulk op trigger records it. */
export function importFailureMessage(reason: 'not_a_user' | 'other_account', provider: string): string {
  return reason === 'not_a_user' ? 'Not a user of the team' : `Connected to ${provider} under another external_user_id`;
}

/** Recipes whose user id repeats an earlier recipe's (compared without letter case), at their index. */
export function repeatedRecipeUsers(recipes: readonly { user_id: string }[]): { index: number; first: number; id: string }[] {
  const firstIndex = new Map<string, number>();
  return recipes.flatMap(({ user_id: id }, index) => {
    const first = firstIndex.get(id.toLowerCase());
    if (first === undefined) firstIndex.set(id.toLowerCase(), index);
    return first === undefined ? [] : [{ index, first, id }];
  });
}

/**
 * The indexes of the recipes in the order the import stores them: by user id. Two imports
 * sharing users lock their connections in the same order, so on PostgreSQL they wait for each
 * other instead of deadlocking.
 */
export function importOrder(recipes: readonly { user_id: string }[]): number[] {
  const ids = recipes.map((r) => r.user_id.toLowerCase());
  return ids.map((_, i) => i).sort((a, b) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : a - b));
}

/** The answer: every recipe's user id (lower case) in one list, in the request's order. */
export function importReport(recipes: readonly { user_id: string }[], imported: (userId: string) => boolean) {
  const report = { user_ids_imported: [] as string[], user_ids_failed: [] as string[] };
  for (const id of recipes.map((r) => r.user_id.toLowerCase())) (imported(id) ? report.user_ids_imported : report.user_ids_failed).push(id);
  return report;
}
