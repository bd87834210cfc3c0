/**
 * `npm run listen` without a secret: the listener registers itself as a webhook
 * endpoint of the sandbox team through the management API, and removes that
 * endpoint when it stops, like a payments CLI's `listen`.
 *
 * What it needs, each from the environment first, else from
 * DATA_DIR/bootstrap.json (written by the first `npm start`; DATA_DIR defaults
 * to ./data):
 *
 *   MANAGEMENT_KEY            the management key          (bootstrap.json: management_key)
 *   ORG_ID, TEAM_ID           the team to register under  (bootstrap.json: org_id, team_id)
 *   MANAGEMENT_URL            the management API          (default http://127.0.0.1:$MANAGEMENT_PORT, 8001)
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createManagementClient, type ManagementClient } from '../../server/client/index.js';

export interface Registration {
  managementUrl: string;
  managementKey: string;
  orgId: string;
  teamId: string;
}

export interface RegisteredEndpoint {
  id: string;
  url: string;
  secret: string;
  /** Deletes the endpoint; safe to call more than once. */
  remove(): Promise<void>;
}

interface BootstrapFile {
  org_id?: string;
  team_id?: string;
  management_key?: string;
}

/** Where the management API, its key and the team come from (see the module comment). */
export function registrationFrom(env: NodeJS.ProcessEnv, managementUrlOption?: string): Registration {
  const dataDir = env.DATA_DIR || './data';
  const file = path.join(dataDir, 'bootstrap.json');
  const saved: BootstrapFile = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BootstrapFile) : {};
  const managementKey = env.MANAGEMENT_KEY || saved.management_key;
  const orgId = env.ORG_ID || saved.org_id;
  const teamId = env.TEAM_ID || saved.team_id;
  const missing = [
    !managementKey && 'MANAGEMENT_KEY',
    !orgId && 'ORG_ID',
    !teamId && 'TEAM_ID',
  ].filter(Boolean);
  if (missing.length > 0 || !managementKey || !orgId || !teamId) {
    throw new Error(
      `To register itself, listen needs ${missing.join(', ')}: set ${missing.length > 1 ? 'them' : 'it'} in the environment, or start the server once (npm start) so that ${file} exists; or pass --secret whsec_... of an endpoint you registered yourself.`,
    );
  }
  const managementUrl = (managementUrlOption ?? env.MANAGEMENT_URL ?? `http://127.0.0.1:${env.MANAGEMENT_PORT || 8001}`).replace(/\/+$/, '');
  return { managementUrl, managementKey, orgId, teamId };
}

const describeError = (error: unknown) => (typeof error === 'object' && error && 'detail' in error ? JSON.stringify((error as { detail: unknown }).detail) : String(error));

/** Registers `url` for every event of the team; the endpoint's secret comes back once, now. */
export async function registerEndpoint(registration: Registration, url: string, client?: ManagementClient): Promise<RegisteredEndpoint> {
  const management = client ?? createManagementClient({ baseUrl: registration.managementUrl, managementKey: registration.managementKey });
  const teamPath = { org_id: registration.orgId, team_id: registration.teamId };
  let created;
  try {
    created = await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', {
      params: { path: teamPath },
      body: { url, description: 'npm run listen (removed when it stops)' },
    });
  } catch (error) {
    throw new Error(`Could not reach the management API at ${registration.managementUrl} (${(error as Error).message}): is the server running (npm start)?`);
  }
  if (!created.data) throw new Error(`The management API refused to register ${url}: ${created.response.status} ${describeError(created.error)}`);
  const endpoint = created.data;
  let removed: Promise<void> | undefined;
  return {
    id: endpoint.id,
    url: endpoint.url,
    secret: endpoint.secret,
    remove: () =>
      (removed ??= (async () => {
        const { response, error } = await management.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', {
          params: { path: { ...teamPath, endpoint_id: endpoint.id } },
        });
        if (!response.ok && response.status !== 404) throw new Error(`Could not remove webhook endpoint ${endpoint.id}: ${response.status} ${describeError(error)}`);
      })()),
  };
}
