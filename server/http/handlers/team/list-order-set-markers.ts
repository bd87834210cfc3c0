import type { operations } from '../../../../generated/team/schema.js';
import { listOrderSetMarkers as listOrderSet, resolveOrderSet, toClientFacingMarkerPage } from '../../../domain/lab-markers/catalog.js';
import { labAccountProblem, unknownLabAccount } from '../../../domain/lab-tests/catalog.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { teamMarkerCatalog } from './lab-account-views.js';
import { findTeamLabTests } from './lab-test-views.js';

/**
 * POST /v3/lab_tests/list_order_set_markers: List order set markers. The lab tests are the
 * team's, found as POST /v3/order finds an order set's (findTeamLabTests). An unknown lab
 * test id or add-on test code is a 422 naming it at its index, rather than a silently
 * smaller order set.
 */
export const listOrderSetMarkers =
  (deps: Deps): Handler<operations['listOrderSetMarkers'], TeamContext> =>
  async ({ query, body }, caller) => {
    const labTests = await findTeamLabTests(deps, caller.teamId, body.lab_test_ids ?? []);
    const catalog = teamMarkerCatalog(deps, caller);
    const { markers, problems } = resolveOrderSet(catalog, body, labTests);
    // The lab account: the team's, and reaching the lab of the markers (an order set has one lab).
    const labIds = [...new Set(markers.map((m) => m.lab_id))];
    const account = labIds.length === 1 ? labAccountProblem(catalog, labIds[0] as number, body.lab_account_id) : unknownLabAccount(catalog, body.lab_account_id);
    if (account) problems.push({ loc: account.loc, msg: account.msg });
    if (problems.length > 0) throw new ValidationFailure(problems.map((p) => ({ loc: ['body', ...p.loc], msg: p.msg, type: 'value_error' })));
    const page = listOrderSet(deps.markers, body, labTests, { page: query.page ?? 1, size: query.size ?? 50 });
    return { status: 200, body: toClientFacingMarkerPage(page) };
  };
