import type { operations } from '../../../../generated/team/schema.js';
import { bookAppointments, type BookingInput } from '../../../jobs/lab-appointments/appointments.js';
import { groupCommit } from '../../../storage/group-commit.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { appointmentDeps, orThrow } from './appointment-views.js';

/**
 * POST /v3/order/{order_id}/psc/appointment/book: books a slot's key for a walk-in order. Concurrent bookings are made
 * together (group commit: jobs/lab-appointments/appointments.ts, bookAppointments).
 */
export const bookPscAppointment = (deps: Deps): Handler<operations['bookPscAppointment'], TeamContext> => {
  const jobDeps = appointmentDeps(deps);
  const book = groupCommit((batch: readonly BookingInput[]) => bookAppointments(jobDeps, batch), { schedule: deps.requestRounds.afterRequests });
  return async ({ path, body }, { teamId }) => {
    const answer = orThrow(await book({ team_id: teamId, order_id: path.order_id, kind: 'walk_in_test', booking_key: body.booking_key, notes: body.appointment_notes ?? null }));
    return { status: 200, body: answer.appointment };
  };
};
