/**
 * What the appointment handlers share: their jobs' dependencies from the app's, and a refused
 * outcome as the API answers it (a `detail` with its status, or the validation 422).
 */
import type { AppointmentDeps, Refused } from '../../../jobs/lab-appointments/context.js';
import { ApiError, ValidationFailure } from '../../api-error.js';
import type { Deps } from '../context.js';

export const appointmentDeps = (deps: Deps): AppointmentDeps => ({
  db: deps.db,
  now: deps.now,
  caches: deps.caches.labAppointments,
  formatters: deps.caches.dataReads.formatters,
  transitionCaches: deps.caches.labOrders,
});

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
