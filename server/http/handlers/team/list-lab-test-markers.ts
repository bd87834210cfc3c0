import type { operations } from '../../../../generated/team/schema.js';
import { toClientFacingMarker } from '../../../domain/lab-markers/catalog.js';
import { labTestMarkersWithReflexes } from '../../../domain/lab-markers/pricing.js';
import { labAccountProblem } from '../../../domain/lab-tests/catalog.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireKnownLabAccount, teamMarkerCatalog } from './lab-account-views.js';
import { requireLabTest } from './lab-test-views.js';

/**
 * GET /v3/lab_tests/{lab_test_id}/markers: List the markers of a lab test, then its reflex
 * markers (domain/lab-markers/pricing.ts), one page at a time. The lab account rules are
 * GET /v3/lab_tests/{lab_test_id}'s.
 */
export const listLabTestMarkers =
  (deps: Deps): Handler<operations['listLabTestMarkers'], TeamContext> =>
  async ({ path, query }, caller) => {
    const catalog = teamMarkerCatalog(deps, caller);
    requireKnownLabAccount(catalog, query.lab_account_id, ['query', 'lab_account_id']);
    const test = await requireLabTest(deps, caller.teamId, path.lab_test_id);
    const account = labAccountProblem(catalog, test.lab_id, query.lab_account_id);
    if (account) throw new ApiError(404, `Lab test ${path.lab_test_id} is not available through lab account ${query.lab_account_id}: ${account.msg}.`);
    const markers = labTestMarkersWithReflexes(catalog, test.marker_ids);
    const page = query.page ?? 1;
    const size = query.size ?? 50;
    const start = (page - 1) * size;
    return {
      status: 200,
      body: { markers: markers.slice(start, start + size).map(toClientFacingMarker), total: markers.length, page, size, pages: Math.ceil(markers.length / size) },
    };
  };
