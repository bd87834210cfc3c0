-- A team's order of sources per data type (PATCH /v2/team/source/priorities): the providers
-- listed first, in this order, then every other provider by slug. A data type without a row
-- orders its sources by slug. Reads without a provider filter list their sources in this order.
CREATE TABLE team_source_priorities (
  team_id    uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  data_type  text NOT NULL CONSTRAINT team_source_priorities_data_type_check CHECK (data_type IN ('workouts', 'activity', 'sleep', 'body', 'timeseries')),
  providers  text[] NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  PRIMARY KEY (team_id, data_type)
);
