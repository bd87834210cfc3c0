-- Order transactions (GET /v3/order_transaction/{transaction_id}): an order and its redraws
-- share a transaction. A new order starts its own (`origin` initial); a redraw (POST
-- /v3/order/{order_id}/redraw) joins its parent's, with `parent_id` the order it redraws. Every
-- order stored before gets a transaction of its own. An order is redrawn at most once: the
-- unique index makes two concurrent redraws of one order store one.
ALTER TABLE lab_orders
  ADD COLUMN transaction_id uuid,
  ADD COLUMN origin text NOT NULL DEFAULT 'initial',
  ADD COLUMN parent_id uuid;
UPDATE lab_orders SET transaction_id = gen_random_uuid();
ALTER TABLE lab_orders ALTER COLUMN transaction_id SET NOT NULL;
CREATE INDEX lab_orders_team_transaction ON lab_orders (team_id, transaction_id);
CREATE UNIQUE INDEX lab_orders_one_redraw ON lab_orders (parent_id) WHERE parent_id IS NOT NULL;
