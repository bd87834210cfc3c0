/**
 * What the suite runs against: a server or a stateless mock (given, or detected),
 * and the organization id of the management key (given, or discovered).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createManagementClient } from '../../server/client/index.js';
import { readBundle } from './openapi.js';
import type { Target } from './context.js';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';

export type TargetKind = 'auto' | 'mock' | 'server';

export interface TargetOptions {
  baseUrl: string;
  apiKey: string;
  managementUrl?: string | undefined;
  managementKey?: string | undefined;
  orgId?: string | undefined;
  target?: TargetKind | undefined;
  /**
   * The reference server's bootstrap.json to take the org id from (default:
   * $DATA_DIR/bootstrap.json, else ./data/bootstrap.json, when it exists).
   */
  bootstrapFile?: string | undefined;
  fetch?: typeof fetch;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

export class TargetError extends Error {
  override name = 'TargetError';
}

/**
 * A stateless mock accepts any key value; a server answers 401 to a key it never
 * issued. So an unknown key on GET /v2/providers tells them apart.
 */
export async function detectKind(teamUrl: string, fetchImpl: typeof fetch = fetch): Promise<{ kind: 'mock' | 'server'; reason: string }> {
  const probe = `sk_us_conformance_probe_${randomBytes(8).toString('hex')}`;
  let response: Response;
  try {
    response = await fetchImpl(`${teamUrl}/v2/providers`, { headers: { [TEAM_API_KEY_HEADER]: probe } });
    await response.arrayBuffer();
  } catch (error) {
    throw new TargetError(`cannot reach the team API at ${teamUrl}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (response.status === 401) return { kind: 'server', reason: 'auto-detected: an unknown API key got a 401' };
  if (response.status >= 200 && response.status < 300) return { kind: 'mock', reason: 'auto-detected: an unknown API key was accepted, so a stateless mock' };
  throw new TargetError(`cannot tell a server from a mock: GET ${teamUrl}/v2/providers with an unknown key answered ${response.status}`);
}

/** The example org id of the management document (what the mock's examples use). */
export function exampleOrgId(): string | null {
  const bundle = readBundle('management') as { components?: { parameters?: { OrgIdPath?: { example?: unknown } } } };
  const example = bundle.components?.parameters?.OrgIdPath?.example;
  return typeof example === 'string' ? example : null;
}

/** Candidate bootstrap files of a local reference server. */
function bootstrapCandidates(explicit: string | undefined): string[] {
  if (explicit) return [explicit];
  const dirs = [process.env.DATA_DIR, './data'].filter((dir): dir is string => Boolean(dir));
  return [...new Set(dirs.map((dir) => path.resolve(dir, 'bootstrap.json')))];
}

/** Whether the management key can list the teams of `orgId` (the org is the key's). */
async function ownsOrg(managementUrl: string, managementKey: string, orgId: string, fetchImpl: typeof fetch): Promise<boolean> {
  const client = createManagementClient({ baseUrl: managementUrl, managementKey, fetch: fetchImpl });
  const { response } = await client.GET('/v1/org/{org_id}/team', { params: { path: { org_id: orgId } } });
  return response.status === 200;
}

export async function resolveTarget(options: TargetOptions): Promise<Target> {
  const fetchImpl = options.fetch ?? fetch;
  const teamUrl = withoutTrailingSlash(options.baseUrl);
  const managementUrl = options.managementUrl ? withoutTrailingSlash(options.managementUrl) : undefined;
  if (Boolean(managementUrl) !== Boolean(options.managementKey)) {
    throw new TargetError('--management-url and --management-key go together');
  }
  if (options.orgId !== undefined && !UUID.test(options.orgId)) throw new TargetError(`--org-id must be a UUID, got ${options.orgId}`);

  const detected =
    !options.target || options.target === 'auto'
      ? await detectKind(teamUrl, fetchImpl)
      : { kind: options.target, reason: `given (--target ${options.target})` };
  const management = managementUrl && options.managementKey ? { url: managementUrl, key: options.managementKey } : null;

  let orgId: string | null = null;
  let orgIdSource: string;
  if (options.orgId) {
    orgId = options.orgId;
    orgIdSource = 'given (--org-id)';
  } else if (!management) {
    orgIdSource = 'no management API given';
  } else if (detected.kind === 'mock') {
    orgId = exampleOrgId();
    orgIdSource = orgId ? "the management document's example org id (the mock accepts any)" : 'the management document has no example org id';
  } else {
    orgIdSource = `no --org-id, and no bootstrap.json of this server found (${bootstrapCandidates(options.bootstrapFile).join(', ')})`;
    for (const file of bootstrapCandidates(options.bootstrapFile)) {
      if (!existsSync(file)) continue;
      let candidate: unknown;
      try {
        candidate = (JSON.parse(readFileSync(file, 'utf8')) as { org_id?: unknown }).org_id;
      } catch {
        continue;
      }
      if (typeof candidate === 'string' && UUID.test(candidate) && (await ownsOrg(management.url, management.key, candidate, fetchImpl))) {
        orgId = candidate;
        orgIdSource = `discovered in ${file}`;
        break;
      }
      orgIdSource = `${file} names another organization than the management key's; pass --org-id`;
    }
  }

  return { kind: detected.kind, kindReason: detected.reason, teamUrl, apiKey: options.apiKey, management, orgId, orgIdSource };
}
