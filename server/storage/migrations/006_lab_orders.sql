-- Lab tests defined by a team, lab orders with their status history, the pending
-- simulation step of each simulated order, the idempotency keys of POST /v3/order,
-- and the team's opt-in to partial-results webhooks.

ALTER TABLE teams ADD COLUMN lab_partial_results_enabled boolean NOT NULL DEFAULT false;

CREATE TABLE lab_tests (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id     uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  slug        text NOT NULL,
  name        text NOT NULL,
  description text NOT NULL,
  method      text NOT NULL,
  lab_id      integer NOT NULL,
  marker_ids  integer[] NOT NULL,
  fasting     boolean NOT NULL DEFAULT false,
  -- True for the lab test an order set with several tests or add-ons becomes.
  auto_generated boolean NOT NULL DEFAULT false,
  status      text NOT NULL DEFAULT 'active',
  created_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX lab_tests_team_name ON lab_tests (team_id, name, id);

CREATE TABLE lab_orders (
  id             uuid PRIMARY KEY,
  team_id        uuid NOT NULL,
  user_id        uuid NOT NULL,
  lab_test_id    uuid NOT NULL,
  method         text NOT NULL,
  -- The full status, <top>.<method>.<low>; low_status is its last part (the list filter).
  status         text NOT NULL,
  low_status     text NOT NULL,
  -- lower(first_name || ' ' || last_name): the patient_name filter and sort key.
  patient_name   text NOT NULL,
  sample_id      text NOT NULL,
  interpretation text,
  -- The wire fields that do not change with the status (patient, address, lab test, details...).
  body           jsonb NOT NULL,
  created_at     timestamptz(3) NOT NULL,
  updated_at     timestamptz(3) NOT NULL,
  CONSTRAINT lab_orders_user_fkey FOREIGN KEY (user_id, team_id) REFERENCES users (id, team_id) ON DELETE CASCADE
);
CREATE INDEX lab_orders_team_created ON lab_orders (team_id, created_at, id);
CREATE INDEX lab_orders_team_status_created ON lab_orders (team_id, low_status, created_at, id);
CREATE INDEX lab_orders_team_user ON lab_orders (team_id, user_id, created_at);
CREATE INDEX lab_orders_team_updated ON lab_orders (team_id, updated_at);

CREATE TABLE lab_order_events (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id      uuid NOT NULL REFERENCES lab_orders (id) ON DELETE CASCADE,
  status        text NOT NULL,
  status_detail text,
  created_at    timestamptz(3) NOT NULL
);
CREATE INDEX lab_order_events_order ON lab_order_events (order_id, id);

-- One row per order being simulated: the next step runs at next_step_at; the row goes
-- away with the step that reaches target_status (or a cancellation).
CREATE TABLE lab_order_simulations (
  order_id      uuid PRIMARY KEY REFERENCES lab_orders (id) ON DELETE CASCADE,
  team_id       uuid NOT NULL,
  target_status text NOT NULL,
  delay_ms      integer NOT NULL,
  flags         jsonb NOT NULL,
  next_step_at  timestamptz(3) NOT NULL
);
CREATE INDEX lab_order_simulations_due ON lab_order_simulations (next_step_at);

CREATE TABLE lab_order_idempotency_keys (
  team_id    uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  key        text NOT NULL,
  body_hash  text NOT NULL,
  order_id   uuid NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, key)
);
