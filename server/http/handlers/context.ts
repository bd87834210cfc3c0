import type { Config } from '../../config.js';
import type { Logger } from '../../logger.js';
import type { MarkerCatalog } from '../../domain/lab-markers/catalog.js';
import type { Database } from '../../storage/database.js';
import type { LinkTokenWithTeam } from '../../storage/repositories/link-tokens.js';

/** What every handler may use: storage, catalogs, the clock, configuration and the logger. */
export interface Deps {
  db: Database;
  markers: MarkerCatalog;
  now: () => Date;
  config: Config;
  logger: Logger;
}

/** The authenticated caller of the team API. */
export interface TeamContext {
  teamId: string;
  orgId: string;
  region: 'us' | 'eu';
  /** The team API key's id; null when a link token alone authenticated the request. */
  keyId: string | null;
  /** The valid link token sent to an operation that accepts one as a credential (see authenticateTeamOrLinkToken). */
  linkToken?: LinkTokenWithTeam;
}

/** The authenticated caller of the management API. */
export interface ManagementContext {
  orgId: string;
  keyId: string;
}
