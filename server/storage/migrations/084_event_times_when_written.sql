-- An event's time, and its deliveries' first due time, is when the event is written, not when
-- its transaction began. On PostgreSQL a change that waits for a lock (an order's row, held
-- by another change of the order) writes its events after changes that began later and
-- committed first: timed by now(), they were listed, and first delivered, before those changes'
-- events, against the order the changes were made in; and the window in which a live feed
-- (GET .../event?after=) could pass over an event not committed yet spanned the whole
-- transaction, lock waits included. clock_timestamp() is read for each row as it is written
-- (the events of one statement in the order they are given).
ALTER TABLE events ALTER COLUMN created_on SET DEFAULT clock_timestamp();
ALTER TABLE webhook_deliveries
  ALTER COLUMN created_on SET DEFAULT clock_timestamp(),
  ALTER COLUMN next_attempt_at SET DEFAULT clock_timestamp();
