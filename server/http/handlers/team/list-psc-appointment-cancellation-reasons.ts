import type { operations } from '../../../../generated/team/schema.js';
import { PSC_CANCELLATION_REASONS } from '../../../domain/lab-appointments/appointments.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** GET /v3/order/psc/appointment/cancellation-reasons. */
export const listPscAppointmentCancellationReasons =
  (_deps: Deps): Handler<operations['listPscAppointmentCancellationReasons'], TeamContext> =>
  async () => ({ status: 200 as const, body: [...PSC_CANCELLATION_REASONS] });
