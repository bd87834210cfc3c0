import type { operations } from '../../../../generated/team/schema.js';
import { listOrderSetMarkers as listOrderSet, resolveOrderSet, toClientFacingMarkerPage } from '../../../domain/lab-markers/catalog.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { findTeamLabTests } from './lab-test-views.js';

/**
 * POST /v3/lab_tests/list_order_set_markers: List order set markers. The lab tests are the
 * team's, found as POST /v3/order finds an order set's (findTeamLabTests). An unknown lab
 * test id or add-on test code is a 422 naming it at its index, rather than a silently
 * smaller order set.
 */
export const listOrderSetMarkers =
  (deps: Deps): Handler<operations['listOrderSetMarkers'], TeamContext> =>
  async ({ query, body }, { teamId }) => {
    const labTests = await findTeamLabTests(deps, teamId, body.lab_test_ids ?? []);
    const { problems } = resolveOrderSet(deps.markers, body, labTests);
    if (problems.length > 0) throw new ValidationFailure(problems.map((p) => ({ loc: ['body', ...p.loc], msg: p.msg, type: 'value_error' })));
    const page = listOrderSet(deps.markers, body, labTests, { page: query.page ?? 1, size: query.size ?? 50 });
    return { status: 200, body: toClientFacingMarkerPage(page) };
  };
