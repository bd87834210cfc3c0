/**
 * What the checks ported from test/contract/suite.ts share: the 401 of a request without
 * a key (exactly the `missing_key` example on a mock), and the objects a check makes
 * itself when it must see the raw answer (the first example on a mock), each undone at
 * the end of the run like the fixtures' own.
 */
import type { ManagementClient, ManagementSchemas, TeamClient, TeamSchemas } from '../../../server/client/index.js';
import type { Outcome } from '../../../scripts/lib/conformance/assertions.js';
import type { CheckContext } from '../../../scripts/lib/conformance/context.js';
import { always, type CheckDefinition } from '../../../scripts/lib/conformance/definitions.js';
import { UNKNOWN_ID } from '../../../scripts/lib/conformance/values.js';

/** A 401 without an API key on the team API: on a mock, exactly the documented `missing_key` example. */
export const missingTeamKey = (operationId: string, send: (t: CheckContext, client: TeamClient) => Promise<Outcome>): CheckDefinition =>
  always('401 without an API key, on a mock exactly the missing_key example', async (t) => {
    t.expect.missingKey('team', operationId, await send(t, t.teamWithoutKey));
  });

/** A 401 without a management key: on a mock, exactly the documented `missing_key` example. */
export const missingManagementKey = (operationId: string, send: (t: CheckContext, client: ManagementClient) => Promise<Outcome>): CheckDefinition =>
  always('401 without a management key, on a mock exactly the missing_key example', async (t) => {
    t.expect.missingKey('management', operationId, await send(t, t.managementWithoutKey));
  });

export interface TeamPath {
  org_id: string;
  team_id: string;
}

/** The path of the run's own team (fixtures.ownTeam: settings change there, never on the given key's team). */
export async function ownTeamPath(t: CheckContext): Promise<TeamPath> {
  const { id: team_id } = await t.fixtures.ownTeam();
  return { org_id: t.orgId, team_id };
}

/** The path of a team of the organization that does not exist. */
export const unknownTeamPath = (t: CheckContext): TeamPath => ({ org_id: t.orgId, team_id: UNKNOWN_ID });

/** A new user (deleted at the end), its creation answered as documented: the first example on a mock. */
export async function createUserAsDocumented(t: CheckContext, client: TeamClient = t.team): Promise<{ user: TeamSchemas['ClientFacingUser']; clientUserId: string }> {
  const clientUserId = t.fixtures.clientUserId();
  const outcome = await client.POST('/v2/user', { body: { client_user_id: clientUserId, fallback_time_zone: 'Europe/London' } });
  const user = t.expect.successOrFirstExample<TeamSchemas['ClientFacingUser']>('team', 'createUser', outcome);
  t.fixtures.onCleanup(`delete user ${clientUserId}`, async () => {
    const deleted = await client.DELETE('/v2/user/{user_id}', { params: { path: { user_id: user.user_id } } });
    if (deleted.response.status !== 404) t.expect.success('team', 'deleteUser', deleted);
  });
  return { user, clientUserId };
}

/** A new key of the run's own team (revoked at the end), answered as documented: the first example on a mock. */
export async function createOwnTeamKeyAsDocumented(t: CheckContext, label: string): Promise<ManagementSchemas['TeamApiKey']> {
  const path = await ownTeamPath(t);
  const outcome = await t.management.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path }, body: { label } });
  const key = t.expect.successOrFirstExample<ManagementSchemas['TeamApiKey']>('management', 'createTeamApiKey', outcome);
  t.fixtures.onCleanup(`revoke key ${key.id}`, async () => {
    const revoked = await t.management.DELETE('/v1/org/{org_id}/team/{team_id}/api_key/{key_id}', { params: { path: { ...path, key_id: key.id } } });
    if (revoked.response.status !== 404) t.expect.success('management', 'revokeTeamApiKey', revoked);
  });
  return key;
}

/**
 * A body for a new endpoint of the run's team: the documents' example filters and description,
 * at a `.invalid` host (RFC 2606) so that nothing is ever delivered anywhere.
 */
export const endpointBody = (t: CheckContext, path = 'vital'): ManagementSchemas['CreateWebhookEndpointRequest'] => ({
  url: `https://conformance-${t.runId}.invalid/${path}`,
  event_types: ['historical.data.*', 'provider.connection.created'],
  description: 'Production receiver',
});

/** A new webhook endpoint of the run's own team (deleted at the end), answered as documented: the first example on a mock. */
export async function createWebhookEndpointAsDocumented(
  t: CheckContext,
  body: ManagementSchemas['CreateWebhookEndpointRequest'] = endpointBody(t),
): Promise<{ endpoint: ManagementSchemas['WebhookEndpointWithSecret']; path: TeamPath & { endpoint_id: string } }> {
  const teamPath = await ownTeamPath(t);
  const outcome = await t.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: teamPath }, body });
  const endpoint = t.expect.successOrFirstExample<ManagementSchemas['WebhookEndpointWithSecret']>('management', 'createWebhookEndpoint', outcome);
  const path = { ...teamPath, endpoint_id: endpoint.id };
  t.fixtures.onCleanup(`delete webhook endpoint ${endpoint.id}`, async () => {
    const deleted = await t.management.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', { params: { path } });
    if (deleted.response.status !== 404) t.expect.success('management', 'deleteWebhookEndpoint', deleted);
  });
  return { endpoint, path };
}

/** A client of the run's own team with link migration enabled (the bulk pull needs it), or the given key's team without the management API. */
export async function bulkPullClient(t: CheckContext): Promise<TeamClient> {
  if (!t.hasManagement) return t.team;
  await t.fixtures.enableLinkMigration();
  return t.fixtures.ownTeamClient();
}
