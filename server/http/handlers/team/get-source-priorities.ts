import type { operations } from '../../../../generated/team/schema.js';
import { listSourcePriorities } from '../../../storage/repositories/source-priorities.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { toSourcePriorities } from './team-views.js';

/** GET /v2/team/source/priorities: the team's order of sources per data type (the order reads without a provider filter follow). */
export const getSourcePriorities =
  (deps: Deps): Handler<operations['getSourcePriorities'], TeamContext> =>
  async ({ query }, { teamId }) => {
    const stored = await listSourcePriorities(deps.db, { team_id: teamId, data_type: query.data_type ?? null });
    return { status: 200, body: toSourcePriorities(stored, query.data_type ?? null) };
  };
