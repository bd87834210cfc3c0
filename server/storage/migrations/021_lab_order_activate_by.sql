-- The order list's `order_activation_types` filter (GET /v3/orders): an order is scheduled while
-- its `activate_by` day is after today (domain/lab-orders/activation.ts). The day was only in
-- the body (json, which a filter would parse on every row it tests): it is a column now, written
-- with the order, null for an order without one.
ALTER TABLE lab_orders ADD COLUMN activate_by date;
UPDATE lab_orders SET activate_by = (body ->> 'activate_by')::date WHERE body ->> 'activate_by' IS NOT NULL;

-- `scheduled` (few orders) finds its orders here.
CREATE INDEX lab_orders_team_activate_by ON lab_orders (team_id, activate_by) WHERE activate_by IS NOT NULL;
-- `current` is nearly every order: the list's default order carries the day as it carries the
-- status and method (migration 015), so that its total and its pages are still read from the
-- index alone.
DROP INDEX lab_orders_team_created;
CREATE INDEX lab_orders_team_created ON lab_orders (team_id, created_at, id) INCLUDE (low_status, method, activate_by);
