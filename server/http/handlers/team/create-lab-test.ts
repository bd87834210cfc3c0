import type { operations } from '../../../../generated/team/schema.js';
import { resolveLabTestMarkers, slugOf, toLabTestView, type CollectionMethod } from '../../../domain/lab-tests/catalog.js';
import { insertLabTest } from '../../../storage/repositories/lab-tests.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { teamMarkerCatalog } from './lab-account-views.js';
import { toLabTestDefinition } from './lab-test-views.js';

/** POST /v3/lab_tests: Create a lab test. Every marker at fault is named in one 422. */
export const createLabTest =
  (deps: Deps): Handler<operations['createLabTest'], TeamContext> =>
  async ({ body }, caller) => {
    const teamId = caller.teamId;
    const resolved = resolveLabTestMarkers(teamMarkerCatalog(deps, caller), body.method as CollectionMethod, body);
    if (!resolved.ok) {
      throw new ValidationFailure(resolved.problems.map((p) => ({ loc: ['body', ...(p.loc.length > 0 ? p.loc : ['method'])], msg: p.msg, type: 'value_error' })));
    }
    const record = await insertLabTest(deps.db, {
      team_id: teamId,
      slug: slugOf(body.name),
      name: body.name,
      description: body.description,
      method: body.method,
      lab_id: resolved.lab_id,
      marker_ids: resolved.marker_ids,
      fasting: body.fasting ?? false,
      auto_generated: false,
    });
    return { status: 200, body: toLabTestView(deps.markers, toLabTestDefinition(record)) };
  };
