/** Ported from test/contract/suite.ts (team createLinkToken): what its conformance checks assert less of. */
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { UNKNOWN_ID } from '../../../../scripts/lib/conformance/values.js';
import { missingTeamKey } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('creates a link token for a user: on a mock the first example', async (t) => {
    const { user_id } = await t.fixtures.user();
    t.expect.successOrFirstExample('team', 'createLinkToken', await t.team.POST('/v2/link/token', { body: { user_id } }));
  }),
  missingTeamKey('createLinkToken', (_t, client) => client.POST('/v2/link/token', { body: { user_id: UNKNOWN_ID } })),
];
