-- The historical pull engine: throttle state per (team, provider), chunk progress of the
-- triggers being pulled, and the data the pulls fetched (synthetic in the sandbox).

-- One row per (team, provider) throttle bucket. A worker claims triggers of a bucket only
-- while it holds this row (SELECT ... FOR UPDATE), so every process sharing the database
-- sees and extends the same window state and together they never exceed the allowance.
CREATE TABLE pull_throttle_buckets (
  team_id      uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  provider     text NOT NULL,
  -- Start times (epoch milliseconds) of the bucket's triggers that still count against a
  -- window policy, oldest first; trimmed at every claim.
  recent_starts jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- True while the bucket may have claimable pending triggers: set with every enqueue and
  -- requeue, cleared by a claim that found none. Workers poll only these buckets.
  has_pending  boolean NOT NULL DEFAULT false,
  -- Epoch milliseconds before which a claim would get nothing (window full); NULL: now.
  next_slot_ms bigint,
  PRIMARY KEY (team_id, provider)
);

INSERT INTO pull_throttle_buckets (team_id, provider, has_pending)
SELECT DISTINCT team_id, provider, true FROM bulk_triggers WHERE state = 'pending';

-- Finding expired claims (a worker died) without scanning every trigger ever created.
CREATE INDEX bulk_triggers_running_idx ON bulk_triggers (claimed_at) WHERE state = 'running';
-- "Has this op any trigger left?" (completeBulkOpIfDone, after every trigger) in O(log n)
-- instead of a scan of the op's triggers, which made the end of a large op quadratic.
CREATE INDEX bulk_triggers_open_idx ON bulk_triggers (op_id, user_id) WHERE state IN ('pending', 'running');

-- Progress of a trigger whose range spans several chunks: the range is fixed when its first
-- chunk is fetched (so a retry the next day pulls the same days) and `next_date` moves in
-- the transaction that stores each chunk. Removed when the trigger completes.
CREATE TABLE bulk_pull_progress (
  op_id      uuid NOT NULL,
  user_id    uuid NOT NULL,
  start_date date NOT NULL,
  end_date   date NOT NULL,
  next_date  date NOT NULL,
  PRIMARY KEY (op_id, user_id),
  CONSTRAINT bulk_pull_progress_trigger_fkey FOREIGN KEY (op_id, user_id) REFERENCES bulk_triggers (op_id, user_id) ON DELETE CASCADE,
  CONSTRAINT bulk_pull_progress_range_check CHECK (start_date <= next_date AND next_date <= end_date)
);

-- Data fetched from providers: one daily summary, or one day's batch of timeseries samples,
-- per row. The id derives from (user, provider, resource, date), so fetching a day again
-- replaces its row instead of adding a copy.
CREATE TABLE provider_data (
  id        uuid PRIMARY KEY,
  team_id   uuid NOT NULL,
  user_id   uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider  text NOT NULL,
  resource  text NOT NULL,
  kind      text NOT NULL CONSTRAINT provider_data_kind_check CHECK (kind IN ('summary', 'timeseries')),
  date      date NOT NULL,
  data      jsonb NOT NULL,
  pulled_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX provider_data_user_resource_date_idx ON provider_data (user_id, resource, date);
