import type { operations } from '../../../../generated/management/schema.js';
import { listTeamApiKeys, revokeTeamApiKey as revokeKey } from '../../../storage/repositories/credentials.js';
import { notFound } from '../../api-error.js';
import { forgetCredentials } from '../../authenticate.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';
import { requireTeam } from './views.js';

/**
 * DELETE /v1/org/{org_id}/team/{team_id}/api_key/{key_id}: revokes a key of the team; it gets
 * a 401 from then on. Revoking a revoked key again succeeds (revoking is final); a key that
 * is not the team's is a 404.
 */
export const revokeTeamApiKey =
  (deps: Deps): Handler<operations['revokeTeamApiKey'], ManagementContext> =>
  async ({ path }, { orgId }) => {
    const team = await requireTeam(deps.db, orgId, path);
    const revoked = await revokeKey(deps.db, { id: path.key_id, team_id: team.id });
    // Cached credentials of this process, and of the other processes of a cluster, must not outlive the key.
    if (revoked) {
      forgetCredentials(deps.caches.http);
      await deps.announceRevokedCredentials?.();
    }
    if (!revoked) {
      const keyId = path.key_id.toLowerCase();
      const existing = (await listTeamApiKeys(deps.db, team.id)).find((key) => key.id === keyId);
      if (!existing) throw notFound(`API key ${path.key_id} not found in team ${path.team_id}.`);
    }
    return { status: 200, body: { success: true } };
  };
