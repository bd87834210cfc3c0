/**
 * Fills a team through the API (HTTP only, with the team's own keys) by running the
 * `seed` of every operation definition in order: users and disposable users,
 * connections, user info, insurance, sign-in and link tokens, webhook endpoints and
 * their deliveries, bulk operations, cursors, a spare and a revoked key. The fuzzer and
 * the auth matrix seed their teams with it.
 */
import { createManagementClient, createTeamClient } from '../../server/client/index.js';
import type { OperationDefinition, SeededTeam, SeedingTeam, TeamCredentials } from './operation.js';
import { OPERATIONS } from './operations/index.js';

export interface SeedUrls {
  teamUrl: string;
  managementUrl: string;
}

/** The definitions' seeds in the order they run. */
export const seedsOf = (definitions: readonly OperationDefinition[]) =>
  definitions.flatMap((definition) => (definition.seed ? [{ operationId: definition.operationId, ...definition.seed }] : [])).sort((x, y) => x.order - y.order);

export async function seedTeam(urls: SeedUrls, credentials: TeamCredentials, label: string, definitions: readonly OperationDefinition[] = OPERATIONS): Promise<SeededTeam> {
  const seeding: SeedingTeam = {
    label,
    ...credentials,
    team: createTeamClient({ baseUrl: urls.teamUrl, apiKey: credentials.apiKey }),
    management: createManagementClient({ baseUrl: urls.managementUrl, managementKey: credentials.managementKey }),
    publicClient: createTeamClient({ baseUrl: urls.teamUrl }),
    withApiKey: (apiKey) => createTeamClient({ baseUrl: urls.teamUrl, apiKey }),
    path: { org_id: credentials.orgId, team_id: credentials.teamId },
    users: [],
    disposableUsers: [],
    linkTokens: [],
    signInTokens: [],
    endpointIds: [],
    disposableEndpointIds: [],
    deliveryIds: [],
    bulkOpIds: [],
    orderIds: [],
    spareKeyIds: [],
    revokedKey: '',
    cursors: [],
  };
  for (const seed of seedsOf(definitions)) {
    try {
      await seed.run(seeding);
    } catch (error) {
      throw new Error(`seeding team ${label}: the seed of ${seed.operationId} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  const { publicClient: _public, withApiKey: _withApiKey, path: _path, ...seeded } = seeding;
  return seeded;
}
