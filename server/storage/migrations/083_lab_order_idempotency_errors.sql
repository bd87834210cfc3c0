-- POST /v3/order keeps under an idempotency key the error it answered too, unless the request
-- said `X-Idempotency-Error: no-cache`: a retry with the key and the same body answers the same
-- error instead of running again. A key holds either the order it made or the error (its HTTP
-- status and JSON body), never both.
ALTER TABLE lab_order_idempotency_keys
  ALTER COLUMN order_id DROP NOT NULL,
  ADD COLUMN error_status integer,
  ADD COLUMN error_body jsonb,
  ADD CONSTRAINT lab_order_idempotency_keys_order_or_error CHECK (
    (order_id IS NOT NULL AND error_status IS NULL AND error_body IS NULL)
    OR (order_id IS NULL AND error_status IS NOT NULL AND error_body IS NOT NULL));
