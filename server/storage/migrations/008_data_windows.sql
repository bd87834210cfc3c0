-- The data plane stores no sample: a connection's data for one local day is derived from its
-- seed (server/domain/synthetic). What is stored is the window of that data a reader may see:
-- the local days from `history_start` to the day of `synced_through`, each as of
-- `synced_through` (the last sync, whose events announced it). A read never shows data past
-- `synced_through`, so it never shows what no event has announced yet.
--
-- One window per (user, provider). Opened when the connection is created (history_start =
-- the connection's local day, synced_through = the connection instant); a historical pull
-- moves history_start back; a sync moves synced_through to now. Deregistering the provider
-- ends the window (ended_at): the sync skips it and its history stays readable up to
-- synced_through. Connecting again opens a new window from the reconnection (the earlier
-- history is readable again once a historical pull reaches back to it).
CREATE TABLE data_windows (
  user_id        uuid NOT NULL,
  team_id        uuid NOT NULL,
  provider       text NOT NULL,
  -- The connection's source type (kept here: the connection row is deleted on deregister).
  source_type    text NOT NULL,
  -- First local day (in the user's time zone) of readable data.
  history_start  date NOT NULL,
  -- Instant up to which data was synced (and announced); reads show each day as of it.
  synced_through timestamptz(3) NOT NULL,
  opened_at      timestamptz(3) NOT NULL,
  -- Set when the provider was deregistered: no sync, no event, history stays readable.
  ended_at       timestamptz(3),
  PRIMARY KEY (user_id, provider),
  CONSTRAINT data_windows_user_fkey FOREIGN KEY (user_id, team_id) REFERENCES users (id, team_id) ON DELETE CASCADE,
  CONSTRAINT data_windows_ended_check CHECK (ended_at IS NULL OR synced_through <= ended_at)
);

-- The sync's batch query: open windows, least recently synced first.
CREATE INDEX data_windows_due_idx ON data_windows (synced_through, user_id, provider) WHERE ended_at IS NULL;

-- Connections made before this migration get a window from their connection instant (local
-- day in the user's time zone, UTC when it has none or an unknown one).
INSERT INTO data_windows (user_id, team_id, provider, source_type, history_start, synced_through, opened_at)
SELECT c.user_id, c.team_id, c.provider, c.source_type,
       (c.created_on AT TIME ZONE coalesce((SELECT name FROM pg_timezone_names WHERE name = u.fallback_time_zone), 'UTC'))::date,
       c.created_on, c.created_on
FROM connections c JOIN users u ON u.id = c.user_id;
