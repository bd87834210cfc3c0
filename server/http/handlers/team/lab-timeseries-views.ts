/**
 * The lab-sourced timeseries reads (`cholesterol`, `ige`, `igg`, and the deprecated
 * `cholesterol/<fraction>` reads): the user's final lab results as samples, under the data
 * reads' rules (the team's user or a 404; the same dates, range limits and `provider` check),
 * from server/domain/lab-results/timeseries.ts.
 */
import type { LabResults } from '../../../domain/lab-results/generate.js';
import { labOfReport, labTimeseries, type LabSampleGroup, type LabTimeseriesResource } from '../../../domain/lab-results/timeseries.js';
import { listUserFinalLabResults } from '../../../storage/repositories/lab-results.js';
import { MAX_PLAIN_TIMESERIES_DAYS } from '../../../domain/data/ranges.js';
import type { Deps } from '../context.js';
import { prepareRangedRead, type RangeQuery } from './data-read-views.js';

/** The groups of a lab timeseries read; a `provider` filter (a wearable's slug) keeps none, since no wearable delivers lab results. */
export async function readLabTimeseries(
  deps: Deps, teamId: string, userId: string, resource: LabTimeseriesResource, query: RangeQuery, maxDays: number, type?: string,
): Promise<LabSampleGroup[]> {
  const { range } = await prepareRangedRead(deps, teamId, userId, query, maxDays);
  if (query.provider) return [];
  const reports = await listUserFinalLabResults<LabResults>(deps.db, { team_id: teamId, user_id: userId });
  return labTimeseries(resource, reports, range, labOfReport, type);
}

/** The plain (deprecated) read: every sample of every lab, oldest first. */
export const plainLabSamples = (groups: readonly LabSampleGroup[]) =>
  groups.flatMap((group) => group.data).sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));

/**
 * The deprecated `cholesterol/<fraction>` reads: the plain cholesterol read's samples of that
 * fraction (`type`), under the plain read's rules (at most 31 days).
 */
export async function readCholesterolFraction(deps: Deps, teamId: string, userId: string, query: RangeQuery, fraction: 'total' | 'ldl' | 'hdl' | 'triglycerides') {
  return plainLabSamples(await readLabTimeseries(deps, teamId, userId, 'cholesterol', query, MAX_PLAIN_TIMESERIES_DAYS, fraction));
}
