import type { operations } from '../../../../generated/management/schema.js';
import { hashSecret, newTeamApiKey } from '../../../domain/credentials/secrets.js';
import { createTeamApiKey as storeTeamApiKey } from '../../../storage/repositories/credentials.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, ManagementContext } from '../context.js';
import { requireTeam } from './views.js';

/** POST /v1/org/{org_id}/team/{team_id}/api_key: a new team key, shown once and stored hashed. */
export const createTeamApiKey =
  (deps: Deps): Handler<operations['createTeamApiKey'], ManagementContext> =>
  async ({ path, body }, { orgId }) => {
    const team = await requireTeam(deps.db, orgId, path);
    const key = newTeamApiKey(team.region);
    const stored = await storeTeamApiKey(deps.db, { team_id: team.id, key_hash: hashSecret(key), label: body.label ?? null });
    return { status: 200, body: { id: stored.id, team_id: stored.team_id, label: stored.label, key, created_on: stored.created_on } };
  };
