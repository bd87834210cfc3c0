-- The lab test lists' `order_key=updated_at` (GET /v3/lab_test, /v3/lab_tests), which the official
-- SDK offers: when a lab test's row was last written. No call changes a lab test once made (an
-- order's lab_test is the lab test as it was when ordered), so it is its created_at, filled so
-- for the lab tests before this migration and by default (now() is the transaction's start,
-- the same instant as created_at's default) for new ones.
ALTER TABLE lab_tests ADD COLUMN updated_at timestamptz(3);
UPDATE lab_tests SET updated_at = created_at;
ALTER TABLE lab_tests ALTER COLUMN updated_at SET NOT NULL, ALTER COLUMN updated_at SET DEFAULT now();
