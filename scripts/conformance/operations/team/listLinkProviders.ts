/** GET /v2/link/providers: List the providers a link token may connect. */
import { check, checkEqual, show } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { listLinkProviders } from '../../requests.js';
import { freshLinkToken } from '../../provider-links.js';
import { LINK_TOKEN_HEADER, TEAM_API_KEY_HEADER, type TeamSchemas } from '../../../../server/client/index.js';

type Answer = TeamSchemas['SourceLinkList'];

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'listLinkProviders',
  // A team key, or the link token alone (it names its team and user), or both of one team.
  auth: { scope: 'link-token' },
  validRequest: async ({ a }) => ({ method: 'GET', path: '/v2/link/providers', headers: { [LINK_TOKEN_HEADER]: a.linkTokens[0]! } }),
  checks: [
    always('lists the providers of a link token alone: on a mock the first example, on a server OAuth, password and email providers', async (t) => {
      const { link_token } = await freshLinkToken(t);
      const list = t.expect.successOrFirstExample<Answer>('team', 'listLinkProviders', await listLinkProviders(t.teamWithoutKey, link_token));
      if (!t.isMock) {
        const byAuth = new Set(list.map((p) => p.auth_type));
        checkEqual([...byAuth].sort(), ['email', 'oauth', 'password'], 'auth types');
        const oura = list.find((p) => p.slug === 'oura');
        check(oura?.oauth_url?.includes(encodeURIComponent(link_token)) === true || oura?.oauth_url?.includes(link_token) === true, `Oura's oauth_url ${show(oura?.oauth_url)} carries the token`);
        checkEqual(list.find((p) => p.slug === 'renpho')?.form_components, { username: { type: 'text' }, password: { type: 'password' } }, "Renpho's form");
      }
    }),
    notOnMock('domain-rules', 'a link token issued for one provider sees only it', async (t) => {
      const { link_token } = await freshLinkToken(t, 'renpho');
      const list = t.expect.success<Answer>('team', 'listLinkProviders', await listLinkProviders(t.teamWithoutKey, link_token));
      checkEqual(list.map((p) => p.slug), ['renpho'], 'slugs');
    }),
    notOnMock('static-examples', 'with the key alone, no oauth_url and no mobile SDK provider', async (t) => {
      const list = t.expect.success<Answer>('team', 'listLinkProviders', await listLinkProviders(t.team));
      check(list.every((p) => p.oauth_url === null), 'no oauth_url without a link token');
      check(!list.some((p) => p.slug === 'apple_health_kit'), 'apple_health_kit is not listed');
    }),
    always('401 without an API key or a link token, naming both headers', async (t) => {
      const { detail } = t.expect.missingKey('team', 'listLinkProviders', await listLinkProviders(t.teamWithoutKey));
      check(detail.includes(TEAM_API_KEY_HEADER) && detail.includes(LINK_TOKEN_HEADER), `the 401's detail ${show(detail)} names both headers`);
    }),
    notOnMock('credentials', '401 for an unknown link token alone', async (t) => {
      t.expect.error('team', 'listLinkProviders', await listLinkProviders(t.teamWithoutKey, `lt_unknown_${t.runId}`), 401);
    }),
  ],
};
