import { createHash } from 'node:crypto';
import { resolveProviderFilter, resolveRange, type ReadRange } from '../../../domain/data/ranges.js';
import { dataTimeZone } from '../../../domain/data/windows.js';
import { isTimeseriesResource, type TimeseriesResource } from '../../../domain/synthetic/resources.js';
import { findDataWindows, type DataWindowRecord } from '../../../storage/repositories/data-windows.js';
import { ValidationFailure } from '../../api-error.js';
import { decodeCursor, encodeCursor } from '../../cursor.js';
import type { Deps } from '../context.js';
import { requireUser } from './views.js';

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

/** The user (404 when not the team's), then every violation of the range and provider (one 422), then the windows. */
export async function prepareRangedRead(deps: Deps, teamId: string, userId: string, query: RangeQuery, maxDays: number): Promise<RangedRead> {
  const user = await requireUser(deps.db, teamId, userId);
  const resolved = resolveRange(query, dataTimeZone(user.fallback_time_zone?.id), deps.now(), maxDays);
  const provider = resolveProviderFilter(query.provider);
  const errors = [...('errors' in resolved ? resolved.errors : []), ...('error' in provider ? [provider.error] : [])];
  if (errors.length > 0 || !('range' in resolved) || !('provider' in provider)) throw failure(errors);
  const windows = await findDataWindows(deps.db, { team_id: teamId, user_id: user.user_id, provider: provider.provider });
  return { windows, range: resolved.range };
}

/** The user's windows of `provider` (every provider when empty), after a 404 for another team's user and a 422 for an unknown slug. */
export async function prepareProviderRead(deps: Deps, teamId: string, userId: string, providerQuery: string | undefined): Promise<DataWindowRecord[]> {
  const user = await requireUser(deps.db, teamId, userId);
  const provider = resolveProviderFilter(providerQuery);
  if ('error' in provider) throw failure([provider.error]);
  return findDataWindows(deps.db, { team_id: teamId, user_id: user.user_id, provider: provider.provider });
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
  if (!DAY.test(position.day) || Number.isNaN(Date.parse(position.day)) || position.query !== queryKey(userId, resource, query)) {
    throw ValidationFailure.single(['query', loc], `Invalid ${loc}: pass the ${loc} of a previous page of the same query unchanged`);
  }
  return position.day;
}

/** The path's resource (the validator already refused values outside the spec's enum; this narrows the type). */
export function requireTimeseriesResource(resource: string): TimeseriesResource {
  if (!isTimeseriesResource(resource)) throw ValidationFailure.single(['path', 'resource'], `Unknown timeseries resource '${resource}'`, 'enum');
  return resource;
}
