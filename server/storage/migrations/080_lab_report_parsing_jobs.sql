-- Lab report parsing jobs (POST /lab_report/v1/parser/job): the uploaded PDF until the job ends
-- (`file`, then NULL: the results stay), the job's status and results (`data`, the
-- ParsedLabReportData wire shape), and the worker's claim. A job in `started` whose claim is
-- absent or expired is taken by the next worker that looks, so a job queued or being parsed
-- when the server stopped is parsed after it starts again.
CREATE TABLE lab_report_parsing_jobs (
  id                 uuid PRIMARY KEY,
  team_id            uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  user_id            uuid NOT NULL,
  -- The user's reference when the job was made: its webhooks carry it.
  client_user_id     text NOT NULL,
  status             text NOT NULL,
  failure_reason     text,
  review_requested   boolean NOT NULL,
  needs_human_review boolean NOT NULL,
  is_reviewed        boolean NOT NULL DEFAULT false,
  data               jsonb,
  file               bytea,
  file_name          text NOT NULL,
  claimed_until      timestamptz(3),
  attempts           integer NOT NULL DEFAULT 0,
  created_at         timestamptz(3) NOT NULL,
  updated_at         timestamptz(3) NOT NULL
);
-- The worker's queue: the jobs still to parse, oldest first.
CREATE INDEX lab_report_parsing_jobs_pending_idx ON lab_report_parsing_jobs (created_at, id) WHERE status = 'started';
