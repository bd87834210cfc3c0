import type { operations } from '../../../../generated/team/schema.js';
import { cancelAppointment } from '../../../jobs/lab-appointments/appointments.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { appointmentDeps, orThrow } from './appointment-views.js';

/** PATCH /v3/order/{order_id}/phlebotomy/appointment/cancel: cancels the at-home appointment. */
export const cancelPhlebotomyAppointment =
  (deps: Deps): Handler<operations['cancelPhlebotomyAppointment'], TeamContext> =>
  async ({ path, body }, { teamId }) => {
    const answer = orThrow(await cancelAppointment(appointmentDeps(deps), { team_id: teamId, order_id: path.order_id, kind: 'at_home_phlebotomy', reason_id: body.cancellation_reason_id, reasonLoc: ['body', 'cancellation_reason_id'], notes: body.notes ?? null }));
    return { status: 200, body: answer.appointment };
  };
