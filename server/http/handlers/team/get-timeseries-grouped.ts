import type { operations } from '../../../../generated/team/schema.js';
import { MAX_RANGE_DAYS } from '../../../domain/data/ranges.js';
import { readTimeseriesPage } from '../../../jobs/data-reads/read-data.js';
import type { Handler } from '../../handler-types.js';
import { PRIORITY_OF_READ } from '../../../domain/team/source-priorities.js';
import type { Deps, TeamContext } from '../context.js';
import { isLabTimeseriesResource, type LabSampleGroup } from '../../../domain/lab-results/timeseries.js';
import { readLabTimeseries } from './lab-timeseries-views.js';
import { decodeDayCursor, encodeDayCursor, prepareRangedRead, readBody, requireTimeseriesResource } from './data-read-views.js';

/** Samples per page of the grouped timeseries (a page holds whole local days; one day over it is a page alone). */
export const GROUPED_PAGE_SAMPLES = 10_000;

/** GET /v2/timeseries/{user_id}/{resource}/grouped: one page of samples, grouped by provider and source. */
export const getTimeseriesGrouped =
  (deps: Deps): Handler<operations['getTimeseriesGrouped'], TeamContext> =>
  async ({ path, query }, { teamId }) => {
    if (isLabTimeseriesResource(path.resource)) {
      // A user's lab results are a few samples: one page, whatever the range.
      const groups: Record<string, Pick<LabSampleGroup, 'source' | 'data'>[]> = {};
      for (const group of await readLabTimeseries(deps, teamId, path.user_id, path.resource, query, MAX_RANGE_DAYS)) {
        (groups[group.provider] ??= []).push({ source: group.source, data: group.data });
      }
      return { status: 200, body: { groups, next_cursor: null, next: null } };
    }
    const { windows, range } = await prepareRangedRead(deps, teamId, path.user_id, query, MAX_RANGE_DAYS, PRIORITY_OF_READ.getTimeseriesGrouped);
    const cursorLoc = query.next_cursor !== undefined && query.next_cursor !== null ? 'next_cursor' : 'cursor';
    const fromDay = decodeDayCursor(path.user_id, path.resource, query, query.next_cursor ?? query.cursor, cursorLoc);
    const page = readTimeseriesPage(deps.caches.dataReads, windows, requireTimeseriesResource(path.resource), range, fromDay, GROUPED_PAGE_SAMPLES);
    const next = page.nextDay ? encodeDayCursor(path.user_id, path.resource, query, page.nextDay) : null;
    // What the body is made of: the cursor, and each group's provider, source and samples (the generator's records).
    const parts: unknown[] = [next];
    for (const group of page.groups) {
      parts.push(group.provider, JSON.stringify(group.source), group.data.length);
      for (const sample of group.data) parts.push(sample);
    }
    const body = readBody(deps, 'getTimeseriesGrouped', path.user_id, { resource: path.resource, ...query }, parts, () => {
      const groups: Record<string, { source: (typeof page.groups)[number]['source']; data: (typeof page.groups)[number]['data'] }[]> = {};
      for (const group of page.groups) (groups[group.provider] ??= []).push({ source: group.source, data: group.data });
      return { groups, next_cursor: next, next };
    });
    return { status: 200, body };
  };
