import type { operations } from '../../../../generated/team/schema.js';
import { CENTER_LABS, type Capability } from '../../../domain/lab-appointments/service-centers.js';
import { labAccountProblem } from '../../../domain/lab-tests/catalog.js';
import { pscInfo } from '../../../jobs/lab-appointments/availability.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { appointmentDeps, orThrow } from './appointment-views.js';
import { teamMarkerCatalog } from './lab-account-views.js';

/** GET /v3/order/psc/info: a lab's service centers near a zip code. */
export const getPscInfo =
  (deps: Deps): Handler<operations['getPscInfo'], TeamContext> =>
  async ({ query }, caller) => {
    const lab = CENTER_LABS.find((l) => l.lab_id === query.lab_id);
    if (!lab) throw ValidationFailure.single(['query', 'lab_id'], `lab ${query.lab_id} has no patient service centers (labs with centers: ${CENTER_LABS.map((l) => `${l.lab_id} ${l.slug}`).join(', ')})`);
    const problem = labAccountProblem(teamMarkerCatalog(deps, caller), lab.lab_id, query.lab_account_id);
    if (problem) throw ValidationFailure.single(['query', ...problem.loc], problem.msg);
    const answer = orThrow(pscInfo(appointmentDeps(deps), { zip_code: query.zip_code, zipLoc: ['query', 'zip_code'], lab: lab.slug, radius: query.radius, capabilities: (query.capabilities ?? null) as Capability[] | null }));
    return { status: 200, body: answer.body };
  };
