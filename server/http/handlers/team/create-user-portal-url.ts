import type { operations } from '../../../../generated/team/schema.js';
import { PORTAL_URL_VALIDITY_SECONDS } from '../../../domain/users/signed-pages.js';
import { findOrder } from '../../../storage/repositories/lab-orders.js';
import { notFound } from '../../api-error.js';
import { signedPageUrl } from '../../user-pages.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireUser } from './views.js';

/** POST /v2/user/{user_id}/create_portal_url: a signed URL of the user's portal page (server/http/user-pages.ts), valid one hour. */
export const createUserPortalUrl =
  (deps: Deps): Handler<operations['createUserPortalUrl'], TeamContext> =>
  async ({ path, body }, { teamId }) => {
    const user = await requireUser(deps.db, teamId, path.user_id);
    const orderId = body.order_id ?? null;
    if (orderId !== null) {
      const order = await findOrder(deps.db, teamId, orderId);
      if (!order || order.user_id !== user.user_id) throw notFound(`Order ${orderId} of user ${user.user_id} not found.`);
    }
    const url = await signedPageUrl(deps, { page: 'portal', user_id: user.user_id, context: body.context, order_id: orderId }, PORTAL_URL_VALIDITY_SECONDS);
    return { status: 200, body: { url, expires_in: PORTAL_URL_VALIDITY_SECONDS } };
  };
