/**
 * The session (keys in sessionStorage only) and the typed clients of both public
 * APIs. The team API is this page's own origin; the management API's URL comes
 * from /dashboard/config.json (it answers CORS for this origin).
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths as ManagementPaths, components as ManagementComponents } from '../../../generated/management/schema.js';
import type { paths as TeamPaths, components as TeamComponents } from '../../../generated/team/schema.js';
import { MANAGEMENT_KEY_HEADER, TEAM_API_KEY_HEADER } from '../../shared/wire.js';
import { readableDetail } from './lib/format.js';

export type { ManagementPaths, TeamPaths };
export type TeamSchemas = TeamComponents['schemas'];
export type ManagementSchemas = ManagementComponents['schemas'];

export interface Session {
  kind: 'team' | 'management';
  teamKey: string;
  managementKey?: string;
  orgId?: string;
  teamId?: string;
  teamName?: string;
  /** The id of the session's own team key (management sign-in), revoked on sign-out. */
  teamKeyId?: string;
}

export interface DashboardConfig {
  managementUrl: string;
  orgId: string | null;
}

const STORAGE_KEY = 'dashboard.session';

export function loadSession(): Session | null {
  const raw = sessionStorage.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Session;
    return typeof parsed.teamKey === 'string' && (parsed.kind === 'team' || parsed.kind === 'management') ? parsed : null;
  } catch {
    return null;
  }
}

export function saveSession(s: Session): void {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(s));
}

export function clearSession(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

export class ApiError extends Error {
  status: number;
  detail: unknown;
  constructor(status: number, detail: unknown) {
    super(readableDetail(status, detail));
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
  }
}

let config: DashboardConfig = { managementUrl: '', orgId: null };

const isConfig = (value: unknown): value is DashboardConfig => typeof (value as DashboardConfig | null)?.managementUrl === 'string';

/** The configuration, at start (main.ts): from the shell's config tag (the server fills it in), else from /dashboard/config.json. */
export async function loadDashboardConfig(): Promise<DashboardConfig> {
  try {
    const embedded: unknown = JSON.parse(document.querySelector<HTMLMetaElement>('meta[name="dashboard-config"]')?.content || 'null');
    if (isConfig(embedded)) {
      config = embedded;
      return config;
    }
  } catch {
    // An unreadable tag: ask for config.json.
  }
  const response = await fetch('config.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new ApiError(response.status, 'The dashboard configuration could not be read.');
  config = (await response.json()) as DashboardConfig;
  return config;
}

export const dashboardConfig = (): DashboardConfig => config;

export interface Apis {
  team: Client<TeamPaths>;
  management: Client<ManagementPaths> | null;
  session: Session;
}

/** The team API's base URL: the origin the dashboard is served from. */
export const teamBaseUrl = () => location.origin;

/** Turns network failures (server down, CORS refused) into an ApiError with a readable text. */
const networkErrors: Middleware = {
  onError({ error }) {
    return new ApiError(0, `The server could not be reached (${error instanceof Error ? error.message : String(error)}).`);
  },
};

export function teamClient(teamKey: string): Client<TeamPaths> {
  const client = createClient<TeamPaths>({ baseUrl: teamBaseUrl(), headers: { [TEAM_API_KEY_HEADER]: teamKey } });
  client.use(networkErrors);
  return client;
}

export function managementClient(managementKey: string): Client<ManagementPaths> {
  const client = createClient<ManagementPaths>({ baseUrl: config.managementUrl, headers: { [MANAGEMENT_KEY_HEADER]: managementKey } });
  client.use(networkErrors);
  return client;
}

export function apisFor(session: Session): Apis {
  return {
    team: teamClient(session.teamKey),
    management: session.kind === 'management' && session.managementKey ? managementClient(session.managementKey) : null,
    session,
  };
}

/** The data of an openapi-fetch call, or an ApiError with the API's `detail`. */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || error !== undefined) {
    const detail = error && typeof error === 'object' && 'detail' in error ? (error as { detail: unknown }).detail : error;
    throw new ApiError(response.status, detail);
  }
  return data as T;
}

/** A team API GET with the key in its header (for PDFs), as a Blob. */
export async function fetchBlob(apis: Apis, path: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(new URL(path, teamBaseUrl()), { headers: { [TEAM_API_KEY_HEADER]: apis.session.teamKey } });
  } catch (error) {
    throw new ApiError(0, `The server could not be reached (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { detail?: unknown } | null;
    throw new ApiError(response.status, body?.detail ?? response.statusText);
  }
  return response.blob();
}
