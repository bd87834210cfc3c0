/**
 * The requests the checks of several operations send (one function per operation,
 * with the client, ids and body they vary), and the paths and clients they build on.
 */
import { LINK_TOKEN_HEADER, type ManagementClient, type ManagementPaths, type ManagementSchemas, type TeamClient, type TeamSchemas } from '../../server/client/index.js';
import { checkEqual } from './assertions.js';
import type { CheckContext } from './context.js';
import { insuranceBody, UNKNOWN_ID, userInfoBody } from './values.js';

export type User = TeamSchemas['ClientFacingUser'];
export type Schemas = ManagementSchemas;

// ---- team API ------------------------------------------------------------------------------

/** The key of another team of the organization (the run's own team). */
export const otherTeamClient = (t: CheckContext) => t.fixtures.ownTeamClient();

/** A client of the run's own team with link migration enabled (the bulk pull needs it). */
export async function enabledTeamClient(t: CheckContext) {
  await t.fixtures.enableLinkMigration();
  return t.fixtures.ownTeamClient();
}

/**
 * The client a bulk pull asks with: of the run's own team with link migration enabled, or,
 * without the management API, of the given key's team (which may have it off).
 */
export async function bulkPullClient(t: CheckContext): Promise<TeamClient> {
  return t.hasManagement ? enabledTeamClient(t) : t.team;
}

export const getUser = (client: TeamClient, user_id: string) => client.GET('/v2/user/{user_id}', { params: { path: { user_id } } });
export const deleteUser = (client: TeamClient, user_id: string) => client.DELETE('/v2/user/{user_id}', { params: { path: { user_id } } });
export const resolveUser = (client: TeamClient, client_user_id: string) => client.GET('/v2/user/resolve/{client_user_id}', { params: { path: { client_user_id } } });
export const createInsurance = (client: TeamClient, user_id: string, body: TeamSchemas['CreateInsuranceRequest'] = insuranceBody()) =>
  client.POST('/v2/user/{user_id}/insurance', { params: { path: { user_id } }, body });
export const updateUserInfo = (client: TeamClient, user_id: string, body: TeamSchemas['UserInfoCreateRequest'] = userInfoBody()) =>
  client.PATCH('/v2/user/{user_id}/info', { params: { path: { user_id } }, body });
export const createSignInToken = (client: TeamClient, user_id: string) => client.POST('/v2/user/{user_id}/sign_in_token', { params: { path: { user_id } } });
export const deregisterProvider = (client: TeamClient, user_id: string, provider: TeamSchemas['ProviderSlug']) =>
  client.DELETE('/v2/user/{user_id}/{provider}', { params: { path: { user_id, provider } } });
export const bulkPull = (client: TeamClient, body: TeamSchemas['BulkTriggerHistoricalPullRequest']) => client.POST('/v2/link/bulk_trigger_historical_pull', { body });
export const getOAuthProvider = (client: TeamClient, oauth_provider: TeamSchemas['OAuthProviderSlug'], linkToken?: string) =>
  client.GET('/v2/link/provider/oauth/{oauth_provider}', { params: { path: { oauth_provider }, ...(linkToken !== undefined && { header: { [LINK_TOKEN_HEADER]: linkToken } }) } });

// ---- management API ------------------------------------------------------------------------

export interface TeamPath {
  org_id: string;
  team_id: string;
}
export type EndpointPath = TeamPath & { endpoint_id: string };

/** The path of the run's own team. */
export async function ownTeamPath(t: CheckContext): Promise<TeamPath> {
  const { id: team_id } = await t.fixtures.ownTeam();
  return { org_id: t.orgId, team_id };
}

/** The path of an endpoint of the run's own team. */
export const ownEndpointPath = async (t: CheckContext, endpoint_id: string): Promise<EndpointPath> => ({ ...(await ownTeamPath(t)), endpoint_id });

/** The path of a team of the organization that does not exist, and of an endpoint of it. */
export const unknownTeamPath = (t: CheckContext): TeamPath => ({ org_id: t.orgId, team_id: UNKNOWN_ID });
export const unknownEndpointPath = (t: CheckContext): EndpointPath => ({ ...unknownTeamPath(t), endpoint_id: UNKNOWN_ID });

/**
 * A body for a new endpoint of the run's team: the documents' example filters and description,
 * at a `.invalid` host (RFC 2606) so that nothing is ever delivered anywhere.
 */
export const endpointBody = (t: CheckContext, path = 'vital'): Schemas['CreateWebhookEndpointRequest'] => ({
  url: `https://conformance-${t.runId}.invalid/${path}`,
  event_types: ['historical.data.*', 'provider.connection.created'],
  description: 'Production receiver',
});

/** Sends a check's request with the management client given. */
export type SendWith = (t: CheckContext, client: ManagementClient) => Promise<{ response: Response }>;

export type ListTeamsQuery = ManagementPaths['/v1/org/{org_id}/team']['get']['parameters']['query'];
export type ListDeliveriesQuery = ManagementPaths['/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery']['get']['parameters']['query'];

export const listTeams = (client: ManagementClient, org_id: string, query?: ListTeamsQuery) => client.GET('/v1/org/{org_id}/team', { params: { path: { org_id }, ...(query && { query }) } });
export const createTeam = (client: ManagementClient, org_id: string, body: Schemas['CreateTeamRequest']) => client.POST('/v1/org/{org_id}/team', { params: { path: { org_id } }, body });
export const createTeamApiKey = (client: ManagementClient, path: TeamPath, body: Schemas['CreateTeamApiKeyRequest'] = {}) =>
  client.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path }, body });
export const getTeam = (client: ManagementClient, path: TeamPath) => client.GET('/v1/org/{org_id}/team/{team_id}', { params: { path } });
export const updateTeam = (client: ManagementClient, path: TeamPath, body: Schemas['UpdateTeamRequest']) => client.PATCH('/v1/org/{org_id}/team/{team_id}', { params: { path }, body });
export const revokeTeamApiKey = (client: ManagementClient, path: TeamPath & { key_id: string }) => client.DELETE('/v1/org/{org_id}/team/{team_id}/api_key/{key_id}', { params: { path } });
export const listDataPullPreferences = (client: ManagementClient, path: TeamPath) => client.GET('/v1/org/{org_id}/team/{team_id}/data_pull_preferences', { params: { path } });
export const setDataPullPreference = (client: ManagementClient, path: TeamPath & { provider: Schemas['OAuthProviderSlug'] }, body: Schemas['SetDataPullPreferenceRequest']) =>
  client.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', { params: { path }, body });
export const createWebhookEndpoint = (client: ManagementClient, path: TeamPath, body: Schemas['CreateWebhookEndpointRequest']) =>
  client.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path }, body });
export const listWebhookEndpoints = (client: ManagementClient, path: TeamPath) => client.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path } });
export const deleteWebhookEndpoint = (client: ManagementClient, path: EndpointPath) => client.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', { params: { path } });
export const listWebhookDeliveries = (client: ManagementClient, path: EndpointPath, query?: ListDeliveriesQuery) =>
  client.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', { params: { path, ...(query && { query }) } });
export const replayWebhookDeliveries = (client: ManagementClient, path: EndpointPath, body: Schemas['ReplayWebhookDeliveriesRequest'] = {}) =>
  client.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/replay', { params: { path }, body });

/** Follows next_cursor from the first page; fails on a repeated item or more than `maxPages` pages. */
export async function collectPages<T extends { id: string }>(
  fetchPage: (cursor: string | null) => Promise<{ items: T[]; next: string | null }>,
  maxPages = 200,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const { items: pageItems, next } = await fetchPage(cursor);
    items.push(...pageItems);
    if (!next) {
      checkEqual(new Set(items.map((item) => item.id)).size, items.length, 'distinct items across pages');
      return items;
    }
    cursor = next;
  }
  throw new Error(`still a next_cursor after ${maxPages} pages`);
}
export const listUserProviders = (client: TeamClient, user_id: string) => client.GET('/v2/user/providers/{user_id}', { params: { path: { user_id } } });
export const refreshUser = (client: TeamClient, user_id: string, timeout?: number) =>
  client.POST('/v2/user/refresh/{user_id}', { params: { path: { user_id }, ...(timeout !== undefined && { query: { timeout } }) } });

// ---- password, MFA and email links (the link token in its header is the credential) ----------

type PasswordProvider = TeamSchemas['PasswordProviderSlug'];

export const connectPasswordProvider = (client: TeamClient, provider: PasswordProvider, linkToken: string, body: TeamSchemas['IndividualProviderData']) =>
  client.POST('/v2/link/provider/password/{provider}', { params: { path: { provider }, header: { [LINK_TOKEN_HEADER]: linkToken } }, body });

export const completePasswordProviderMfa = (client: TeamClient, provider: PasswordProvider, linkToken: string, mfa_code: string) =>
  client.POST('/v2/link/provider/password/{provider}/complete_mfa', { params: { path: { provider }, header: { [LINK_TOKEN_HEADER]: linkToken } }, body: { mfa_code } });

export const connectEmailProvider = (client: TeamClient, provider: TeamSchemas['EmailProviderSlug'], linkToken: string, email: string) =>
  client.POST('/v2/link/provider/email/{provider}', { params: { path: { provider }, header: { [LINK_TOKEN_HEADER]: linkToken } }, body: { email } });

export const listLinkProviders = (client: TeamClient, linkToken?: string) =>
  client.GET('/v2/link/providers', { params: { ...(linkToken !== undefined && { header: { [LINK_TOKEN_HEADER]: linkToken } }) } });
