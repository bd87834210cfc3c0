import type { operations } from '../../../../generated/team/schema.js';
import { readProfile } from '../../../jobs/data-reads/read-data.js';
import { notFound } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { prepareProviderRead } from './data-read-views.js';

/** GET /v2/summary/profile/{user_id}/raw: the provider record the profile was normalised from. */
export const getProfileRaw =
  (deps: Deps): Handler<operations['getProfileRaw'], TeamContext> =>
  async ({ path, query }, { teamId }) => {
    const found = readProfile(await prepareProviderRead(deps, teamId, path.user_id, query.provider));
    if (!found) throw notFound(`User ${path.user_id} has no profile: no connected provider${query.provider ? ` ${query.provider}` : ''} delivers one.`);
    return { status: 200, body: { profile: found.raw } };
  };
