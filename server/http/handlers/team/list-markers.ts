import type { operations } from '../../../../generated/team/schema.js';
import { searchMarkers, toClientFacingMarkerPage, type MarkerCatalog, type MarkerSearchQuery } from '../../../domain/lab-markers/catalog.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { memoise } from '../memo.js';

const pagesByCatalog = new WeakMap<MarkerCatalog, (query: MarkerSearchQuery) => Readonly<ReturnType<typeof toClientFacingMarkerPage>>>();

/** The pages of one (immutable) catalog, memoised by query. */
function pagesOf(catalog: MarkerCatalog) {
  let pages = pagesByCatalog.get(catalog);
  if (!pages) {
    pages = memoise((query: MarkerSearchQuery) => toClientFacingMarkerPage(searchMarkers(catalog, query)), (query) => JSON.stringify(query));
    pagesByCatalog.set(catalog, pages);
  }
  return pages;
}

/** GET /v3/lab_tests/markers: List lab markers. */
export const listMarkers =
  (deps: Deps): Handler<operations['listMarkers'], TeamContext> =>
  async ({ query }) => {
    const page = pagesOf(deps.markers)({
      lab_id: query.lab_id ?? null,
      lab_slug: query.lab_slug ?? null,
      name: query.name ?? '',
      a_la_carte_enabled: query.a_la_carte_enabled ?? null,
      lab_account_id: query.lab_account_id ?? null,
      page: query.page ?? 1,
      size: query.size ?? 50,
    });
    return { status: 200, body: page as ReturnType<typeof toClientFacingMarkerPage> };
  };
