import type { operations } from '../../../../generated/team/schema.js';
import { namesCallersTeam, otherTeamMessage } from '../../../domain/link/team-scope.js';
import { listBulkOps as listOps, type BulkOpCursor } from '../../../storage/repositories/bulk-ops.js';
import { ValidationFailure } from '../../api-error.js';
import { decodeCursor, encodeCursor } from '../../cursor.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { toBulkOps } from './bulk-op-views.js';

/** GET /v2/link/bulk_op: the team's bulk operations, newest first, cursor-paged. */
export const listBulkOps =
  (deps: Deps): Handler<operations['listBulkOps'], TeamContext> =>
  async ({ query }, { teamId }) => {
    if (!namesCallersTeam(query.team_id, teamId)) throw ValidationFailure.single(['query', 'team_id'], otherTeamMessage(query.team_id!));
    const after = decodeCursor<{ started_at: string; id: string }>(query.next_cursor, ['started_at', 'id'], 'next_cursor');
    const pageSize = query.page_size ?? 10;
    if (pageSize === 0) return { status: 200, body: { data: [], next_cursor: query.next_cursor ?? null } };
    const page = await listOps(deps.db, { team_id: teamId, after: after as BulkOpCursor | null, limit: pageSize });
    return { status: 200, body: { data: await toBulkOps(deps, teamId, page.ops), next_cursor: page.next ? encodeCursor(page.next) : null } };
  };
