import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Region } from './shared/values.js';
import { hashSecret, newManagementKey, newTeamApiKey } from './domain/credentials/secrets.js';
import { newWebhookSecret } from './domain/webhooks/rules.js';
import type { Database } from './storage/database.js';
import { createManagementKey, createTeamApiKey, findActiveManagementKeyByHash, findActiveTeamApiKeyByHash } from './storage/repositories/credentials.js';
import { createOrg } from './storage/repositories/orgs.js';
import { createTeam, setLinkMigrationEnabled } from './storage/repositories/teams.js';
import { createWebhookEndpoint, findWebhookEndpointByUrl, setWebhookEndpointSecret } from './storage/repositories/webhooks.js';

export interface BootstrapOptions {
  region: Region;
  /** Use this team API key instead of generating one (TEAM_API_KEY). */
  teamApiKey?: string | undefined;
  /** Use this management key instead of generating one (MANAGEMENT_KEY). */
  managementKey?: string | undefined;
  /** Where bootstrap.json is written (DATA_DIR). */
  dataDir: string;
  /** Register this URL as a webhook endpoint of the team, for every event (WEBHOOK_URL). */
  webhookUrl?: string | undefined;
  /** Its signing secret (WEBHOOK_SECRET); generated when the endpoint is new and none is given. */
  webhookSecret?: string | undefined;
}

export interface BootstrapWebhook {
  endpointId: string;
  url: string;
  secret: string;
  /** False when the endpoint was registered by an earlier start. */
  created: boolean;
}

/**
 * Where a sandbox key of this start comes from: `generated` by this (first) start, given by the
 * `environment` (TEAM_API_KEY / MANAGEMENT_KEY), or made by an `earlier start` (only in bootstrap.json).
 */
export type KeyOrigin = 'generated' | 'environment' | 'earlier start';

export interface SandboxIdentity {
  orgId: string;
  teamId: string;
  /** Keys are known only on first start, or when given by the environment. */
  teamApiKey?: string;
  managementKey?: string;
  /** Where each key comes from: the banner prints only a key this start generated. */
  keyOrigins: { teamApiKey: KeyOrigin; managementKey: KeyOrigin };
  created: boolean;
  /** The WEBHOOK_URL endpoint, when one was asked for. */
  webhook?: BootstrapWebhook;
}

export const BOOTSTRAP_FILE = 'bootstrap.json';

/**
 * On first start, creates the sandbox: one org with one team (link migration
 * enabled, so the bulk pull works out of the box), a team API key and a
 * management key, and writes them to DATA_DIR/bootstrap.json. On later starts
 * it finds that sandbox again; keys given by the environment are registered
 * when they are not yet, so scripts can always use known keys.
 */
export async function bootstrapSandbox(db: Database, options: BootstrapOptions): Promise<SandboxIdentity> {
  const identity = await db.transaction(async (tx): Promise<SandboxIdentity> => {
    const existing = await tx.one<{ org_id: string; team_id: string }>(
      `SELECT o.id AS org_id, t.id AS team_id FROM orgs o JOIN teams t ON t.org_id = o.id ORDER BY o.created_on, o.id, t.created_on, t.id LIMIT 1`,
    );
    if (existing) {
      const keyOrigins = {
        teamApiKey: options.teamApiKey ? 'environment' : 'earlier start',
        managementKey: options.managementKey ? 'environment' : 'earlier start',
      } as const;
      const result: SandboxIdentity = { orgId: existing.org_id, teamId: existing.team_id, keyOrigins, created: false };
      if (options.teamApiKey) {
        if (!(await findActiveTeamApiKeyByHash(tx, hashSecret(options.teamApiKey)))) {
          await createTeamApiKey(tx, { team_id: existing.team_id, key_hash: hashSecret(options.teamApiKey), label: 'TEAM_API_KEY' });
        }
        result.teamApiKey = options.teamApiKey;
      }
      if (options.managementKey) {
        if (!(await findActiveManagementKeyByHash(tx, hashSecret(options.managementKey)))) {
          await createManagementKey(tx, { org_id: existing.org_id, key_hash: hashSecret(options.managementKey) });
        }
        result.managementKey = options.managementKey;
      }
      return result;
    }
    const org = await createOrg(tx, { name: 'Sandbox organization' });
    const team = await createTeam(tx, { org_id: org.id, name: 'Sandbox team', region: options.region });
    await setLinkMigrationEnabled(tx, { team_id: team.id, enabled: true });
    const teamApiKey = options.teamApiKey ?? newTeamApiKey(options.region);
    const managementKey = options.managementKey ?? newManagementKey();
    await createTeamApiKey(tx, { team_id: team.id, key_hash: hashSecret(teamApiKey), label: 'bootstrap' });
    await createManagementKey(tx, { org_id: org.id, key_hash: hashSecret(managementKey) });
    const keyOrigins = {
      teamApiKey: options.teamApiKey ? 'environment' : 'generated',
      managementKey: options.managementKey ? 'environment' : 'generated',
    } as const;
    return { orgId: org.id, teamId: team.id, teamApiKey, managementKey, keyOrigins, created: true };
  });
  if (identity.created) {
    await mkdir(options.dataDir, { recursive: true });
    const file = path.join(options.dataDir, BOOTSTRAP_FILE);
    const content = { org_id: identity.orgId, team_id: identity.teamId, team_api_key: identity.teamApiKey, management_key: identity.managementKey };
    await writeFile(file, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  }
  if (options.webhookUrl) identity.webhook = await ensureWebhookEndpoint(db, identity.teamId, options.webhookUrl, options.webhookSecret);
  return identity;
}

/**
 * The team's endpoint for `url`, registered on first use: with `secret` when given (an
 * existing endpoint takes it over), else with a new one. Its secret is returned so the
 * banner can show it (`npm run listen -- --secret ...`).
 */
async function ensureWebhookEndpoint(db: Database, teamId: string, url: string, secret: string | undefined): Promise<BootstrapWebhook> {
  return db.transaction(async (tx) => {
    const existing = await findWebhookEndpointByUrl(tx, { team_id: teamId, url });
    if (existing) {
      if (secret && secret !== existing.secret) await setWebhookEndpointSecret(tx, { endpoint_id: existing.id, secret });
      return { endpointId: existing.id, url, secret: secret ?? existing.secret, created: false };
    }
    const endpoint = await createWebhookEndpoint(tx, { team_id: teamId, url, event_types: null, description: 'WEBHOOK_URL', secret: secret ?? newWebhookSecret() });
    return { endpointId: endpoint.id, url, secret: endpoint.secret, created: true };
  });
}
