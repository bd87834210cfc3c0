-- A password sign-in that the provider answered with an MFA challenge (POST
-- /v2/link/provider/password/{provider} answering `pending_provider_mfa`): the provider whose
-- sign-in awaits its code with this link token. POST .../complete_mfa with the right code for
-- that provider connects it and uses the token up; the column is cleared when the token is used.
ALTER TABLE link_tokens ADD COLUMN pending_mfa_provider text;
