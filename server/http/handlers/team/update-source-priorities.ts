import type { operations } from '../../../../generated/team/schema.js';
import { refusedPriorities } from '../../../domain/team/source-priorities.js';
import { listSourcePriorities, setSourcePriorities } from '../../../storage/repositories/source-priorities.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { toSourcePriorities } from './team-views.js';

/**
 * PATCH /v2/team/source/priorities: puts the listed providers first for each data type named
 * (an empty list restores the default order); one provider that does not supply its data type
 * refuses the whole change.
 */
export const updateSourcePriorities =
  (deps: Deps): Handler<operations['updateSourcePriorities'], TeamContext> =>
  async ({ body }, { teamId }) => {
    const change = body ?? {};
    const refused = refusedPriorities(change);
    if (refused.length > 0) {
      throw new ValidationFailure(
        refused.map(({ data_type, index, provider }) => ({ loc: ['body', data_type, index], msg: `${provider} supplies no ${data_type} data`, type: 'value_error' })),
      );
    }
    const stored = await deps.db.transaction(async (tx) => {
      await setSourcePriorities(tx, { team_id: teamId, change, at: deps.now().toISOString() });
      return listSourcePriorities(tx, { team_id: teamId });
    });
    return { status: 200, body: toSourcePriorities(stored) };
  };
