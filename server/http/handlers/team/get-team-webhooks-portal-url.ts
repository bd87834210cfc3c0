import type { operations } from '../../../../generated/team/schema.js';
import { WEBHOOKS_PAGE_URL_VALIDITY_SECONDS } from '../../../domain/users/signed-pages.js';
import { signedPageUrl } from '../../user-pages.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/**
 * GET /v2/team/svix/url: the family's Svix portal URL; webhooks here are the server's own, so it is
 * a signed URL into the dashboard's webhooks page of the key's team (server/http/user-pages.ts).
 */
export const getTeamWebhooksPortalUrl =
  (deps: Deps): Handler<operations['getTeamWebhooksPortalUrl'], TeamContext> =>
  async (_request, { teamId }) => {
    const url = await signedPageUrl(deps, { page: 'webhooks', team_id: teamId }, WEBHOOKS_PAGE_URL_VALIDITY_SECONDS);
    return { status: 200, body: { url, expires_in: WEBHOOKS_PAGE_URL_VALIDITY_SECONDS } };
  };
