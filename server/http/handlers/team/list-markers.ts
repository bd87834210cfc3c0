import type { operations } from '../../../../generated/team/schema.js';
import { searchMarkers, toClientFacingMarkerPage } from '../../../domain/lab-markers/catalog.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** GET /v3/lab_tests/markers: List lab markers. */
export const listMarkers =
  (deps: Deps): Handler<operations['listMarkers'], TeamContext> =>
  async ({ query }) => {
    const page = searchMarkers(deps.markers, {
      lab_id: query.lab_id ?? null,
      lab_slug: query.lab_slug ?? null,
      name: query.name ?? '',
      a_la_carte_enabled: query.a_la_carte_enabled ?? null,
      lab_account_id: query.lab_account_id ?? null,
      page: query.page ?? 1,
      size: query.size ?? 50,
    });
    return { status: 200, body: toClientFacingMarkerPage(page) };
  };
