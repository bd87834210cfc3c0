import { createHash } from 'node:crypto';
import { resolveProviderFilter, resolveRange, type ReadRange } from '../../../domain/data/ranges.js';
import { dataTimeZone } from '../../../domain/data/windows.js';
import { isTimeseriesResource, type TimeseriesResource } from '../../../domain/synthetic/resources.js';
import { Zone } from '../../../domain/synthetic/time-zone.js';
import { inSourceOrder, type PriorityResource } from '../../../domain/team/source-priorities.js';
import { MAX_BODY_PARTS } from '../../../jobs/data-reads/caches.js';
import { findUserDataWindows, type DataWindowRecord } from '../../../storage/repositories/data-windows.js';
import { ValidationFailure } from '../../api-error.js';
import { decodeCursor, encodeCursor } from '../../cursor.js';
import { isStorableDate } from '../../formats.js';
import type { Deps } from '../context.js';
import { userNotFound } from './views.js';

export interface RangeQuery {
  start_date?: string;
  end_date?: string;
  provider?: string;
}

/** What every ranged data read needs: the team's user, its windows (of `provider` when given) and the range in its time zone. */
export interface RangedRead {
  windows: DataWindowRecord[];
  range: ReadRange;
}

function failure(items: { loc: string; msg: string }[]): ValidationFailure {
  return new ValidationFailure(items.map((item) => ({ loc: ['query', item.loc], msg: item.msg, type: 'value_error' })));
}

/**
 * The team's user with its windows of `provider`, or a 404. Without `provider`, the windows come
 * in the team's order of `priority`'s sources (read in the same statement) when the read
 * follows one, else by provider slug.
 */
async function requireUserWindows(deps: Deps, teamId: string, userId: string, provider: string | null, priority: PriorityResource | null) {
  const ordered = provider === null ? priority : null;
  const found = await findUserDataWindows(deps.db, { team_id: teamId, user_id: userId, provider, priority: ordered });
  if (!found) throw userNotFound(userId);
  if (ordered === null) return found;
  return { ...found, windows: inSourceOrder(found.windows, (window) => window.provider, ordered, found.source_priorities) };
}

/**
 * The user (404 when not the team's), then every violation of the range and provider (one 422),
 * then the windows. The user and its windows are read in one statement; a read refused by a 422
 * has read them for nothing, which costs less than a second round trip on every good read.
 * `priority`: the data type whose source order the read follows without a provider filter
 * (PRIORITY_OF_READ).
 */
export async function prepareRangedRead(deps: Deps, teamId: string, userId: string, query: RangeQuery, maxDays: number, priority: PriorityResource | null = null): Promise<RangedRead> {
  const provider = resolveProviderFilter(query.provider);
  const found = await requireUserWindows(deps, teamId, userId, 'provider' in provider ? provider.provider : null, priority);
  const formatters = deps.caches.dataReads.formatters;
  const resolved = resolveRange(query, new Zone(dataTimeZone(found.time_zone, formatters), formatters), deps.now(), maxDays);
  const errors = [...('errors' in resolved ? resolved.errors : []), ...('error' in provider ? [provider.error] : [])];
  if (errors.length > 0 || !('range' in resolved) || !('provider' in provider)) throw failure(errors);
  return { windows: found.windows, range: resolved.range };
}

/** The user's windows of `provider` (every provider when empty), after a 404 for another team's user and a 422 for an unknown slug. */
export async function prepareProviderRead(deps: Deps, teamId: string, userId: string, providerQuery: string | undefined): Promise<DataWindowRecord[]> {
  const provider = resolveProviderFilter(providerQuery);
  const found = await requireUserWindows(deps, teamId, userId, 'provider' in provider ? provider.provider : null, null);
  if ('error' in provider) throw failure([provider.error]);
  return found.windows;
}

/** The grouped timeseries cursor: the local day the next page starts on, bound to its query. */
function queryKey(userId: string, resource: string, query: RangeQuery): string {
  return createHash('sha256')
    .update(JSON.stringify([userId.toLowerCase(), resource, query.start_date ?? '', query.end_date ?? '', query.provider ?? '']))
    .digest('base64url')
    .slice(0, 16);
}

export function encodeDayCursor(userId: string, resource: string, query: RangeQuery, day: string): string {
  return encodeCursor({ day, query: queryKey(userId, resource, query) });
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day a page starts on, or null for the first page; a cursor of another query or a forged one is a 422. */
export function decodeDayCursor(userId: string, resource: string, query: RangeQuery, cursor: string | null | undefined, loc: string): string | null {
  const position = decodeCursor<{ day: string; query: string }>(cursor, ['day', 'query'], loc);
  if (!position) return null;
  if (!DAY.test(position.day) || !isStorableDate(position.day) || position.query !== queryKey(userId, resource, query)) {
    throw ValidationFailure.single(['query', loc], `Invalid ${loc}: pass the ${loc} of a previous page of the same query unchanged`);
  }
  return position.day;
}

/** The path's resource (the validator already refused values outside the spec's enum; this narrows the type). */
export function requireTimeseriesResource(resource: string): TimeseriesResource {
  if (!isTimeseriesResource(resource)) throw ValidationFailure.single(['path', 'resource'], `Unknown timeseries resource '${resource}'`, 'enum');
  return resource;
}

/**
 * A body made by `build` from `parts` (records and primitives; the body must be a function of
 * them alone), reused while they are the same: the last body of each (operation, user, query)
 * is kept (the data-read-bodies cache) and answered again when each part is the same object or
 * equal primitive, which is the case for a read repeated between two syncs, whose records come
 * from the data-read-days cache. The body is frozen, kept or not: the app validates a frozen body
 * once and sends its memoised bytes from then on (createApiApp). A body of more than
 * MAX_BODY_PARTS parts is not kept.
 */
export function readBody<T extends object>(deps: Deps, operation: string, userId: string, query: object, parts: readonly unknown[], build: () => T): T {
  const bodies = deps.caches.dataReads.bodies;
  const key = `${operation}\u0000${userId.toLowerCase()}\u0000${JSON.stringify(query)}`;
  const kept = bodies.get(key);
  if (kept && sameParts(kept.parts, parts)) return kept.body as T;
  const body = Object.freeze(build());
  if (parts.length <= MAX_BODY_PARTS) bodies.set(key, { parts, body });
  return body;
}

function sameParts(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** `{[name]: items}`, the same frozen body as last time when the items are the same records. */
export const listBody = <K extends string, T>(deps: Deps, operation: string, userId: string, query: object, name: K, items: T[]): Record<K, T[]> =>
  readBody(deps, operation, userId, query, items, () => ({ [name]: items }) as Record<K, T[]>);
