import type { operations } from '../../../../generated/team/schema.js';
import { labAccountProblem, toLabTestView } from '../../../domain/lab-tests/catalog.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireKnownLabAccount, teamMarkerCatalog } from './lab-account-views.js';
import { requireLabTest } from './lab-test-views.js';

/**
 * GET /v3/lab_tests/{lab_test_id}: Get a lab test. With `lab_account_id`, a lab test the lists
 * would leave out for that account (its lab is not the account's) is a 404, with the reason; an
 * account that is not one of the team's is a 422 naming it.
 */
export const getLabTest =
  (deps: Deps): Handler<operations['getLabTest'], TeamContext> =>
  async ({ path, query }, caller) => {
    const catalog = teamMarkerCatalog(deps, caller);
    requireKnownLabAccount(catalog, query.lab_account_id, ['query', 'lab_account_id']);
    const test = await requireLabTest(deps, caller.teamId, path.lab_test_id);
    const account = labAccountProblem(catalog, test.lab_id, query.lab_account_id);
    if (account) throw new ApiError(404, `Lab test ${path.lab_test_id} is not available through lab account ${query.lab_account_id}: ${account.msg}.`);
    return { status: 200, body: toLabTestView(deps.markers, test) };
  };
