/**
 * The data the fuzzer works on: the test server's own team A (its org's management
 * key is the fuzzer's management key) with users, connections, tokens, a webhook
 * endpoint with deliveries and spare API keys, and team B in another organization,
 * seeded the same way through the API with its own keys. The fuzzer sends A's
 * credentials only, and B's ids are among the values it tries. `snapshotTeam` reads
 * B's state through the API with B's keys (plus the rows no API operation reads), so
 * the test can show that no request changed it.
 */
import { createManagementClient, createTeamClient, LINK_TOKEN_HEADER, type ManagementClient, type TeamClient } from '../../server/client/index.js';
import { hashSecret } from '../../server/domain/credentials/secrets.js';
import { createManagementKey, createTeamApiKey, listTeamApiKeys } from '../../server/storage/repositories/credentials.js';
import { listInsurances } from '../../server/storage/repositories/insurances.js';
import { setLinkMigrationEnabled } from '../../server/storage/repositories/teams.js';
import { getUserInfo } from '../../server/storage/repositories/user-infos.js';
import type { TestServer } from '../helpers/test-server.js';
import { seedTeam } from '../storage/helpers.js';

export interface SeededUser {
  user_id: string;
  client_user_id: string;
}

export interface SeededTeam {
  label: string;
  orgId: string;
  teamId: string;
  apiKey: string;
  managementKey: string;
  team: TeamClient;
  management: ManagementClient;
  users: SeededUser[];
  /** Users the fuzzer may delete (A's), or must fail to delete (B's). */
  disposableUsers: SeededUser[];
  linkTokens: string[];
  /** Unused sign-in tokens (A's only: a token is its own credential). */
  signInTokens: string[];
  endpointIds: string[];
  /** Endpoints the fuzzer may delete (A's), or must fail to delete (B's). */
  disposableEndpointIds: string[];
  deliveryIds: string[];
  bulkOpIds: string[];
  /** Ids of keys the fuzzer may try to revoke (never the key it sends). */
  spareKeyIds: string[];
  /** A key of the team that was revoked. */
  revokedKey: string;
  /** next_cursor values of the team's paged lists (bulk operations, deliveries). */
  cursors: string[];
}

export interface Credentials {
  orgId: string;
  teamId: string;
  apiKey: string;
  managementKey: string;
}

const must = <T>(label: string, outcome: { data?: T; error?: unknown; response: Response }): T => {
  if (outcome.data === undefined) throw new Error(`seeding: ${label} answered ${outcome.response.status} ${JSON.stringify(outcome.error)}`);
  return outcome.data;
};

/** Fills a team through the API with its own keys. */
export async function populateTeam(server: TestServer, credentials: Credentials, label: string): Promise<SeededTeam> {
  const team = createTeamClient({ baseUrl: server.teamUrl, apiKey: credentials.apiKey });
  const publicClient = createTeamClient({ baseUrl: server.teamUrl });
  const management = createManagementClient({ baseUrl: server.managementUrl, managementKey: credentials.managementKey });
  const path = { org_id: credentials.orgId, team_id: credentials.teamId };

  const endpoint = must('createWebhookEndpoint', await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path }, body: { url: `https://${label}.invalid/hooks` } }));
  const disposableEndpoint = must(
    'createWebhookEndpoint',
    await management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path }, body: { url: `https://${label}-disposable.invalid/hooks`, event_types: ['daily.data.*'] } }),
  );
  must('setDataPullPreference', await management.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', { params: { path: { ...path, provider: 'oura' } }, body: { historical_days: 60 } }));
  must('updateTeam', await management.PATCH('/v1/org/{org_id}/team/{team_id}', { params: { path }, body: { link_migration_enabled: true } }));

  const createUser = async (suffix: string): Promise<SeededUser> => {
    const body = { client_user_id: `${label}-${suffix}`, fallback_time_zone: 'Europe/Paris', fallback_birth_date: '1980-05-17' };
    const user = must('createUser', await team.POST('/v2/user', { body }));
    return { user_id: user.user_id, client_user_id: user.client_user_id };
  };
  const users = [await createUser('alpha'), await createUser('beta'), await createUser('gamma')] as [SeededUser, SeededUser, SeededUser];
  const disposableUsers = [await createUser('delta'), await createUser('epsilon')] as [SeededUser, SeededUser];
  for (const [user, provider] of [
    [users[0], 'oura'],
    [users[0], 'fitbit'],
    [users[1], 'strava'],
    [disposableUsers[0], 'withings'],
  ] as const) {
    must('connectDemoProvider', await team.POST('/v2/link/connect/demo', { body: { user_id: user.user_id, provider } }));
  }
  must(
    'updateUserInfo',
    await team.PATCH('/v2/user/{user_id}/info', {
      params: { path: { user_id: users[0].user_id } },
      body: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: `${label}@example.com`,
        phone_number: '+441234567890',
        gender: 'female',
        dob: '1815-12-10',
        address: { first_line: '1 St James Sq', city: 'London', state: 'LDN', zip_code: 'SW1Y' },
      },
    }),
  );
  must(
    'createInsurance',
    await team.POST('/v2/user/{user_id}/insurance', {
      params: { path: { user_id: users[1].user_id } },
      body: {
        payor_code: 'AETNA',
        member_id: `${label}-member`,
        relationship: 'Self',
        insured: {
          first_name: 'Bo',
          last_name: 'Diddley',
          gender: 'male',
          dob: '1970-01-01',
          email: `${label}-insured@example.com`,
          phone_number: '+15555550100',
          address: { first_line: '1 Main St', city: 'Austin', state: 'TX', zip: '73301', country: 'US' },
        },
      },
    }),
  );
  const signInToken = async (user: SeededUser) => must('createSignInToken', await team.POST('/v2/user/{user_id}/sign_in_token', { params: { path: { user_id: user.user_id } } })).sign_in_token;
  must('connectSdkProvider', await publicClient.POST('/v2/link/sdk/connect', { body: { sign_in_token: await signInToken(users[2]), provider: 'apple_health_kit' } }));
  const signInTokens = [await signInToken(users[1]), await signInToken(users[2]), await signInToken(disposableUsers[1])];
  const linkTokens = [must('createLinkToken', await team.POST('/v2/link/token', { body: { user_id: users[0].user_id } })).link_token];
  const bulk = must('bulkTriggerHistoricalPull', await team.POST('/v2/link/bulk_trigger_historical_pull', { body: { user_ids: [users[0].user_id, users[1].user_id], provider: 'oura' } }));
  must('bulkTriggerHistoricalPull', await team.POST('/v2/link/bulk_trigger_historical_pull', { body: { user_ids: [users[1].user_id], provider: 'strava' } }));
  const bulkCursor = must('listBulkOps', await team.GET('/v2/link/bulk_op', { params: { query: { page_size: 1 } } })).next_cursor;

  const deliveries = must('listWebhookDeliveries', await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', { params: { path: { ...path, endpoint_id: endpoint.id } } }));
  const deliveryCursor = must(
    'listWebhookDeliveries',
    await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', { params: { path: { ...path, endpoint_id: endpoint.id }, query: { page_size: 1 } } }),
  ).next_cursor;
  const spare = must('createTeamApiKey', await management.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path }, body: { label: 'spare' } }));
  const revoked = must('createTeamApiKey', await management.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path }, body: { label: 'revoked' } }));
  must('revokeTeamApiKey', await management.DELETE('/v1/org/{org_id}/team/{team_id}/api_key/{key_id}', { params: { path: { ...path, key_id: revoked.id } } }));

  return {
    label,
    ...credentials,
    team,
    management,
    users,
    disposableUsers,
    linkTokens,
    signInTokens,
    endpointIds: [endpoint.id],
    disposableEndpointIds: [disposableEndpoint.id],
    deliveryIds: deliveries.data.map((delivery) => delivery.id),
    bulkOpIds: [bulk.operation.id],
    spareKeyIds: [spare.id],
    revokedKey: revoked.key,
    cursors: [bulkCursor, deliveryCursor].filter((cursor): cursor is string => cursor !== null),
  };
}

/** A new organization with one team and its keys, made in the database (the API cannot create organizations). */
export async function createOrganization(server: TestServer, label: string): Promise<Credentials> {
  const { org, team } = await seedTeam(server.db, { name: `Fuzz ${label}` });
  const apiKey = `sk_us_${label}_0123456789abcdef0123456789`;
  const managementKey = `mg_${label}_0123456789abcdef0123456789`;
  await createTeamApiKey(server.db, { team_id: team.id, key_hash: hashSecret(apiKey), label: label });
  await createManagementKey(server.db, { org_id: org.id, key_hash: hashSecret(managementKey) });
  await setLinkMigrationEnabled(server.db, { team_id: team.id, enabled: true });
  return { orgId: org.id, teamId: team.id, apiKey, managementKey };
}

/**
 * Everything of a team that can be read back: through the API with its own keys (users,
 * connections, bulk operations, the team, its preferences, endpoints and deliveries, each
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
  const bulkOps = must('listBulkOps', await seeded.team.GET('/v2/link/bulk_op', { params: { query: { page_size: 50 } } }));
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
  return { users, bulkOps, teams, preferences, endpoints, deliveries, linkTokens, keys };
}
