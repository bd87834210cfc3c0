-- What the endpoint answered to a delivery's last attempt (additive): the start of the response
-- body, as the management API's delivery list and the dashboard show it. The worker keeps the
-- first 4096 bytes (cut back to a whole UTF-8 character, invalid bytes and NUL as U+FFFD) and
-- says whether it cut: see RESPONSE_BODY_LIMIT_BYTES in server/domain/webhooks/rules.ts.
-- Null when the last attempt got no answer (or before any attempt).
ALTER TABLE webhook_deliveries ADD COLUMN last_response_body text;
ALTER TABLE webhook_deliveries ADD COLUMN last_response_body_truncated boolean NOT NULL DEFAULT false;
