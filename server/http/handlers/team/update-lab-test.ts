import type { operations } from '../../../../generated/team/schema.js';
import { toLabTestView } from '../../../domain/lab-tests/catalog.js';
import { planLabTestChange } from '../../../domain/lab-tests/update.js';
import { updateLabTest as storeLabTestChange } from '../../../storage/repositories/lab-tests.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { toLabTestDefinition } from './lab-test-views.js';

/**
 * PATCH /v3/lab_tests/{lab_test_id}: Update a lab test (its name, whether it can be ordered). The
 * standard lab tests are a 400 (domain/lab-tests/update.ts); another team's is a 404. Orders keep
 * the lab test as it was (their snapshot is stored by content), and the views cached for new orders
 * are keyed by what a change can touch (storedLabTestView).
 */
export const updateLabTest =
  (deps: Deps): Handler<operations['updateLabTest'], TeamContext> =>
  async ({ path, body }, { teamId }) => {
    const plan = planLabTestChange(path.lab_test_id, body);
    if (!plan.ok) throw new ApiError(400, plan.detail);
    const record = await storeLabTestChange(deps.db, teamId, path.lab_test_id, { name: plan.name, status: plan.status, at: deps.now().toISOString() });
    if (!record) throw new ApiError(404, `Lab test ${path.lab_test_id} not found.`);
    return { status: 200, body: toLabTestView(deps.markers, toLabTestDefinition(record)) };
  };
