import type { operations } from '../../../../generated/team/schema.js';
import { readProfile } from '../../../jobs/data-reads/read-data.js';
import { notFound } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { prepareProviderRead } from './data-read-views.js';

/** GET /v2/summary/profile/{user_id}: the profile at `provider`, else at the provider connected first; 404 when none. */
export const getProfile =
  (deps: Deps): Handler<operations['getProfile'], TeamContext> =>
  async ({ path, query }, { teamId }) => {
    const found = readProfile(await prepareProviderRead(deps, teamId, path.user_id, query.provider));
    if (!found) throw notFound(`User ${path.user_id} has no profile: no connected provider${query.provider ? ` ${query.provider}` : ''} delivers one.`);
    return { status: 200, body: found.profile };
  };
