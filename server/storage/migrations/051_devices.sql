-- The device a provider reports for a user: one per (user, provider), with the id, manufacturer,
-- model and version the sandbox derives from them (server/domain/devices/catalog.ts). Recorded when
-- the connection is made (provider.device.created) and brought up to date by the data sync when
-- the provider's firmware moved on (provider.device.updated). Kept when the provider is
-- deregistered (the data it recorded stays readable too); deleted with the user.
CREATE TABLE devices (
  id                  uuid PRIMARY KEY,
  user_id             uuid NOT NULL,
  team_id             uuid NOT NULL,
  provider            text NOT NULL,
  source_type         text NOT NULL,
  app_id              text,
  device_manufacturer text,
  device_model        text,
  device_version      text,
  -- The provider's own id of the device (its serial number as the provider reports it).
  device_id           text,
  created_at          timestamptz(3) NOT NULL,
  updated_at          timestamptz(3) NOT NULL,
  CONSTRAINT devices_user_id_provider_key UNIQUE (user_id, provider),
  CONSTRAINT devices_user_fkey FOREIGN KEY (user_id, team_id) REFERENCES users (id, team_id) ON DELETE CASCADE
);
