-- What GET /v2/introspect/historical_pull reads of a user's pulls (issue 42). A trigger's claim
-- time is renewed by its lease, and its chunk progress is deleted when it completes, so neither
-- tells when a pull started or which days it covered once it ended: the first claim's time
-- (`started_at`) and the range of local days the pull fixed (`range_start`, `range_end`) are
-- kept on the trigger. Triggers finished before this migration have them null.
ALTER TABLE bulk_triggers
  ADD COLUMN started_at timestamptz(3),
  ADD COLUMN range_start date,
  ADD COLUMN range_end date,
  ADD CONSTRAINT bulk_triggers_range_check CHECK (range_start IS NULL OR range_end IS NULL OR range_start <= range_end);

-- The latest pull of a page of users per provider (introspection reads at most 200 users a page).
CREATE INDEX bulk_triggers_user_provider_idx ON bulk_triggers (user_id, provider);
