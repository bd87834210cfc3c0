/** GET /v2/link/provider/oauth/{oauth_provider}: Get OAuth provider link detail. */
import { check, checkEqual, show } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { invalid } from '../../values.js';
import { MANAGEMENT } from '../../shared-checks.js';
import { otherTeamClient, getOAuthProvider } from '../../requests.js';
import { LINK_TOKEN_HEADER, TEAM_API_KEY_HEADER, type TeamSchemas } from '../../../../server/client/index.js';

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getOAuthProvider',
  // A team key, or the link token alone (it names its team and user), or both of one team.
  auth: { scope: 'link-token' },
  validRequest: async ({ a }) => ({ method: 'GET', path: '/v2/link/provider/oauth/oura', headers: { [LINK_TOKEN_HEADER]: a.linkTokens[0]! } }),
  checks: [
    always('reads Oura with a link token: on a mock the first example, on a server its slug and an oauth_url', async (t) => {
      const { link_token } = await t.fixtures.linkToken();
      const detail = t.expect.successOrFirstExample<TeamSchemas['ProviderLinkDetail']>('team', 'getOAuthProvider', await getOAuthProvider(t.team, 'oura', link_token));
      if (!t.isMock) {
        checkEqual(detail.slug, 'oura', 'slug');
        check(typeof detail.oauth_url === 'string', `oauth_url is ${show(detail.oauth_url)} with a link token`);
      }
    }),
    always('reads Oura with a link token alone (no key): on a mock the first example, on a server an oauth_url carrying the token', async (t) => {
      const { link_token } = await t.fixtures.linkToken();
      const detail = t.expect.successOrFirstExample<TeamSchemas['ProviderLinkDetail']>('team', 'getOAuthProvider', await getOAuthProvider(t.teamWithoutKey, 'oura', link_token));
      if (!t.isMock) {
        checkEqual(detail.slug, 'oura', 'slug');
        const url = detail.oauth_url ?? '';
        check(url.includes(link_token) || url.includes(encodeURIComponent(link_token)), `oauth_url ${show(detail.oauth_url)} carries the link token`);
      }
    }),
    notOnMock('static-examples', 'without a link token, the detail of the provider asked for has no oauth_url', async (t) => {
      const detail = t.expect.success<TeamSchemas['ProviderLinkDetail']>('team', 'getOAuthProvider', await getOAuthProvider(t.team, 'strava'));
      checkEqual({ slug: detail.slug, oauth_url: detail.oauth_url }, { slug: 'strava', oauth_url: null }, 'detail');
    }),
    notOnMock('static-examples', 'without a link token, the detail of Oura has no oauth_url', async (t) => {
      checkEqual(t.expect.success<TeamSchemas['ProviderLinkDetail']>('team', 'getOAuthProvider', await getOAuthProvider(t.team, 'oura')).oauth_url, null, 'oauth_url');
    }),
    always('422 naming ["path", "oauth_provider"] for a provider that is not an OAuth one', async (t) => {
      const outcome = await getOAuthProvider(t.team, invalid('apple_health_kit'));
      t.expect.validation('team', 'getOAuthProvider', outcome, [{ loc: ['path', 'oauth_provider'], type: 'enum' }]);
    }),
    always('401 without an API key or a link token, naming both headers; on a mock exactly the missing_key example', async (t) => {
      const { detail } = t.expect.missingKey('team', 'getOAuthProvider', await getOAuthProvider(t.teamWithoutKey, 'oura'));
      check(detail.includes(TEAM_API_KEY_HEADER) && detail.includes(LINK_TOKEN_HEADER), `the 401's detail ${show(detail)} names ${TEAM_API_KEY_HEADER} and ${LINK_TOKEN_HEADER}`);
    }),
    notOnMock('credentials', '401 for an unknown link token', async (t) => {
      t.expect.error('team', 'getOAuthProvider', await getOAuthProvider(t.team, 'oura', `lt_unknown_${t.runId}`), 401);
    }),
    notOnMock('credentials', '401 for an unknown link token alone (no key)', async (t) => {
      t.expect.error('team', 'getOAuthProvider', await getOAuthProvider(t.teamWithoutKey, 'oura', `lt_unknown_${t.runId}`), 401);
    }),
    notOnMock('credentials', '401 for a valid link token with an unknown API key', async (t) => {
      const { link_token } = await t.fixtures.linkToken();
      t.expect.error('team', 'getOAuthProvider', await getOAuthProvider(t.teamWith(`sk_us_conformance_unknown_${t.runId}`), 'oura', link_token), 401);
    }),
    notOnMock(
      'credentials',
      "401 for a link token of another team (with that team's key)",
      async (t) => {
        const { link_token } = await t.fixtures.linkToken();
        const other = await otherTeamClient(t);
        t.expect.error('team', 'getOAuthProvider', await getOAuthProvider(other, 'oura', link_token), 401);
      },
      MANAGEMENT,
    ),
  ],
};
