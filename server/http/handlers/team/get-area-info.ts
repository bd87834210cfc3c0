import type { operations } from '../../../../generated/team/schema.js';
import type { CenterLabSlug } from '../../../domain/lab-appointments/service-centers.js';
import { unknownLabAccount } from '../../../domain/lab-tests/catalog.js';
import { areaInfo } from '../../../jobs/lab-appointments/availability.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { appointmentDeps, orThrow } from './appointment-views.js';
import { teamMarkerCatalog } from './lab-account-views.js';

/** GET /v3/order/area/info: at-home coverage and each lab's service centers around a zip code. */
export const getAreaInfo =
  (deps: Deps): Handler<operations['getAreaInfo'], TeamContext> =>
  async ({ query }, caller) => {
    // The team's own lab accounts: another team's is unknown here.
    const catalog = teamMarkerCatalog(deps, caller);
    const problem = unknownLabAccount(catalog, query.lab_account_id);
    if (problem) throw ValidationFailure.single(['query', ...problem.loc], problem.msg);
    const account = query.lab_account_id ? catalog.index.labAccountById.get(query.lab_account_id.toLowerCase()) ?? null : null;
    const labs = [...(query.labs ?? []), ...(query.lab ? [query.lab] : [])];
    const answer = orThrow(areaInfo(appointmentDeps(deps), { zip_code: query.zip_code, radius: query.radius, labs: labs.length > 0 ? (labs as CenterLabSlug[]) : null, accountLabIds: account?.lab_ids ?? null }));
    return { status: 200, body: answer.body };
  };
