-- Results a lab sent that matched no order of the team (GET /v3/unmatched_result): the review
-- as answered (`review`, the UnmatchedResult wire shape without the columns below), the
-- results themselves (`results`, the order results they become when accepted), and the columns
-- the queue filters and pages on. `user_id` is the user the result is about (its webhook's).
CREATE TABLE unmatched_results (
  id            uuid PRIMARY KEY,
  team_id       uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  user_id       uuid NOT NULL,
  status        text NOT NULL,
  decision_code text NOT NULL,
  lab_slug      text NOT NULL,
  patient_name  text NOT NULL,
  review        jsonb NOT NULL,
  results       jsonb NOT NULL,
  note          text,
  order_id      uuid,
  created_at    timestamptz(3) NOT NULL,
  updated_at    timestamptz(3) NOT NULL,
  reviewed_at   timestamptz(3)
);
-- The queue, newest first: WHERE team_id = $1 ... ORDER BY created_at DESC, id DESC.
CREATE INDEX unmatched_results_team_created_idx ON unmatched_results (team_id, created_at DESC, id DESC);
