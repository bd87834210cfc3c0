-- The results of a lab order, generated when its simulation reaches partial_results (for
-- teams that receive partial results) or completed, and kept as generated: the result
-- endpoints and the result PDF read them, so an order reads the same results for ever.
-- Final results replace partial ones, never the other way round (storeLabResults).
CREATE TABLE lab_results (
  order_id       uuid PRIMARY KEY REFERENCES lab_orders (id) ON DELETE CASCADE,
  team_id        uuid NOT NULL,
  status         text NOT NULL CONSTRAINT lab_results_status_check CHECK (status IN ('partial', 'final')),
  interpretation text NOT NULL,
  -- The LabResultsRaw body.
  results        jsonb NOT NULL,
  created_at     timestamptz(3) NOT NULL,
  updated_at     timestamptz(3) NOT NULL
);
