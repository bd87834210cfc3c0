/** GET /v2/team/svix/url: Get a URL of the team's webhooks page. */
import { check, checkEqual } from '../../assertions.js';
import { always, type OperationDefinition } from '../../operation.js';
import { teamKeyChecks } from '../../shared-checks.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { missingKey, unknownKey } = teamKeyChecks;

const getTeamWebhooksPortalUrl = (client: TeamClient) => client.GET('/v2/team/svix/url');

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getTeamWebhooksPortalUrl',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: '/v2/team/svix/url' }),
  checks: [
    always("makes a webhooks page URL: on a mock the first example, on a server a signed URL of the key's team valid 15 minutes", async (t) => {
      const made = t.expect.successOrFirstExample<TeamSchemas['TeamWebhooksPortalUrl']>('team', 'getTeamWebhooksPortalUrl', await getTeamWebhooksPortalUrl(t.team));
      if (!t.isMock) {
        checkEqual(made.expires_in, 900, 'expires_in');
        check(made.url.includes('/dashboard/signed/webhooks?team_id=') && made.url.includes('&signature='), `a signed webhooks page URL: ${made.url}`);
      }
    }),
    missingKey('getTeamWebhooksPortalUrl', (t) => getTeamWebhooksPortalUrl(t.teamWithoutKey)),
    unknownKey('getTeamWebhooksPortalUrl', (_t, client) => getTeamWebhooksPortalUrl(client)),
  ],
};
