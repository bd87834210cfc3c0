/**
 * Bulk export and pause of connections (POST /v2/link/bulk_export, POST /v2/link/bulk_pause):
 * the recipe a connection is exported as, the page size, what an export cursor is bound to, and
 * how a pause request's users are reported. Pure.
 */
import { createHash } from 'node:crypto';
import type { ProviderDefinition } from '../providers/catalog.js';
import { externalUserIdFor } from './rules.js';

/** Connections per export page (the family has no page size parameter). */
export const EXPORT_PAGE_SIZE = 100;
/** How long the sandbox says an exported access token lives, from the connection's creation. */
const TOKEN_LIFETIME_SECONDS = 365 * 24 * 3600;

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/**
 * A connection made by a link, as the family exports it. The sandbox holds no provider tokens,
 * so they are derived from the connection's id: the same connection exports the same tokens
 * every time, and two connections never share one.
 */
export function derivedRecipe(
  connection: { id: string; user_id: string; created_on: string; external_user_id?: string | null },
  provider: Pick<ProviderDefinition, 'slug' | 'auth_type' | 'supported_resources'>,
) {
  return {
    user_id: connection.user_id,
    access_token: `sbx_at_${digest(`access:${connection.id}`)}`,
    refresh_token: `sbx_rt_${digest(`refresh:${connection.id}`)}`,
    provider_id: connection.external_user_id ?? externalUserIdFor(connection.user_id, provider) ?? connection.user_id,
    expires_at: Math.floor(Date.parse(connection.created_on) / 1000) + TOKEN_LIFETIME_SECONDS,
    oauth_scopes: [...provider.supported_resources],
  };
}

/** What an export cursor is bound to: the team, the provider and the users asked for (in any order and letter case). */
export function exportQueryKey(teamId: string, provider: string, userIds: readonly string[] | null | undefined): string {
  const users = userIds ? [...new Set(userIds.map((id) => id.toLowerCase()))].sort() : null;
  return createHash('sha256').update(JSON.stringify(['bulk_export', teamId.toLowerCase(), provider, users])).digest('base64url').slice(0, 16);
}

/** The state a pause found or left each connection in (null: the user has none to that provider, or is not the team's). */
export type PauseState = 'paused' | 'error' | null;

/** The pause's answer: every user id of the request in one list, in the request's order, lower case. */
export function pauseReport(userIds: readonly string[], stateOf: (userId: string) => PauseState) {
  const report = { user_ids_paused: [] as string[], user_ids_in_error: [] as string[], user_ids_not_connected: [] as string[] };
  for (const id of userIds.map((u) => u.toLowerCase())) {
    const state = stateOf(id);
    (state === 'paused' ? report.user_ids_paused : state === 'error' ? report.user_ids_in_error : report.user_ids_not_connected).push(id);
  }
  return report;
}

/** User ids that repeat an earlier one (compared without letter case), at their index. */
export function repeatedIds(userIds: readonly string[]): { index: number; first: number; id: string }[] {
  const firstIndex = new Map<string, number>();
  return userIds.flatMap((id, index) => {
    const first = firstIndex.get(id.toLowerCase());
    if (first === undefined) firstIndex.set(id.toLowerCase(), index);
    return first === undefined ? [] : [{ index, first, id }];
  });
}
