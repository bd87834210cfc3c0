import type { components, operations } from '../../../../generated/management/schema.js';
import { eventIdOfMessageId, webhookMessageId } from '../../../domain/webhooks/rules.js';
import { findTeamEventPosition, listTeamEvents as listEvents, type TeamEventCursor, type TeamEventRecord } from '../../../storage/repositories/events.js';
import { ValidationFailure } from '../../api-error.js';
import { decodeCursor, encodeCursor } from '../../cursor.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';
import { requireTeam } from './views.js';

type TeamEvent = components['schemas']['TeamEvent'];

const toTeamEvent = (event: TeamEventRecord): TeamEvent => ({
  id: webhookMessageId(event.id),
  event_type: event.payload.event_type,
  created_at: event.created_on,
  team_id: event.payload.team_id,
  user_id: event.payload.user_id,
  client_user_id: event.payload.client_user_id,
  data: event.payload.data as TeamEvent['data'],
});

/**
 * GET /v1/org/{org_id}/team/{team_id}/event: the team's emitted events, newest first and
 * cursor-paged, or with `after` (an event id) the ones emitted after it, oldest first (a live feed).
 */
export const listTeamEvents =
  (deps: Deps): Handler<operations['listTeamEvents'], ManagementContext> =>
  async ({ path, query }, { orgId }) => {
    const team = await requireTeam(deps.db, orgId, path);
    if (query.after !== undefined && query.next_cursor !== undefined && query.next_cursor !== null) {
      throw ValidationFailure.single(['query', 'after'], 'Pass either after (a live feed, oldest first) or next_cursor (older pages), not both');
    }
    const limit = query.limit ?? 50;
    const eventType = query.event_type ?? null;
    if (query.after !== undefined) {
      const eventId = eventIdOfMessageId(query.after);
      const after = eventId && (await findTeamEventPosition(deps.db, { team_id: team.id, event_id: eventId }));
      if (!after) throw ValidationFailure.single(['query', 'after'], `No event ${query.after} in this team; pass the id of an event it listed`);
      const page = await listEvents(deps.db, { team_id: team.id, event_type: eventType, after, limit });
      return { status: 200, body: { data: page.rows.map(toTeamEvent), next_cursor: null } };
    }
    const before = decodeCursor<{ created_on: string; id: string }>(query.next_cursor, ['created_on', 'id'], 'next_cursor');
    const page = await listEvents(deps.db, { team_id: team.id, event_type: eventType, before: before as TeamEventCursor | null, limit });
    return { status: 200, body: { data: page.rows.map(toTeamEvent), next_cursor: page.next ? encodeCursor(page.next) : null } };
  };
