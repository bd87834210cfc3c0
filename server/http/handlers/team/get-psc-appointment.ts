import type { operations } from '../../../../generated/team/schema.js';
import { getAppointment } from '../../../jobs/lab-appointments/appointments.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { appointmentDeps, orThrow } from './appointment-views.js';

/** GET /v3/order/{order_id}/psc/appointment: the order's newest walk-in appointment. */
export const getPscAppointment =
  (deps: Deps): Handler<operations['getPscAppointment'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const answer = orThrow(await getAppointment(appointmentDeps(deps), { team_id: teamId, order_id: path.order_id, kind: 'walk_in_test' }));
    return { status: 200, body: answer.appointment };
  };
