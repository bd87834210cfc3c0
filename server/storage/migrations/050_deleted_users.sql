-- Deleting a user keeps what a restore brings back (POST /v2/user/undo_delete) for a grace
-- period (USER_RESTORE_GRACE_DAYS in server/domain/users/restore.ts), then it is purged. The
-- live tables are cleaned as before (the user's row and, by cascade, everything of it), so no
-- read, sync or bulk pull has to know about deleted users; the archive is the rows themselves
-- (to_jsonb of each), restored with jsonb_populate_record so that columns added later travel too.
-- What is kept: the user row, its info, insurances, connections, data windows and devices.
-- Lab orders, results and every token or code are not kept (see docs/decisions.md).
CREATE TABLE deleted_users (
  user_id        uuid PRIMARY KEY,
  team_id        uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  client_user_id text NOT NULL,
  deleted_at     timestamptz(3) NOT NULL,
  archive        jsonb NOT NULL
);

-- undo_delete by client_user_id (the latest deletion of that reference wins).
CREATE INDEX deleted_users_team_client_idx ON deleted_users (team_id, client_user_id, deleted_at DESC);
-- The purge of archives past their grace period.
CREATE INDEX deleted_users_deleted_at_idx ON deleted_users (deleted_at);
