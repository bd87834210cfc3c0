import type { operations } from '../../../../generated/team/schema.js';
import { rescheduleAppointment } from '../../../jobs/lab-appointments/appointments.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { appointmentDeps, orThrow } from './appointment-views.js';

/** PATCH /v3/order/{order_id}/psc/appointment/reschedule: moves the walk-in appointment to another slot. */
export const reschedulePscAppointment =
  (deps: Deps): Handler<operations['reschedulePscAppointment'], TeamContext> =>
  async ({ path, body }, { teamId }) => {
    const answer = orThrow(await rescheduleAppointment(appointmentDeps(deps), { team_id: teamId, order_id: path.order_id, kind: 'walk_in_test', booking_key: body.booking_key, notes: body.appointment_notes }));
    return { status: 200, body: answer.appointment };
  };
