import type { operations } from '../../../../generated/team/schema.js';
import { requestAppointment } from '../../../jobs/lab-appointments/appointments.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { appointmentDeps, orThrow } from './appointment-views.js';

/** POST /v3/order/{order_id}/phlebotomy/appointment/request: asks a provider for an at-home visit it confirms later. */
export const requestPhlebotomyAppointment =
  (deps: Deps): Handler<operations['requestPhlebotomyAppointment'], TeamContext> =>
  async ({ path, body }, { teamId }) => {
    const answer = orThrow(await requestAppointment(appointmentDeps(deps), { team_id: teamId, order_id: path.order_id, address: body.address, provider: body.provider, notes: body.appointment_notes ?? null }));
    return { status: 200, body: answer.appointment };
  };
