-- An order's body (the wire fields that do not change with its status) is written whole and
-- read whole: `json` keeps the text as the server wrote it, where `jsonb` parsed it into its
-- binary form on every insert and printed it back on every read, as migration 014 found for
-- event payloads. On PGlite parsing was about 30 µs of each order stored by POST /v3/order
-- (10 bodies of 1.2 kB: 0.87 to 1.13 ms as jsonb, 0.67 to 0.80 ms as json); every page of the
-- order list printed 50 of them back. A status change that adds fields (the `body_patch` of
-- transitionOrder) merges them through jsonb, so the keys of that body come back in jsonb's
-- order afterwards (JSON objects are unordered; the Order's own fields are always in the
-- contract's order).
ALTER TABLE lab_orders ALTER COLUMN body TYPE json USING body::json;
