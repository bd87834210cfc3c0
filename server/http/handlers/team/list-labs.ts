import type { operations } from '../../../../generated/team/schema.js';
import { listLabs as labsOf } from '../../../domain/lab-tests/catalog.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** GET /v3/lab_tests/labs: List labs. */
export const listLabs =
  (deps: Deps): Handler<operations['listLabs'], TeamContext> =>
  async () => ({ status: 200, body: labsOf(deps.markers) });
