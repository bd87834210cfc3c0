import type { operations } from '../../../../generated/management/schema.js';
import { createTeam as insertTeam } from '../../../storage/repositories/teams.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';
import { requireOwnOrg, toTeamListItem } from './views.js';

/** POST /v1/org/{org_id}/team: a new team of the org (region `us` by default). */
export const createTeam =
  (deps: Deps): Handler<operations['createTeam'], ManagementContext> =>
  async ({ path, body }, { orgId }) => {
    await requireOwnOrg(deps.db, orgId, path.org_id);
    // The pattern allows whitespace, so a name of spaces only passes it; trimmed, it would be empty.
    const name = body.name.trim();
    if (name === '') throw ValidationFailure.single(['body', 'name'], 'name must contain at least one character that is not whitespace');
    const team = await insertTeam(deps.db, { org_id: path.org_id, name, region: body.region === 'eu' ? 'eu' : 'us' });
    return { status: 200, body: toTeamListItem(team) };
  };
