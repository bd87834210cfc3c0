-- Appointments of lab orders (at-home phlebotomy visits and walk-in patient service center
-- visits), and the booking keys already used. An appointment's wire fields are its `body`, its
-- history (`events`, oldest first) lives in its row as an order's does (migration 019); status,
-- place and start are columns for the rules that read them: one appointment still to happen per
-- order (the partial unique index), and a slot's remaining capacity (lab_appointments_slot).
CREATE TABLE lab_appointments (
  id            uuid PRIMARY KEY,
  -- The order appointments of one order were made in (several can share a created_at).
  seq           bigint GENERATED ALWAYS AS IDENTITY,
  team_id       uuid NOT NULL,
  order_id      uuid NOT NULL REFERENCES lab_orders (id) ON DELETE CASCADE,
  user_id       uuid NOT NULL,
  type          text NOT NULL,
  status        text NOT NULL,
  -- Where the slot is counted: the zip code of an at-home visit, the site code of a center.
  location_code text,
  start_at      timestamptz(3),
  body          json NOT NULL,
  events        json NOT NULL,
  created_at    timestamptz(3) NOT NULL,
  updated_at    timestamptz(3) NOT NULL
);
CREATE INDEX lab_appointments_order ON lab_appointments (order_id, seq);
CREATE UNIQUE INDEX lab_appointments_one_active ON lab_appointments (order_id)
  WHERE status IN ('pending', 'reserved', 'confirmed', 'in_progress');
CREATE INDEX lab_appointments_slot ON lab_appointments (location_code, start_at)
  WHERE status IN ('pending', 'reserved', 'confirmed', 'in_progress');

-- A booking key is used once: its digest, stored with the booking or rescheduling that used it.
-- A row is of no use once its key has expired (a key is refused then anyway).
CREATE TABLE lab_appointment_booking_keys (
  key_digest     text PRIMARY KEY,
  team_id        uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  appointment_id uuid NOT NULL,
  expires_at     timestamptz(3) NOT NULL,
  used_at        timestamptz(3) NOT NULL
);
CREATE INDEX lab_appointment_booking_keys_expiry ON lab_appointment_booking_keys (expires_at);
