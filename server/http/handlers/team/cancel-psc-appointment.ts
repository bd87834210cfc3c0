import type { operations } from '../../../../generated/team/schema.js';
import { cancelAppointment } from '../../../jobs/lab-appointments/appointments.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { appointmentDeps, orThrow } from './appointment-views.js';

/** PATCH /v3/order/{order_id}/psc/appointment/cancel: cancels the walk-in appointment. */
export const cancelPscAppointment =
  (deps: Deps): Handler<operations['cancelPscAppointment'], TeamContext> =>
  async ({ path, body }, { teamId }) => {
    const answer = orThrow(await cancelAppointment(appointmentDeps(deps), { team_id: teamId, order_id: path.order_id, kind: 'walk_in_test', reason_id: body.cancellationReasonId, reasonLoc: ['body', 'cancellationReasonId'], notes: body.note ?? null }));
    return { status: 200, body: answer.appointment };
  };
