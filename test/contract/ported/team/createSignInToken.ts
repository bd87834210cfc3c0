/** Ported from test/contract/suite.ts (team createSignInToken): what its conformance checks assert less of. */
import type { TeamSchemas } from '../../../../server/client/index.js';
import { checkEqual } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { UNKNOWN_ID } from '../../../../scripts/lib/conformance/values.js';
import { missingTeamKey } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('issues a sign-in token: on a mock the first example, on a server a token of the user asked for', async (t) => {
    const { user_id } = await t.fixtures.user();
    const outcome = await t.team.POST('/v2/user/{user_id}/sign_in_token', { params: { path: { user_id } } });
    const token = t.expect.successOrFirstExample<TeamSchemas['SignInToken']>('team', 'createSignInToken', outcome);
    if (!t.isMock) checkEqual(token.user_id, user_id, 'user_id');
  }),
  missingTeamKey('createSignInToken', (_t, client) => client.POST('/v2/user/{user_id}/sign_in_token', { params: { path: { user_id: UNKNOWN_ID } } })),
];
