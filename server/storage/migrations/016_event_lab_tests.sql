-- Order events without the lab test inside every payload.
--
-- A `labtest.order.created` or `labtest.order.updated` event carries the order, and the order
-- its lab_test: about 15 kB of the event's 17 kB of JSON, the same for every order of one lab
-- test. Writing it into every event was most of the cost of POST /v3/order on PGlite (about
-- 0.4 ms of the 0.7 ms that storing an order and its event took). Order events now store the
-- payload with `null` in place of the lab test, name the lab test (its digest in
-- lab_order_lab_tests, as the order does since migration 009), and give the character
-- position of that `null` in the payload's text. Whoever reads an event puts the lab test back
-- there (events.ts, `eventBodySql`), so the text delivered and listed is the text the server
-- wrote before. Events written before this migration keep their lab test (lab_test_view null).
ALTER TABLE events
  ADD COLUMN lab_test_view text REFERENCES lab_order_lab_tests (digest),
  ADD COLUMN lab_test_at integer,
  ADD CONSTRAINT events_lab_test_spliced CHECK ((lab_test_view IS NULL) = (lab_test_at IS NULL) AND (lab_test_at IS NULL OR lab_test_at >= 0));

-- The lab test is put back into the event's text as it was written: `json` keeps the text the
-- server wrote (the text its digest is the SHA-256 of), where `jsonb` printed it back with
-- its keys reordered and spaces added. Values stored before keep jsonb's printing.
ALTER TABLE lab_order_lab_tests ALTER COLUMN view TYPE json USING view::json;
