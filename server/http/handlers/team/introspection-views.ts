import { createHash } from 'node:crypto';
import { readIntrospectionPage, type IntrospectedUserWithConnections, type IntrospectionCursor } from '../../../storage/repositories/introspection.js';
import { ValidationFailure } from '../../api-error.js';
import { decodeCursor, encodeCursor } from '../../cursor.js';
import type { Deps } from '../context.js';
import { userNotFound } from './views.js';

/** The query of both introspection operations. */
export interface IntrospectionQuery {
  user_id?: string;
  provider?: string;
  user_limit?: number;
  cursor?: string;
  next_cursor?: string;
}

/** What a cursor is bound to: the team and the filters (a cursor of another team or query is refused). */
function queryKey(teamId: string, operation: string, query: IntrospectionQuery): string {
  return createHash('sha256')
    .update(JSON.stringify([operation, teamId.toLowerCase(), (query.user_id ?? '').toLowerCase(), query.provider ?? '']))
    .digest('base64url')
    .slice(0, 16);
}

export interface IntrospectionPage {
  /** The page's users, each with its connections (and their latest pulls when asked for). */
  users: IntrospectedUserWithConnections[];
  /** The cursor of the next page (as `next_cursor` and the deprecated `next`), null on the last. */
  next: string | null;
}

/**
 * The page of users an introspection answers, with their connections (to `provider` alone when
 * given) and, with `pulls`, each one's latest historical pull: `user_id` alone (a 404 when it is
 * not the team's), or the team's users (connected to `provider` when given), newest first,
 * `user_limit` at a time.
 * `next_cursor` (or the deprecated `cursor`) must be one this operation gave for the same team and
 * filters: anything else is a 422 naming the parameter sent.
 */
export async function introspectionPage(deps: Deps, teamId: string, operation: string, query: IntrospectionQuery, pulls: boolean): Promise<IntrospectionPage> {
  const sent = query.next_cursor !== undefined && query.next_cursor !== '' ? 'next_cursor' : 'cursor';
  const position = decodeCursor<{ created_on: string; id: string; query: string }>(query[sent], ['created_on', 'id', 'query'], sent);
  const key = queryKey(teamId, operation, query);
  if (position && position.query !== key) {
    throw ValidationFailure.single(['query', sent], `Invalid ${sent}: pass the ${sent} of a previous page of the same query unchanged`);
  }
  const after: IntrospectionCursor | null = position ? { created_on: position.created_on, id: position.id } : null;
  const page = await readIntrospectionPage(deps.db, { team_id: teamId, user_id: query.user_id ?? null, provider: query.provider ?? null, after, limit: query.user_limit ?? 50, pulls });
  if (query.user_id && !after && page.users.length === 0) throw userNotFound(query.user_id);
  return { users: page.users, next: page.next ? encodeCursor({ ...page.next, query: key }) : null };
}
