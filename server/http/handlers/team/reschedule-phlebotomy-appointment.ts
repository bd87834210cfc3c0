import type { operations } from '../../../../generated/team/schema.js';
import { rescheduleAppointment } from '../../../jobs/lab-appointments/appointments.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { appointmentDeps, orThrow } from './appointment-views.js';

/** PATCH /v3/order/{order_id}/phlebotomy/appointment/reschedule: moves the at-home appointment to another slot. */
export const reschedulePhlebotomyAppointment =
  (deps: Deps): Handler<operations['reschedulePhlebotomyAppointment'], TeamContext> =>
  async ({ path, body }, { teamId }) => {
    const answer = orThrow(await rescheduleAppointment(appointmentDeps(deps), { team_id: teamId, order_id: path.order_id, kind: 'at_home_phlebotomy', booking_key: body.booking_key, notes: body.appointment_notes }));
    return { status: 200, body: answer.appointment };
  };
