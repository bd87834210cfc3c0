import type { operations } from '../../../../generated/team/schema.js';
import { statusesOf } from '../../../domain/lab-results/unmatched.js';
import { listUnmatchedResults as listRows } from '../../../storage/repositories/unmatched-results.js';
import { ValidationFailure } from '../../api-error.js';
import { decodeCursor, encodeCursor } from '../../cursor.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { unmatchedResultView } from './unmatched-result-views.js';

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/** GET /v3/unmatched_result: List unmatched results, newest first, paged by cursor. */
export const listUnmatchedResults =
  (deps: Deps): Handler<operations['listUnmatchedResults'], TeamContext> =>
  async ({ query }, { teamId }) => {
    const start = query.created_at_start ?? null;
    const end = query.created_at_end ?? null;
    if (start !== null && end !== null && start > end) throw ValidationFailure.single(['query', 'created_at_start'], `created_at_start ${start} is after created_at_end ${end}`);
    const after = decodeCursor<{ created_at: string; id: string }>(query.next_cursor, ['created_at', 'id'], 'next_cursor');
    const limit = query.limit ?? 50;
    const search = query.search_input?.trim() ? query.search_input.trim() : null;
    const { rows, total } = await listRows(deps.db, {
      team_id: teamId,
      statuses: statusesOf(query.status),
      decision_code: query.decision_code ?? null,
      lab_slug: query.lab_slug ?? null,
      created_from: start === null ? null : `${start}T00:00:00.000Z`,
      created_before: end === null ? null : nextDay(end),
      search,
      after,
      limit,
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      status: 200,
      body: {
        data: page.map(unmatchedResultView),
        next_cursor: rows.length > limit && last ? encodeCursor({ created_at: last.created_at, id: last.id }) : null,
        total,
      },
    };
  };
