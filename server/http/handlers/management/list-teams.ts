import type { operations } from '../../../../generated/management/schema.js';
import { listTeams as listOrgTeams, type TeamCursor } from '../../../storage/repositories/teams.js';
import { decodeCursor, encodeCursor } from '../../cursor.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';
import { requireOwnOrg, toTeamListItem } from './views.js';

/** GET /v1/org/{org_id}/team: the org's teams, oldest first, 50 per page, filtered by region, name and team id. */
export const listTeams =
  (deps: Deps): Handler<operations['listTeams'], ManagementContext> =>
  async ({ path, query }, { orgId }) => {
    await requireOwnOrg(deps.db, orgId, path.org_id);
    const after = decodeCursor<{ created_on: string; id: string }>(query.next_cursor, ['created_on', 'id'], 'next_cursor');
    const page = await listOrgTeams(deps.db, {
      org_id: path.org_id,
      regions: query.region ?? null,
      search: query.search_query?.trim() || null,
      team_id: query.team_id ?? null,
      after: after as TeamCursor | null,
    });
    return { status: 200, body: { teams: page.teams.map(toTeamListItem), next_cursor: page.next ? encodeCursor(page.next) : null } };
  };
