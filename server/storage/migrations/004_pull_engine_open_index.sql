-- bulk_triggers_open_idx (003) keyed open triggers by (op_id, user_id): inserting 100,000
-- random user ids into it added about a fifth to the bulk trigger request before its 202.
-- Keyed by op_id alone, the entries of one op are one deduplicated posting list that inserts
-- append to, at almost no cost, and "has this op a trigger left?" (completeBulkOpIfDone,
-- after every trigger) is still answered from the first entry. Without any such index that
-- check scans the table (the planner picks a sequential scan for a large op), so per trigger
-- it would cost time proportional to every trigger ever stored.
DROP INDEX IF EXISTS bulk_triggers_open_idx;
CREATE INDEX bulk_triggers_open_idx ON bulk_triggers (op_id) WHERE state IN ('pending', 'running');
