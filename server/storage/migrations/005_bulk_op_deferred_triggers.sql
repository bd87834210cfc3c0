-- A bulk pull of 100,000 users used to write its 100,000 trigger rows in the request that
-- created it (about 3 s on PGlite, with the primary key, the claim index and a foreign-key
-- check per row). Now the request stores the op with the ordered ids of its connected users
-- (pending_user_ids) and the number of them without a trigger row yet (unexpanded); the pull
-- worker writes the rows a chunk at a time, oldest op of a bucket first, in the transaction
-- that holds the bucket's lock and claims them (bulk-ops.ts expandBulkOpTriggers). A user
-- id not yet written is a pending trigger: counted as pending, and the op is not complete
-- until every one is written and finished. Ops written before this migration have every
-- trigger row already (unexpanded 0).
ALTER TABLE bulk_ops ADD COLUMN pending_user_ids uuid[];
ALTER TABLE bulk_ops ADD COLUMN unexpanded integer NOT NULL DEFAULT 0
  CONSTRAINT bulk_ops_unexpanded_check CHECK (unexpanded >= 0 AND unexpanded <= total);

-- The oldest op of a bucket that still has ids to write.
CREATE INDEX bulk_ops_unexpanded_idx ON bulk_ops (team_id, provider, started_at, id) WHERE unexpanded > 0;
