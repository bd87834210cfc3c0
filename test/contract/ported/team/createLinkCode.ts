/** Ported from test/contract/suite.ts (team createLinkCode): what its conformance checks assert less of. */
import type { TeamSchemas } from '../../../../server/client/index.js';
import { check } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../../../scripts/lib/conformance/values.js';
import { missingTeamKey } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('creates a link code: on a mock the first example, on a server an exchange URL carrying the code', async (t) => {
    const { user_id } = await t.fixtures.user();
    const code = t.expect.successOrFirstExample<TeamSchemas['LinkCode']>('team', 'createLinkCode', await t.team.POST('/v2/link/code/create', { params: { query: { user_id } } }));
    if (!t.isMock) check(code.exchange_url.includes(`code=${code.code}`), `exchange_url ${code.exchange_url} does not carry code=${code.code}`);
  }),
  always('422 naming ["query", "user_id"] when it alone is not a UUID', async (t) => {
    const outcome = await t.team.POST('/v2/link/code/create', { params: { query: { user_id: NOT_A_UUID } } });
    t.expect.validation('team', 'createLinkCode', outcome, [{ loc: ['query', 'user_id'], type: 'format' }]);
  }),
  missingTeamKey('createLinkCode', (_t, client) => client.POST('/v2/link/code/create', { params: { query: { user_id: UNKNOWN_ID } } })),
];
