import type { operations } from '../../../../generated/team/schema.js';
import { bookAppointment } from '../../../jobs/lab-appointments/appointments.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { appointmentDeps, orThrow } from './appointment-views.js';

/** POST /v3/order/{order_id}/psc/appointment/book: books a slot's key for a walk-in order. */
export const bookPscAppointment =
  (deps: Deps): Handler<operations['bookPscAppointment'], TeamContext> =>
  async ({ path, body }, { teamId }) => {
    const answer = orThrow(await bookAppointment(appointmentDeps(deps), { team_id: teamId, order_id: path.order_id, kind: 'walk_in_test', booking_key: body.booking_key, notes: body.appointment_notes ?? null }));
    return { status: 200, body: answer.appointment };
  };
