import type { operations } from '../../../../generated/team/schema.js';
import { listOrderSetMarkers as listOrderSet, resolveOrderSet, toClientFacingMarkerPage } from '../../../domain/lab-markers/catalog.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/**
 * POST /v3/lab_tests/list_order_set_markers: List order set markers.
 * An unknown lab test id or add-on test code is a 422 naming it, rather than
 * a silently smaller order set.
 */
export const listOrderSetMarkers =
  (deps: Deps): Handler<operations['listOrderSetMarkers'], TeamContext> =>
  async ({ query, body }) => {
    const resolved = resolveOrderSet(deps.markers, body);
    const labTestIds = body.lab_test_ids ?? [];
    const providerIds = body.add_on?.provider_ids ?? [];
    const unknown = [
      ...resolved.unknown_lab_test_ids.map((id) => ({ loc: ['body', 'lab_test_ids', labTestIds.indexOf(id)], msg: `Unknown lab test ${id}`, type: 'value_error' })),
      ...resolved.unknown_provider_ids.map((id) => ({ loc: ['body', 'add_on', 'provider_ids', providerIds.indexOf(id)], msg: `Unknown marker test code ${id}`, type: 'value_error' })),
    ];
    if (unknown.length > 0) throw new ValidationFailure(unknown);
    const page = listOrderSet(deps.markers, body, { page: query.page ?? 1, size: query.size ?? 50 });
    return { status: 200, body: toClientFacingMarkerPage(page) };
  };
