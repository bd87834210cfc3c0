/** Ported from test/contract/suite.ts (team getOAuthProvider): what its conformance checks assert less of. */
import { LINK_TOKEN_HEADER, type TeamSchemas } from '../../../../server/client/index.js';
import { check, checkEqual, show } from '../../../../scripts/lib/conformance/assertions.js';
import { always, notOnMock, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { missingTeamKey } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('reads Oura with a link token: on a mock the first example, on a server its slug and an oauth_url', async (t) => {
    const { link_token } = await t.fixtures.linkToken();
    const outcome = await t.team.GET('/v2/link/provider/oauth/{oauth_provider}', { params: { path: { oauth_provider: 'oura' }, header: { [LINK_TOKEN_HEADER]: link_token } } });
    const detail = t.expect.successOrFirstExample<TeamSchemas['ProviderLinkDetail']>('team', 'getOAuthProvider', outcome);
    if (!t.isMock) {
      checkEqual(detail.slug, 'oura', 'slug');
      check(typeof detail.oauth_url === 'string', `oauth_url is ${show(detail.oauth_url)} with a link token`);
    }
  }),
  notOnMock('static-examples', 'without a link token, the detail of Oura has no oauth_url', async (t) => {
    const outcome = await t.team.GET('/v2/link/provider/oauth/{oauth_provider}', { params: { path: { oauth_provider: 'oura' } } });
    checkEqual(t.expect.success<TeamSchemas['ProviderLinkDetail']>('team', 'getOAuthProvider', outcome).oauth_url, null, 'oauth_url');
  }),
  missingTeamKey('getOAuthProvider', (_t, client) => client.GET('/v2/link/provider/oauth/{oauth_provider}', { params: { path: { oauth_provider: 'oura' } } })),
];
