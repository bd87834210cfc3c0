import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hashSecret, newManagementKey, newTeamApiKey } from './domain/credentials/secrets.js';
import type { Database } from './storage/database.js';
import { createManagementKey, createTeamApiKey, findActiveManagementKeyByHash, findActiveTeamApiKeyByHash } from './storage/repositories/credentials.js';
import { createOrg } from './storage/repositories/orgs.js';
import { createTeam, setLinkMigrationEnabled } from './storage/repositories/teams.js';

export interface BootstrapOptions {
  region: 'us' | 'eu';
  /** Use this team API key instead of generating one (TEAM_API_KEY). */
  teamApiKey?: string | undefined;
  /** Use this management key instead of generating one (MANAGEMENT_KEY). */
  managementKey?: string | undefined;
  /** Where bootstrap.json is written (DATA_DIR). */
  dataDir: string;
}

export interface SandboxIdentity {
  orgId: string;
  teamId: string;
  /** Keys are known only on first start, or when given by the environment. */
  teamApiKey?: string;
  managementKey?: string;
  created: boolean;
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
  const identity = await db.transaction(async (tx) => {
    const existing = await tx.one<{ org_id: string; team_id: string }>(
      `SELECT o.id AS org_id, t.id AS team_id FROM orgs o JOIN teams t ON t.org_id = o.id ORDER BY o.created_on, o.id, t.created_on, t.id LIMIT 1`,
    );
    if (existing) {
      const result: SandboxIdentity = { orgId: existing.org_id, teamId: existing.team_id, created: false };
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
    return { orgId: org.id, teamId: team.id, teamApiKey, managementKey, created: true };
  });
  if (identity.created) {
    await mkdir(options.dataDir, { recursive: true });
    const file = path.join(options.dataDir, BOOTSTRAP_FILE);
    const content = { org_id: identity.orgId, team_id: identity.teamId, team_api_key: identity.teamApiKey, management_key: identity.managementKey };
    await writeFile(file, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  }
  return identity;
}
