-- The user's ingestion bounds (users.ingestion_start / ingestion_end: inclusive local days, null
-- for none) as a window's last sync applied them. No data dated outside the bounds is synced,
-- announced or read: a read shows a window's days within these and within the user's current
-- bounds (the narrower wins, so a narrowed bound hides its days at once); a sync emits nothing for
-- a day outside the user's bounds, announces whole (`.created`) the days of the window a widened
-- bound admits, and stores the bounds it applied (with `synced_through`). A read never shows a
-- day no event announced.
ALTER TABLE data_windows ADD COLUMN synced_ingestion_start date, ADD COLUMN synced_ingestion_end date;

-- Windows opened before this migration: the bounds their user has now.
UPDATE data_windows w SET synced_ingestion_start = u.ingestion_start, synced_ingestion_end = u.ingestion_end
FROM users u WHERE u.id = w.user_id;
