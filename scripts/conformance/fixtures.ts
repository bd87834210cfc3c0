/**
 * What checks build on, made on first use through the API and removed at the end
 * of the run: users (client_user_id `conformance-<run id>-<n>`), and with the
 * management API a team of its own (`Conformance <run id>`, EU region) with an API key, a
 * webhook endpoint and a delivery. Checks that change settings (link migration,
 * data pull preferences, webhook endpoints) work on that team, never on the team of
 * the given key.
 *
 * Teams cannot be deleted through the API, so each run with the management API
 * leaves one team behind; its key is revoked and its users and endpoints deleted.
 */
import type { ManagementClient, ManagementSchemas, TeamClient, TeamSchemas } from '../../server/client/index.js';
import { CheckFailure, fail, type Outcome, type ResponseAssertions } from './assertions.js';

type User = TeamSchemas['ClientFacingUser'];

/**
 * How a fixture's creation is asserted: `success` (any documented 2xx with a valid body) or,
 * for the checks that assert a mock's exact answer, `firstExample` (on a mock, exactly the
 * first example of the lowest documented 2xx).
 */
export type Answer = 'success' | 'firstExample';

/** What fixtures take from the run's context (CheckContext, which makes them): its clients, assertions and ids. */
export interface FixtureContext {
  readonly expect: ResponseAssertions;
  readonly team: TeamClient;
  readonly management: ManagementClient;
  readonly orgId: string;
  readonly runId: string;
  teamWith(apiKey: string | undefined, headers?: Record<string, string>): TeamClient;
}

interface Cleanup {
  label: string;
  run(): Promise<void>;
}

export class Fixtures {
  private readonly cleanups: Cleanup[] = [];
  private readonly cache = new Map<string, Promise<unknown>>();
  private count = 0;

  constructor(private readonly t: FixtureContext) {}

  /** Made once per run (a failure is remembered, so every check that needs it fails the same way). */
  private once<T>(name: string, make: () => Promise<T>): Promise<T> {
    let made = this.cache.get(name) as Promise<T> | undefined;
    if (!made) {
      made = make().catch((error: unknown) => {
        throw new CheckFailure(`could not make the fixture "${name}": ${error instanceof Error ? error.message : String(error)}`);
      });
      this.cache.set(name, made);
    }
    return made;
  }

  /** A new client_user_id with the run's prefix. */
  clientUserId(): string {
    return `conformance-${this.t.runId}-${++this.count}`;
  }

  /** Registers something to undo at the end of the run. */
  onCleanup(label: string, run: () => Promise<void>): void {
    this.cleanups.push({ label, run });
  }

  private created<T>(answer: Answer, api: 'team' | 'management', operationId: string, outcome: Outcome): T {
    return answer === 'firstExample' ? this.t.expect.successOrFirstExample<T>(api, operationId, outcome) : this.t.expect.success<T>(api, operationId, outcome);
  }

  /** A new user of the team of `client` (the given key's team by default), deleted at the end. */
  async createUser(client: TeamClient = this.t.team, clientUserId = this.clientUserId(), answer: Answer = 'success'): Promise<User & { sentClientUserId: string }> {
    const outcome = await client.POST('/v2/user', { body: { client_user_id: clientUserId, fallback_time_zone: 'Europe/London' } });
    const user = this.created<User>(answer, 'team', 'createUser', outcome);
    this.onCleanup(`delete user ${clientUserId}`, async () => {
      const deleted = await client.DELETE('/v2/user/{user_id}', { params: { path: { user_id: user.user_id } } });
      // Already deleted by a check (or, on the mock, never stored): both are fine.
      if (deleted.response.status !== 404) this.t.expect.success('team', 'deleteUser', deleted);
    });
    return { ...user, sentClientUserId: clientUserId };
  }

  /** The run's main user, in the given key's team. */
  user(): Promise<User & { sentClientUserId: string }> {
    return this.once('user', () => this.createUser());
  }

  /** A link token of the main user. */
  linkToken(): Promise<TeamSchemas['LinkToken']> {
    return this.once('link token', async () => {
      const { user_id } = await this.user();
      return this.t.expect.success<TeamSchemas['LinkToken']>('team', 'createLinkToken', await this.t.team.POST('/v2/link/token', { body: { user_id } }));
    });
  }

  /** A user of the given key's team connected to `provider` through the demo connection. */
  async connectedUser(provider: TeamSchemas['ProviderSlug'], client: TeamClient = this.t.team): Promise<User> {
    const user = await this.createUser(client);
    this.t.expect.success('team', 'connectDemoProvider', await client.POST('/v2/link/connect/demo', { body: { user_id: user.user_id, provider } }));
    return user;
  }

  /** A sign-in token of a new user of the given key's team. */
  async signInToken(): Promise<TeamSchemas['SignInToken']> {
    const { user_id } = await this.createUser();
    const outcome = await this.t.team.POST('/v2/user/{user_id}/sign_in_token', { params: { path: { user_id } } });
    return this.t.expect.success<TeamSchemas['SignInToken']>('team', 'createSignInToken', outcome);
  }

  // ---- with the management API ---------------------------------------------------------------

  /**
   * The run's own team in the organization (`Conformance <run id>`, EU region: a team in the
   * region that is not the default, whose creation the createTeam checks assert), and the
   * answer it was created with.
   */
  ownTeamCreation(): Promise<{ team: ManagementSchemas['TeamListItem']; outcome: Outcome }> {
    return this.once('own team', async () => {
      const outcome = await this.t.management.POST('/v1/org/{org_id}/team', {
        params: { path: { org_id: this.t.orgId } },
        body: { name: `Conformance ${this.t.runId}`, region: 'eu' },
      });
      return { team: this.t.expect.success<ManagementSchemas['TeamListItem']>('management', 'createTeam', outcome), outcome };
    });
  }

  /** The run's own team in the organization (`Conformance <run id>`, EU region). */
  async ownTeam(): Promise<ManagementSchemas['TeamListItem']> {
    return (await this.ownTeamCreation()).team;
  }

  /** A new API key of the run's team, revoked at the end. */
  async createOwnTeamKey(label = `conformance ${this.t.runId}`, answer: Answer = 'success'): Promise<ManagementSchemas['TeamApiKey']> {
    const { id: team_id } = await this.ownTeam();
    const outcome = await this.t.management.POST('/v1/org/{org_id}/team/{team_id}/api_key', { params: { path: { org_id: this.t.orgId, team_id } }, body: { label } });
    const key = this.created<ManagementSchemas['TeamApiKey']>(answer, 'management', 'createTeamApiKey', outcome);
    this.onCleanup(`revoke key ${key.id}`, async () => {
      const revoked = await this.t.management.DELETE('/v1/org/{org_id}/team/{team_id}/api_key/{key_id}', {
        params: { path: { org_id: this.t.orgId, team_id, key_id: key.id } },
      });
      // A check may have revoked it already (revoking again may be a 200 or a 404).
      if (revoked.response.status !== 404) this.t.expect.success('management', 'revokeTeamApiKey', revoked);
    });
    return key;
  }

  /** The run's team's key (made once). */
  ownTeamKey(): Promise<ManagementSchemas['TeamApiKey']> {
    return this.once('own team key', () => this.createOwnTeamKey());
  }

  /** A team API client of the run's team. */
  async ownTeamClient(): Promise<TeamClient> {
    return this.t.teamWith((await this.ownTeamKey()).key);
  }

  /** A user of the run's team (another team than the given key's). */
  ownTeamUser(): Promise<User> {
    return this.once('own team user', async () => this.createUser(await this.ownTeamClient()));
  }

  /** Switches the link migration family on for the run's team (new teams have it off). */
  enableLinkMigration(): Promise<ManagementSchemas['TeamDetail']> {
    return this.once('link migration enabled', async () => {
      const { id: team_id } = await this.ownTeam();
      const outcome = await this.t.management.PATCH('/v1/org/{org_id}/team/{team_id}', {
        params: { path: { org_id: this.t.orgId, team_id } },
        body: { link_migration_enabled: true },
      });
      return this.t.expect.success<ManagementSchemas['TeamDetail']>('management', 'updateTeam', outcome);
    });
  }

  /** A new webhook endpoint of the run's team, deleted at the end. */
  async createWebhookEndpoint(
    body: ManagementSchemas['CreateWebhookEndpointRequest'] = defaultEndpoint(this.t.runId),
    answer: Answer = 'success',
  ): Promise<ManagementSchemas['WebhookEndpointWithSecret']> {
    const { id: team_id } = await this.ownTeam();
    const path = { org_id: this.t.orgId, team_id };
    const endpoint = this.created<ManagementSchemas['WebhookEndpointWithSecret']>(
      answer,
      'management',
      'createWebhookEndpoint',
      await this.t.management.POST('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path }, body }),
    );
    this.onCleanup(`delete webhook endpoint ${endpoint.id}`, async () => {
      const deleted = await this.t.management.DELETE('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}', {
        params: { path: { ...path, endpoint_id: endpoint.id } },
      });
      if (deleted.response.status !== 404) this.t.expect.success('management', 'deleteWebhookEndpoint', deleted);
    });
    return endpoint;
  }

  /** The run's webhook endpoint (made once). */
  webhookEndpoint(): Promise<ManagementSchemas['WebhookEndpointWithSecret']> {
    return this.once('webhook endpoint', () => this.createWebhookEndpoint());
  }

  /**
   * A delivery of the run's endpoint: a user of the run's team is connected to a
   * demo provider, which emits `provider.connection.created`.
   */
  delivery(): Promise<ManagementSchemas['WebhookDelivery']> {
    return this.once('webhook delivery', async () => {
      const endpoint = await this.webhookEndpoint();
      const client = await this.ownTeamClient();
      await this.connectedUser('oura', client);
      const { id: team_id } = await this.ownTeam();
      const outcome = await this.t.management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint/{endpoint_id}/delivery', {
        params: { path: { org_id: this.t.orgId, team_id, endpoint_id: endpoint.id } },
      });
      const page = this.t.expect.success<ManagementSchemas['WebhookDeliveryPage']>('management', 'listWebhookDeliveries', outcome);
      return page.data[0] ?? fail('connecting a user of the team to a provider made no delivery to its webhook endpoint');
    });
  }

  /** Undoes what the run made, newest first; returns what could not be undone. */
  async cleanup(): Promise<string[]> {
    const problems: string[] = [];
    for (const cleanup of this.cleanups.splice(0).reverse()) {
      try {
        await cleanup.run();
      } catch (error) {
        problems.push(`${cleanup.label}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return problems;
  }
}

const defaultEndpoint = (runId: string): ManagementSchemas['CreateWebhookEndpointRequest'] => ({
  // `.invalid` never resolves (RFC 2606): deliveries fail and are retried, nothing is sent anywhere.
  url: `https://conformance-${runId}.invalid/webhooks`,
  event_types: ['provider.connection.created', 'historical.data.*'],
  description: `Conformance run ${runId}`,
});
