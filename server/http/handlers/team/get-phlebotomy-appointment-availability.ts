import type { operations } from '../../../../generated/team/schema.js';
import { phlebotomyAvailability } from '../../../jobs/lab-appointments/availability.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { appointmentDeps, orThrow } from './appointment-views.js';

/** POST /v3/order/phlebotomy/appointment/availability: the free at-home slots at an address. */
export const getPhlebotomyAppointmentAvailability =
  (deps: Deps): Handler<operations['getPhlebotomyAppointmentAvailability'], TeamContext> =>
  async ({ query, body }, { teamId }) => {
    const answer = orThrow(await phlebotomyAvailability(appointmentDeps(deps), { team_id: teamId, address: body, start_date: query?.start_date ?? null }));
    return { status: 200, body: answer.body };
  };
