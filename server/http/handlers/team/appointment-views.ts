/**
 * What the appointment handlers share: their jobs' dependencies from the app's, and a refused
 * outcome as the API answers it (a `detail` with its status, or the validation 422).
 */
import { bookAppointments, type AppointmentOutcome, type BookingInput } from '../../../jobs/lab-appointments/appointments.js';
import type { AppointmentDeps, Refused } from '../../../jobs/lab-appointments/context.js';
import { groupCommit } from '../../../storage/group-commit.js';
import { ApiError, ValidationFailure } from '../../api-error.js';
import type { Deps } from '../context.js';

export const appointmentDeps = (deps: Deps): AppointmentDeps => ({
  db: deps.db,
  now: deps.now,
  caches: deps.caches.labAppointments,
  formatters: deps.caches.dataReads.formatters,
  transitionCaches: deps.caches.labOrders,
});

/**
 * A book handler's bookings: those of one request round are made together (group commit,
 * bookAppointments), each answered as if made alone in the order they came.
 */
export function bookingsTogether(deps: Deps): (input: BookingInput) => Promise<AppointmentOutcome> {
  const jobDeps = appointmentDeps(deps);
  return groupCommit((batch: readonly BookingInput[]) => bookAppointments(jobDeps, batch), { schedule: deps.requestRounds.afterRequests });
}

/** Throws the error of a refused outcome. */
export function refusedError(refused: Refused): Error {
  if (refused.status === 422) return ValidationFailure.single(refused.loc, refused.msg);
  return new ApiError(refused.status, refused.detail);
}

/** The value of an outcome, or its error thrown. */
export function orThrow<T extends { ok: true }>(outcome: T | Refused): T {
  if (!outcome.ok) throw refusedError(outcome);
  return outcome;
}
