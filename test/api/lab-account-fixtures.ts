/** The lab accounts of a test server's sandbox team (derived from its id, as the server derives them). */
import { teamLabAccounts, type TeamLabAccount } from '../../server/domain/lab-accounts/accounts.js';

export const sandboxLabAccounts = (server: { teamId: string; orgId: string }): TeamLabAccount[] => teamLabAccounts(server.teamId, server.orgId);
