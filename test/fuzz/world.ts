/**
 * The data the fuzzer works on: the test server's own team A (its org's management
 * key is the fuzzer's management key) with users, connections, tokens, a webhook
 * endpoint with deliveries and spare API keys, and team B in another organization,
 * seeded the same way through the API with its own keys (seedTeam: the seeds of the
 * operation definitions in scripts/conformance/operations/). The fuzzer sends A's
 * credentials only, and B's ids are among the values it tries. `snapshotTeam` reads
 * B's state through the API with B's keys (plus the rows no API operation reads), so
 * the test can show that no request changed it.
 */
import { LINK_TOKEN_HEADER } from '../../server/client/index.js';
import { hashSecret } from '../../server/domain/credentials/secrets.js';
import { createManagementKey, createTeamApiKey, listTeamApiKeys } from '../../server/storage/repositories/credentials.js';
import { getUserInfo, listInsurances } from '../storage/stored-state.js';
import { setLinkMigrationEnabled } from '../../server/storage/repositories/teams.js';
import { must, type SeededTeam, type SeededUser, type TeamCredentials } from '../../scripts/conformance/operation.js';
import type { TestServer } from '../helpers/test-server.js';
import { seedTeam as insertTeam } from '../storage/helpers.js';

export type { SeededTeam, SeededUser };
export type Credentials = TeamCredentials;

/** A new organization with one team and its keys, made in the database (the API cannot create organizations). */
export async function createOrganization(server: TestServer, label: string): Promise<Credentials> {
  const { org, team } = await insertTeam(server.db, { name: `Fuzz ${label}` });
  const apiKey = `sk_us_${label}_0123456789abcdef0123456789`;
  const managementKey = `mg_${label}_0123456789abcdef0123456789`;
  await createTeamApiKey(server.db, { team_id: team.id, key_hash: hashSecret(apiKey), label: label });
  await createManagementKey(server.db, { org_id: org.id, key_hash: hashSecret(managementKey) });
  await setLinkMigrationEnabled(server.db, { team_id: team.id, enabled: true });
  return { orgId: org.id, teamId: team.id, apiKey, managementKey };
}

/**
 * Everything of a team that can be read back: through the API with its own keys (users and
 * their list, connections, bulk operations, the team, its events, preferences, endpoints and deliveries, each
 * spare key still accepted) and, for what no operation reads, from the database (user
 * info, insurance, API keys).
 */
export async function snapshotTeam(server: TestServer, seeded: SeededTeam): Promise<unknown> {
  const path = { org_id: seeded.orgId, team_id: seeded.teamId };
  const users = [];
  for (const user of [...seeded.users, ...seeded.disposableUsers]) {
    const read = await seeded.team.GET('/v2/user/{user_id}', { params: { path: { user_id: user.user_id } } });
    const resolved = await seeded.team.GET('/v2/user/resolve/{client_user_id}', { params: { path: { client_user_id: user.client_user_id } } });
    users.push({
      user: { status: read.response.status, body: read.data ?? read.error },
      resolved: { status: resolved.response.status, body: resolved.data ?? resolved.error },
      info: await getUserInfo(server.db, { team_id: seeded.teamId, user_id: user.user_id }),
      insurances: await listInsurances(server.db, { team_id: seeded.teamId, user_id: user.user_id }),
    });
  }
  // estimated_end_at is computed from the time of each answer, not stored: it is left out.
  const opsPage = must('listBulkOps', await seeded.team.GET('/v2/link/bulk_op', { params: { query: { page_size: 50 } } }));
  const bulkOps = { ...opsPage, data: opsPage.data.map(({ estimated_end_at: _estimate, ...op }) => op) };
  const usersList = must('listUsers', await seeded.team.GET('/v2/user', { params: { query: { limit: 500 } } }));
  const events = must('listTeamEvents', await seeded.management.GET('/v1/org/{org_id}/team/{team_id}/event', { params: { path, query: { limit: 200 } } }));
  const teams = must('listTeams', await seeded.management.GET('/v1/org/{org_id}/team', { params: { path: { org_id: seeded.orgId } } }));
  const preferences = must('listDataPullPreferences', await seeded.management.GET('/v1/org/{org_id}/team/{team_id}/data_pull_preferences', { params: { path } }));
  const endpoints = must('listWebhookEndpoints', await seeded.management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path } }));
  const deliveries = [];
  for (const endpoint of endpoints.data) {
    const page = await seeded.management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', { params: { path: { ...path, endpoint_id: endpoint.id }, query: { page_size: 100 } } });
    deliveries.push(must('listWebhookDeliveries', page));
  }
  const linkTokens = [];
  for (const token of seeded.linkTokens) {
    const outcome = await seeded.team.GET('/v2/link/provider/oauth/{oauth_provider}', { params: { path: { oauth_provider: 'oura' }, header: { [LINK_TOKEN_HEADER]: token } } });
    linkTokens.push(outcome.response.status);
  }
  const keys = (await listTeamApiKeys(server.db, seeded.teamId)).map(({ id, label, revoked_on }) => ({ id, label, revoked: revoked_on !== null }));
  return { users, usersList, events, bulkOps, teams, preferences, endpoints, deliveries, linkTokens, keys };
}
