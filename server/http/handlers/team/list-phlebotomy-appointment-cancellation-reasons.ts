import type { operations } from '../../../../generated/team/schema.js';
import { PHLEBOTOMY_CANCELLATION_REASONS } from '../../../domain/lab-appointments/appointments.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** GET /v3/order/phlebotomy/appointment/cancellation-reasons. */
export const listPhlebotomyAppointmentCancellationReasons =
  (_deps: Deps): Handler<operations['listPhlebotomyAppointmentCancellationReasons'], TeamContext> =>
  async () => ({ status: 200 as const, body: [...PHLEBOTOMY_CANCELLATION_REASONS] });
