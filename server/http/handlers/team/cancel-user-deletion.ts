import type { operations } from '../../../../generated/team/schema.js';
import { restorableSince, USER_RESTORE_GRACE_DAYS } from '../../../domain/users/restore.js';
import { purgeDeletedUsers, restoreUser } from '../../../storage/repositories/deleted-users.js';
import { ApiError, notFound, ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** POST /v2/user/undo_delete: Restore a user deleted within the grace period (server/domain/users/restore.ts). */
export const cancelUserDeletion =
  (deps: Deps): Handler<operations['cancelUserDeletion'], TeamContext> =>
  async ({ query }, { teamId }) => {
    const userId = query.user_id ?? null;
    const clientUserId = query.client_user_id ?? null;
    if (userId === null && clientUserId === null) {
      throw new ValidationFailure([{ loc: ['query', 'user_id'], msg: 'Give user_id or client_user_id (or both) of the deleted user', type: 'missing' }]);
    }
    const notBefore = restorableSince(deps.now());
    const result = await deps.db.transaction(async (tx) => {
      // Archives past their grace period go first, so that none is ever restored late.
      await purgeDeletedUsers(tx, { before: notBefore });
      return restoreUser(tx, { team_id: teamId, user_id: userId, client_user_id: clientUserId, not_before: notBefore });
    });
    if (result.status === 'not_found') {
      const named = [userId && `user_id ${userId}`, clientUserId && `client_user_id ${clientUserId}`].filter(Boolean).join(' and ');
      throw notFound(`No user with ${named} was deleted in the last ${USER_RESTORE_GRACE_DAYS} days.`);
    }
    if (result.status === 'client_user_id_taken') {
      const holder = result.taken_by ? `Another user (user_id ${result.taken_by})` : 'Another user';
      throw new ApiError(400, `${holder} has client_user_id ${result.client_user_id} now: change or delete it, then restore.`);
    }
    return { status: 200, body: { success: true } };
  };
