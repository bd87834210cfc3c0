-- POST /v2/link/bulk_import (issue 42): connections made from the OAuth tokens a team already
-- holds. The user's id at the provider that the import names becomes the connection's
-- external_user_id (null for a connection made by a link: its id is derived from the user
-- and the provider, server/domain/connections/rules.ts externalUserIdFor).
ALTER TABLE connections ADD COLUMN external_user_id text;

-- The imported tokens, one row per connection, removed with it. The tokens are secrets the
-- team gives us to act at the provider with, so they are stored encrypted, not hashed (a hash
-- could not be used, nor exported again by POST /v2/link/bulk_export): AES-256-GCM, each
-- value as base64url(iv || tag || ciphertext), under the server secret `connection_credentials`
-- (server_secrets, made once per database). No read returns these columns but the export.
CREATE TABLE connection_credentials (
  connection_id     uuid PRIMARY KEY REFERENCES connections (id) ON DELETE CASCADE,
  team_id           uuid NOT NULL,
  access_token_enc  text NOT NULL,
  refresh_token_enc text NOT NULL,
  expires_at        timestamptz(3) NOT NULL,
  oauth_scopes      text[],
  imported_at       timestamptz(3) NOT NULL DEFAULT now(),
  updated_at        timestamptz(3) NOT NULL DEFAULT now()
);
