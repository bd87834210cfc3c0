import type { operations } from '../../../../generated/team/schema.js';
import { toLabTestView } from '../../../domain/lab-tests/catalog.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireLabTest } from './lab-test-views.js';

/** GET /v3/lab_tests/{lab_test_id}: Get a lab test. */
export const getLabTest =
  (deps: Deps): Handler<operations['getLabTest'], TeamContext> =>
  async ({ path }, { teamId }) => ({ status: 200, body: toLabTestView(deps.markers, await requireLabTest(deps, teamId, path.lab_test_id)) });
