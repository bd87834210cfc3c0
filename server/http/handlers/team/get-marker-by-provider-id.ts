import type { operations } from '../../../../generated/team/schema.js';
import { toClientFacingMarker } from '../../../domain/lab-markers/catalog.js';
import { labAccountProblem } from '../../../domain/lab-tests/catalog.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireKnownLabAccount, teamMarkerCatalog } from './lab-account-views.js';

/**
 * GET /v3/lab_tests/{lab_id}/markers/{provider_id}: Get a marker by its lab test code (trimmed,
 * any case). An unknown lab or code, or an account of another lab, is a 404 saying which; an
 * account that is not the team's, a 422.
 */
export const getMarkerByProviderId =
  (deps: Deps): Handler<operations['getMarkerByProviderId'], TeamContext> =>
  async ({ path, query }, caller) => {
    const catalog = teamMarkerCatalog(deps, caller);
    requireKnownLabAccount(catalog, query.lab_account_id, ['query', 'lab_account_id']);
    const lab = catalog.labs.find((l) => l.id === path.lab_id);
    if (!lab) throw new ApiError(404, `Lab ${path.lab_id} not found.`);
    const marker = (catalog.index.markersByCode.get(path.provider_id.trim().toLowerCase()) ?? []).find((m) => m.lab_id === lab.id);
    if (!marker) throw new ApiError(404, `Lab ${lab.slug} has no marker with test code ${path.provider_id}.`);
    const account = labAccountProblem(catalog, lab.id, query.lab_account_id);
    if (account) throw new ApiError(404, `Marker ${path.provider_id} of lab ${lab.slug} is not available through lab account ${query.lab_account_id}: ${account.msg}.`);
    return { status: 200, body: toClientFacingMarker(marker) };
  };
