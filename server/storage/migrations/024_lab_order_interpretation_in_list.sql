-- The order list's `is_critical` and `interpretation` filters (GET /v3/orders) tested every row of
-- the team in the heap (130 to 230 ms for 100,000 orders, on a first read of a filter). The list's
-- default order carries the interpretation as it carries the status, the method and the day
-- (migrations 015 and 021), so that their totals and pages are read from the index alone. An
-- order's interpretation only changes with its status, which already writes its index entries.
DROP INDEX lab_orders_team_created;
CREATE INDEX lab_orders_team_created ON lab_orders (team_id, created_at, id) INCLUDE (low_status, method, activate_by, interpretation);
