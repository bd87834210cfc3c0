import type { operations } from '../../../../generated/team/schema.js';
import { searchMarkers, toClientFacingMarkerPage, type MarkerSearchQuery } from '../../../domain/lab-markers/catalog.js';
import { markerPricingResponse } from '../../../domain/lab-markers/pricing.js';
import { deepFreeze } from '../../../shared/cache.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireKnownLabAccount, teamMarkerCatalog } from './lab-account-views.js';

/**
 * GET /v3/lab_tests/markers: List lab markers. A page depends only on the query and the app's
 * (static) catalog: it is kept by query (marker-pages), frozen in every environment, so the app
 * validates it once and then sends its memoised bytes.
 */
export const listMarkers =
  (deps: Deps): Handler<operations['listMarkers'], TeamContext> =>
  async ({ query }, caller) => {
    // A lab account of another team (or none at all) is a 422, not an empty page.
    const catalog = teamMarkerCatalog(deps, caller);
    requireKnownLabAccount(catalog, query.lab_account_id, ['query', 'lab_account_id']);
    const search: MarkerSearchQuery = {
      lab_id: query.lab_id ?? null,
      lab_slug: query.lab_slug ?? null,
      name: query.name ?? '',
      a_la_carte_enabled: query.a_la_carte_enabled ?? null,
      lab_account_id: query.lab_account_id ?? null,
      page: query.page ?? 1,
      size: query.size ?? 50,
    };
    const pricing = query.include_pricing === true;
    const page = deps.caches.labViews.markerPages.getOrSet(JSON.stringify({ ...search, pricing }), () => {
      const found = searchMarkers(catalog, search);
      return deepFreeze({ ...toClientFacingMarkerPage(found), ...(pricing ? { pricing: markerPricingResponse(catalog, found.markers) } : {}) });
    });
    return { status: 200, body: page };
  };
