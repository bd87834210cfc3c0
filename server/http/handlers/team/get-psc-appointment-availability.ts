import type { operations } from '../../../../generated/team/schema.js';
import { pscAvailability } from '../../../jobs/lab-appointments/availability.js';
import type { CenterLabSlug } from '../../../domain/lab-appointments/service-centers.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { appointmentDeps, orThrow } from './appointment-views.js';

/** POST /v3/order/psc/appointment/availability: the free walk-in slots of a lab's centers. */
export const getPscAppointmentAvailability =
  (deps: Deps): Handler<operations['getPscAppointmentAvailability'], TeamContext> =>
  async ({ query }, { teamId }) => {
    const answer = orThrow(await pscAvailability(appointmentDeps(deps), {
      team_id: teamId, lab: query.lab as CenterLabSlug, start_date: query.start_date ?? null, site_codes: query.site_codes ?? null, zip_code: query.zip_code ?? null, radius: query.radius ?? null,
    }));
    return { status: 200, body: answer.body };
  };
