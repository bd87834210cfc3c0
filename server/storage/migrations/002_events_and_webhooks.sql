-- Events and their webhook deliveries (the durable outbox). An event is written in the
-- same transaction as the change that caused it, together with one pending delivery per
-- matching endpoint; the delivery worker sends them afterwards.

CREATE TABLE webhook_endpoints (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id     uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  url         text NOT NULL,
  -- Event types or prefixes ending in '.*'; NULL for every event.
  event_types text[],
  description text,
  -- The Standard Webhooks signing secret (whsec_...). Needed in clear to sign deliveries.
  secret      text NOT NULL,
  created_on  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_team_id_idx ON webhook_endpoints (team_id, created_on, id);

CREATE TABLE events (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id    uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  event_type text NOT NULL,
  -- The whole envelope as delivered: event_type, data, team_id, user_id, client_user_id.
  payload    jsonb NOT NULL,
  -- Identity of the change the event reports: emitting it again (after a crash and a
  -- retry of the work) is a no-op, so no event is ever sent twice with different ids.
  dedup_key  text,
  created_on timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT events_dedup_key_key UNIQUE (dedup_key)
);
CREATE INDEX events_team_id_created_on_idx ON events (team_id, created_on);

CREATE TABLE webhook_deliveries (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  endpoint_id      uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id         uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  status           text NOT NULL DEFAULT 'pending' CONSTRAINT webhook_deliveries_status_check CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz(3) DEFAULT now(),
  last_attempt_at  timestamptz(3),
  last_status_code integer,
  last_error       text,
  -- Set while a worker is sending it (claimed with FOR UPDATE SKIP LOCKED).
  claimed_by       text,
  claimed_at       timestamptz(3),
  created_on       timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT webhook_deliveries_endpoint_event_key UNIQUE (endpoint_id, event_id)
);
-- The worker's queue: due pending deliveries, oldest first.
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_on DESC, id DESC);
