-- An order event's status_detail is one of the API family's codes (OrderStatusDetail) or null.
-- Events stored before held words there (a cancellation by the team, an appointment booked):
-- those words move to the order's body.notes, one line each, oldest first, after what the notes
-- held, and the event's status_detail becomes null, so nothing said is lost. A status_detail
-- that already is a code stays. updated_at is left as it is: the order did not change.
WITH said AS (
  SELECT o.id, string_agg(e.value ->> 'status_detail', E'\n' ORDER BY e.ordinality) AS notes
  FROM lab_orders o, jsonb_array_elements(o.events::jsonb) WITH ORDINALITY AS e(value, ordinality)
  WHERE e.value ->> 'status_detail' IS NOT NULL
    AND e.value ->> 'status_detail' NOT IN (
      'fulfillment_error', 'date_of_collection_unspecified', 'demographic_information_unspecified',
      'demographic_information_mismatch', 'sample_quantity_not_sufficient', 'sample_contaminated',
      'sample_stability_exceeded', 'sample_hemolyzed', 'sample_improper_collection')
  GROUP BY o.id
)
UPDATE lab_orders o
SET events = (
      SELECT json_agg(
               CASE WHEN e.value ->> 'status_detail' IS NOT NULL
                     AND e.value ->> 'status_detail' NOT IN (
                       'fulfillment_error', 'date_of_collection_unspecified', 'demographic_information_unspecified',
                       'demographic_information_mismatch', 'sample_quantity_not_sufficient', 'sample_contaminated',
                       'sample_stability_exceeded', 'sample_hemolyzed', 'sample_improper_collection')
                    THEN e.value || '{"status_detail": null}'::jsonb
                    ELSE e.value END
               ORDER BY e.ordinality)
      FROM jsonb_array_elements(o.events::jsonb) WITH ORDINALITY AS e(value, ordinality)),
    body = (o.body::jsonb || jsonb_build_object('notes',
      CASE WHEN coalesce(o.body::jsonb ->> 'notes', '') = '' THEN said.notes
           ELSE (o.body::jsonb ->> 'notes') || E'\n' || said.notes END))::json
FROM said
WHERE o.id = said.id;
