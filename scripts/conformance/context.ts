/**
 * What a conformance check works with: the target, typed clients of both APIs
 * (every request they send is recorded and checked against the contract), the
 * response assertions and the fixtures (users, a team, keys, ...) made on demand.
 */
import {
  createManagementClient,
  createTeamClient,
  MANAGEMENT_KEY_HEADER,
  TEAM_API_KEY_HEADER,
  type ManagementClient,
  type TeamClient,
} from '../../server/client/index.js';
import { fail, ResponseAssertions } from './assertions.js';
import { Fixtures } from './fixtures.js';
import { type Exchange, recordingFetch } from './http.js';
import type { SpecIndex } from './spec.js';

export interface Target {
  kind: 'mock' | 'server';
  /** Why the suite treats it as that kind (given, or how it was detected). */
  kindReason: string;
  teamUrl: string;
  apiKey: string;
  /** The management API, when its URL and key were given. */
  management: { url: string; key: string } | null;
  /** The organization of the management key, when known. */
  orgId: string | null;
  /** Where the org id came from, or why it is unknown. */
  orgIdSource: string;
}

export { MANAGEMENT_KEY_HEADER, TEAM_API_KEY_HEADER };

export class CheckContext {
  readonly isMock: boolean;
  readonly expect: ResponseAssertions;
  readonly fixtures: Fixtures;
  /** Recording fetch for raw requests (bodies the typed client cannot send). */
  readonly fetch: typeof fetch;
  readonly team: TeamClient;
  readonly teamWithoutKey: TeamClient;
  private exchanges: Exchange[] = [];

  constructor(
    readonly target: Target,
    readonly spec: SpecIndex,
    /** Unique per run: the prefix of everything the run creates. */
    readonly runId: string,
  ) {
    this.isMock = target.kind === 'mock';
    this.expect = new ResponseAssertions(spec, this.isMock);
    this.fetch = recordingFetch({ team: target.teamUrl, ...(target.management && { management: target.management.url }) }, (exchange) => this.exchanges.push(exchange));
    this.team = this.teamWith(target.apiKey);
    this.teamWithoutKey = this.teamWith(undefined);
    this.fixtures = new Fixtures(this);
  }

  /** A team API client sending `apiKey` (none when undefined) and any extra headers. */
  teamWith(apiKey: string | undefined, headers: Record<string, string> = {}): TeamClient {
    return createTeamClient({ baseUrl: this.target.teamUrl, fetch: this.fetch, headers, ...(apiKey !== undefined && { apiKey }) });
  }

  get hasManagement(): boolean {
    return this.target.management !== null;
  }

  private get managementTarget() {
    return this.target.management ?? fail('no management API was given (--management-url and --management-key)');
  }

  get managementUrl(): string {
    return this.managementTarget.url;
  }

  get management(): ManagementClient {
    return this.managementWith(this.managementTarget.key);
  }

  get managementWithoutKey(): ManagementClient {
    return this.managementWith(undefined);
  }

  /** A management API client sending `managementKey` (none when undefined) and any extra headers. */
  managementWith(managementKey: string | undefined, headers: Record<string, string> = {}): ManagementClient {
    return createManagementClient({ baseUrl: this.managementTarget.url, fetch: this.fetch, headers, ...(managementKey !== undefined && { managementKey }) });
  }

  get orgId(): string {
    return this.target.orgId ?? fail(`the organization id is unknown (${this.target.orgIdSource}); pass --org-id`);
  }

  /** The exchanges recorded since the last call (the runner checks each against the contract). */
  takeExchanges(): Exchange[] {
    const taken = this.exchanges;
    this.exchanges = [];
    return taken;
  }
}
