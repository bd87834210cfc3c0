-- Events older than the retention period (WEBHOOK_RETENTION_DAYS) are deleted with their
-- deliveries (server/jobs/webhooks/retention.ts): the oldest first by emission time, and
-- each one's deliveries found by event (the pending check, and the cascade of the delete).
CREATE INDEX events_created_on_idx ON events (created_on);
CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id);
