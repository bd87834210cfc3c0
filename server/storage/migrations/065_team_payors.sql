-- A team's own payors (POST /v3/payor): searchable with the catalog's payors and usable as the
-- payor_code of the team's insurances. The code is derived from the name, unique per team.
CREATE TABLE team_payors (
  team_id           uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  payor_code        text NOT NULL,
  name              text NOT NULL,
  org_address       jsonb NOT NULL,
  provider          text,
  provider_payor_id text,
  created_at        timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, payor_code)
);
