import type { operations } from '../../../../generated/team/schema.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { matchingLabTests, sortLabTests } from './list-lab-tests.js';

/** GET /v3/lab_tests (deprecated): every matching lab test, not paged. */
export const listLabTestsDeprecated =
  (deps: Deps): Handler<operations['listLabTestsDeprecated'], TeamContext> =>
  async ({ query }, caller) => ({
    status: 200,
    body: sortLabTests(await matchingLabTests(deps, caller, query), (query.order_key ?? 'name') as 'name', query.order_direction ?? 'asc').map((item) => item.view),
  });
