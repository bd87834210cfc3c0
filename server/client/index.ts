/**
 * Typed clients for both APIs, built on openapi-fetch and the generated types:
 * paths, parameters, bodies and responses are checked by the compiler.
 *
 *   const team = createTeamClient({ baseUrl: 'http://127.0.0.1:8000', apiKey });
 *   const { data, error, response } = await team.GET('/v2/user/{user_id}', { params: { path: { user_id } } });
 */
import createClient, { type Client } from 'openapi-fetch';
import { MANAGEMENT_KEY_HEADER, TEAM_API_KEY_HEADER } from '../shared/wire.js';
import type { components as ManagementComponents, paths as ManagementPaths } from '../../generated/management/schema.js';
import type { components as TeamComponents, paths as TeamPaths, webhooks as TeamWebhooks } from '../../generated/team/schema.js';

export type { ManagementComponents, ManagementPaths, TeamComponents, TeamPaths, TeamWebhooks };
export type TeamSchemas = TeamComponents['schemas'];
export type ManagementSchemas = ManagementComponents['schemas'];
export type TeamClient = Client<TeamPaths>;
export type ManagementClient = Client<ManagementPaths>;

export { LINK_TOKEN_HEADER, MANAGEMENT_KEY_HEADER, TEAM_API_KEY_HEADER } from '../shared/wire.js';

interface CommonOptions {
  /** Base URL of the API, without a trailing slash, e.g. `http://127.0.0.1:8000`. */
  baseUrl: string;
  /** Custom fetch (for tests, proxies or retries). Defaults to the global fetch. */
  fetch?: typeof globalThis.fetch;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
}

/** A client of the team API, authenticated with a team API key (`x-vital-api-key`). */
export function createTeamClient(options: CommonOptions & { apiKey?: string }): TeamClient {
  const headers: Record<string, string> = { ...options.headers };
  if (options.apiKey !== undefined) headers[TEAM_API_KEY_HEADER] = options.apiKey;
  return createClient<TeamPaths>({ baseUrl: options.baseUrl, headers, ...(options.fetch ? { fetch: options.fetch } : {}) });
}

/** A client of the management API, authenticated with a management key (`X-Management-Key`). */
export function createManagementClient(options: CommonOptions & { managementKey?: string }): ManagementClient {
  const headers: Record<string, string> = { ...options.headers };
  if (options.managementKey !== undefined) headers[MANAGEMENT_KEY_HEADER] = options.managementKey;
  return createClient<ManagementPaths>({ baseUrl: options.baseUrl, headers, ...(options.fetch ? { fetch: options.fetch } : {}) });
}

/** Receiving webhooks: verifyWebhook, parseEvent, WebhookDeduplicator and the event types. */
export * from './webhooks.js';
