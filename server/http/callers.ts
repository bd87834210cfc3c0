import type { Region } from '../shared/values.js';
import type { LinkTokenWithTeam } from '../storage/repositories/link-tokens.js';

/** The authenticated caller of the team API. */
export interface TeamContext {
  teamId: string;
  orgId: string;
  region: Region;
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
