-- GET /v3/orders and POST /v3/order without the lab test inside every order row.
--
-- An order's lab_test (the LabTest with its markers, about 15 kB of JSON) was stored in each
-- order's body: a page of 50 orders read, decompressed, converted and parsed 50 copies of
-- it. Lab tests never change, so every order of one lab test (as it was when ordered) has
-- the same lab_test: it is now stored once, keyed by the SHA-256 of its JSON text, and the
-- order names it. Orders stored before this migration keep lab_test in their body
-- (lab_test_view is null for them) and read as before.
CREATE TABLE lab_order_lab_tests (
  digest text PRIMARY KEY,
  view   jsonb NOT NULL
);
ALTER TABLE lab_orders ADD COLUMN lab_test_view text REFERENCES lab_order_lab_tests (digest);

-- `total` of the list counts every matching order. Status and method filters count from
-- this index alone (once the rows are all-visible), instead of visiting every matching row.
CREATE INDEX lab_orders_team_status_method ON lab_orders (team_id, low_status, method);
-- The patient_name sort, and the patient_name and search_input filters once the substring is
-- turned into the names that contain it (below).
CREATE INDEX lab_orders_team_patient ON lab_orders (team_id, patient_name, created_at, id);
CREATE INDEX lab_orders_team_sample ON lab_orders (team_id, sample_id);

-- Every patient name a team's orders have (insertOrder adds it with the order; a name whose
-- orders are gone stays, matching nothing). A substring filter first finds the names that
-- contain it here, among a team's distinct names, then the orders with those names through
-- lab_orders_team_patient, instead of testing the name of every order of the team.
CREATE TABLE lab_order_patient_names (
  team_id      uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  patient_name text NOT NULL,
  PRIMARY KEY (team_id, patient_name)
);
INSERT INTO lab_order_patient_names (team_id, patient_name) SELECT DISTINCT team_id, patient_name FROM lab_orders;
