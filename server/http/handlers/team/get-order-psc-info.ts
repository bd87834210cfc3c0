import type { operations } from '../../../../generated/team/schema.js';
import { CENTER_LABS, type Capability } from '../../../domain/lab-appointments/service-centers.js';
import { pscInfo } from '../../../jobs/lab-appointments/availability.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { appointmentDeps, orThrow } from './appointment-views.js';
import { requireOrder } from './order-views.js';

/** GET /v3/order/{order_id}/psc/info: the service centers of the order's lab around its patient's address. */
export const getOrderPscInfo =
  (deps: Deps): Handler<operations['getOrderPscInfo'], TeamContext> =>
  async ({ path, query }, { teamId }) => {
    const order = await requireOrder(deps, teamId, path.order_id);
    const labTest = order.body.lab_test as { lab?: { id?: number; slug?: string } } | undefined;
    const zip = (order.body.patient_address as { zip?: string } | undefined)?.zip ?? '';
    const lab = CENTER_LABS.find((l) => l.lab_id === labTest?.lab?.id);
    if (!lab) throw ValidationFailure.single(['path', 'order_id'], `the order's lab (${labTest?.lab?.slug ?? 'unknown'}) has no patient service centers`);
    const answer = orThrow(pscInfo(appointmentDeps(deps), { zip_code: zip, zipLoc: ['path', 'order_id'], lab: lab.slug, radius: query?.radius, capabilities: (query?.capabilities ?? null) as Capability[] | null }));
    return { status: 200, body: answer.body };
  };
