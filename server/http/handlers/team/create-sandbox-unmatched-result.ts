import type { operations } from '../../../../generated/team/schema.js';
import type { LabMarker } from '../../../domain/lab-markers/catalog.js';
import { standardLabTests } from '../../../domain/lab-tests/catalog.js';
import { createSandboxUnmatchedResult as createResult } from '../../../jobs/lab-results/unmatched.js';
import { findOrder } from '../../../storage/repositories/lab-orders.js';
import { findUser } from '../../../storage/repositories/users.js';
import { ApiError, ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { orderNotFound } from './order-views.js';
import { unmatchedResultView } from './unmatched-result-views.js';
import { userNotFound } from './views.js';

/** The patient a result names when the request names none. */
const MADE_UP_PATIENT = { first_name: 'Jordan', last_name: 'Avery', dob: '1979-08-02', gender: 'female' };

interface OrderBodyForReview {
  patient_details: { first_name?: string | null; last_name?: string | null; dob: string; gender: string };
  lab_test: { lab: { id: number; slug: string; name: string }; markers: LabMarker[] };
}

/** POST /v3/sandbox/unmatched_result: Make an unmatched result (sandbox), with its webhook. */
export const createSandboxUnmatchedResult =
  (deps: Deps): Handler<operations['createSandboxUnmatchedResult'], TeamContext> =>
  async ({ body }, { teamId }) => {
    const user = await findUser(deps.db, { team_id: teamId, user_id: body.user_id });
    if (!user) throw userNotFound(body.user_id);
    const interpretation = body.interpretation ?? 'normal';
    let input;
    if (body.order_id) {
      if (body.patient) throw ValidationFailure.single(['body', 'patient'], 'With order_id the result names the order\'s patient: leave patient out');
      const order = await findOrder(deps.db, teamId, body.order_id);
      if (!order) throw orderNotFound(body.order_id);
      if (order.user_id !== user.user_id) throw ValidationFailure.single(['body', 'order_id'], `Order ${body.order_id} is not an order of user ${body.user_id}`);
      const orderBody = order.body as unknown as OrderBodyForReview;
      const lab = deps.markers.labs.find((l) => l.id === orderBody.lab_test.lab.id);
      if (!lab) throw new ApiError(500, 'The order\'s lab is not in the catalog');
      const p = orderBody.patient_details;
      input = {
        lab,
        markers: orderBody.lab_test.markers,
        patient: { first_name: p.first_name ?? '', last_name: p.last_name ?? '', dob: p.dob.slice(0, 10), gender: p.gender },
        candidate: { order_id: order.id, user_id: order.user_id, low_status: order.low_status, provider_ids: orderBody.lab_test.markers.map((m) => m.provider_id) },
      };
    } else {
      const walkIn = standardLabTests(deps.markers).find((t) => t.method === 'walk_in_test');
      const lab = walkIn ? deps.markers.labs.find((l) => l.id === walkIn.lab_id) : undefined;
      if (!walkIn || !lab) throw new ApiError(500, 'The standard walk-in lab test is not in the catalog');
      const markers = walkIn.marker_ids.map((id) => deps.markers.index.markerById.get(id)).filter((m): m is LabMarker => m !== undefined);
      input = { lab, markers, patient: body.patient ?? MADE_UP_PATIENT, candidate: null };
    }
    const row = await createResult(deps.db, {
      team_id: teamId,
      user: { user_id: user.user_id, client_user_id: user.client_user_id },
      interpretation,
      at: deps.now().toISOString(),
      ...input,
    });
    return { status: 200, body: unmatchedResultView(row) };
  };
