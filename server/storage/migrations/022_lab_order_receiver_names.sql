-- The order list's `shipping_recipient_name` filter, and `search_input` matching the recipient
-- (GET /v3/orders), found as the patient name is (migration 009): the substring is first matched
-- against the team's distinct recipient names, then their orders are found by index, instead of
-- testing the name of every order of the team.
--
-- lower(the address's receiver_name), or the patient's full name (patient_name) when the order
-- gave none: domain/lab-orders/order.ts recipientName. Orders stored before this migration had
-- their receiver lowercased by PostgreSQL's lower() here, the server's by JavaScript's; the two
-- differ only for a few letters outside the database's encoding rules.
ALTER TABLE lab_orders ADD COLUMN receiver_name text;
UPDATE lab_orders SET receiver_name = coalesce(lower(body -> 'patient_address' ->> 'receiver_name'), patient_name);
ALTER TABLE lab_orders ALTER COLUMN receiver_name SET NOT NULL;
CREATE INDEX lab_orders_team_receiver ON lab_orders (team_id, receiver_name);

-- Every recipient name a team's orders have (insertOrders adds it with the order; a name whose
-- orders are gone stays, matching nothing), as lab_order_patient_names holds patient names.
CREATE TABLE lab_order_receiver_names (
  team_id       uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  receiver_name text NOT NULL,
  PRIMARY KEY (team_id, receiver_name)
);
INSERT INTO lab_order_receiver_names (team_id, receiver_name) SELECT DISTINCT team_id, receiver_name FROM lab_orders;
