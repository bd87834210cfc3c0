-- The lists the sandbox dashboard pages through (additive: indexes only).

-- GET /v2/user: a team's users newest first, paged by offset, and their count.
CREATE INDEX users_team_created_idx ON users (team_id, created_on DESC, id DESC);

-- GET /v1/org/{org_id}/team/{team_id}/event?event_type=...: a team's events of one type by
-- time (without the filter, events_team_id_created_on_idx serves the list).
CREATE INDEX events_team_type_created_idx ON events (team_id, event_type, created_on);
