import { randomInt, randomUUID } from 'node:crypto';
import type { operations } from '../../../../generated/team/schema.js';
import { toOrderView } from '../../../domain/lab-orders/order.js';
import { resolveOrderLabTests } from '../../../domain/lab-orders/order-set.js';
import { newKitOrderBody } from '../../../domain/lab-orders/testkit.js';
import { createLabOrder } from '../../../jobs/lab-orders/create-order.js';
import type { NewLabOrder } from '../../../storage/repositories/lab-orders.js';
import { ApiError, ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { findTeamLabTests, storedLabTestView } from './lab-test-views.js';
import { requisitionFormUrl } from './requisition-url.js';
import { userNotFound } from './views.js';

/** A sample id as labs print them on the kit: `SB` and 10 digits (as POST /v3/order's). */
const newSampleId = () => `SB${String(randomInt(0, 1e10)).padStart(10, '0')}`;

/**
 * POST /v3/order/testkit: Create a testkit order. An unregistered kit of a testkit lab test of
 * the team, shipped to `shipping_details`: the order starts at `awaiting_registration`, with no
 * patient until one registers it (register-testkit.ts).
 */
export const createTestkitOrder =
  (deps: Deps): Handler<operations['createTestkitOrder'], TeamContext> =>
  async ({ body }, { teamId }) => {
    const found = await findTeamLabTests(deps, teamId, [body.lab_test_id]);
    const resolved = resolveOrderLabTests(deps.markers, {
      lab_test_ids: [body.lab_test_id],
      lab_test_loc: ['lab_test_id'],
      single_lab_test: true,
      add_on_marker_ids: [],
      add_on_provider_ids: [],
      collection_method: 'testkit',
      lab_accounts: body.lab_account_id ? [{ id: body.lab_account_id, loc: ['lab_account_id'] }] : [],
    }, found);
    if (!resolved.ok) {
      // A lab test of another method is a problem of the lab test named (the request names no method).
      const at = (loc: (string | number)[]) => (loc.length === 0 || loc[0] === 'collection_method' ? ['lab_test_id'] : loc);
      throw new ValidationFailure(resolved.problems.map((p) => ({ loc: ['body', ...at(p.loc)], msg: p.msg, type: 'value_error' })));
    }
    if (!('lab_test' in resolved)) throw new ApiError(500, 'One lab test resolved to a new one');
    const orderId = randomUUID();
    const at = deps.now().toISOString();
    const orderBody = newKitOrderBody({
      order_id: orderId,
      details_id: randomUUID(),
      shipment_id: randomUUID(),
      at,
      requisition_form_url: await requisitionFormUrl(deps, orderId, at),
      lab_test: storedLabTestView(deps, resolved.lab_test),
      health_insurance_id: null,
      passthrough: body.passthrough,
      lab_account_id: body.lab_account_id ?? null,
      shipping_details: { ...body.shipping_details, second_line: body.shipping_details.second_line ?? null },
    });
    const order: NewLabOrder = {
      id: orderId,
      team_id: teamId,
      user_id: body.user_id.toLowerCase(),
      lab_test_id: resolved.lab_test.id,
      method: 'testkit',
      status: 'received.testkit.awaiting_registration',
      low_status: 'awaiting_registration',
      // No patient yet: the list finds the kit by its recipient and sample id until it is registered.
      patient_name: '',
      sample_id: newSampleId(),
      activate_by: null,
      receiver_name: body.shipping_details.receiver_name.toLowerCase(),
      body: orderBody as unknown as Record<string, unknown>,
      at,
    };
    const outcome = await createLabOrder(deps.db, { team_id: teamId, idempotency: null, new_lab_test: null, order }, deps.caches.labOrders);
    if (outcome.outcome === 'user_not_found') throw userNotFound(body.user_id);
    if (outcome.outcome !== 'created') throw new ApiError(500, 'Unexpected outcome');
    return { status: 200, body: { order: toOrderView(outcome.order), status: 'success', message: 'Testkit order created' } };
  };
