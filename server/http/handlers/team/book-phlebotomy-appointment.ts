import type { operations } from '../../../../generated/team/schema.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { bookingsTogether, orThrow } from './appointment-views.js';

/** POST /v3/order/{order_id}/phlebotomy/appointment/book: books a slot's key for an at-home order, with the bookings that come with it (bookingsTogether). */
export const bookPhlebotomyAppointment = (deps: Deps): Handler<operations['bookPhlebotomyAppointment'], TeamContext> => {
  const book = bookingsTogether(deps);
  return async ({ path, body }, { teamId }) => {
    const answer = orThrow(await book({ team_id: teamId, order_id: path.order_id, kind: 'at_home_phlebotomy', booking_key: body.booking_key, notes: body.appointment_notes ?? null }));
    return { status: 200, body: answer.appointment };
  };
};
