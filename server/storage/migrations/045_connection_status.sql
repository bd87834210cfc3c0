-- A connection's state (issue 42): `connected`; `error` when it stopped working (in the
-- sandbox only when simulated: POST /v2/user/{user_id}/{provider}/simulate_error), with the
-- family's error details; `paused` by POST /v2/link/bulk_pause (no error). A connection that
-- is not `connected` does not sync (its data window is ended with the same statement's
-- transaction) and its historical pulls fail naming it; a fresh OAuth link or demo connection
-- makes it `connected` again and resumes its window.
ALTER TABLE connections
  ADD COLUMN status text NOT NULL DEFAULT 'connected'
    CONSTRAINT connections_status_check CHECK (status IN ('connected', 'error', 'paused')),
  ADD COLUMN error_type text,
  ADD COLUMN error_message text,
  -- When the connection left `connected` (the error's errored_at, or the pause).
  ADD COLUMN status_changed_at timestamptz(3),
  ADD CONSTRAINT connections_error_check CHECK ((status = 'error') = (error_type IS NOT NULL AND error_message IS NOT NULL)),
  ADD CONSTRAINT connections_status_changed_check CHECK ((status = 'connected') OR status_changed_at IS NOT NULL);

-- The bulk pull's look-up of the submitted users whose connection does not work: few rows.
CREATE INDEX connections_unavailable_idx ON connections (team_id, provider) WHERE status <> 'connected';
