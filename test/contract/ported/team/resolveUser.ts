/** Ported from test/contract/suite.ts (team resolveUser): what its conformance checks assert less of. */
import type { TeamSchemas } from '../../../../server/client/index.js';
import { checkEqual } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { missingTeamKey } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('resolves a created user by its client_user_id: on a mock the first example, on a server that user', async (t) => {
    const created = await t.fixtures.user();
    const outcome = await t.team.GET('/v2/user/resolve/{client_user_id}', { params: { path: { client_user_id: created.sentClientUserId } } });
    const resolved = t.expect.successOrFirstExample<TeamSchemas['ClientFacingUser']>('team', 'resolveUser', outcome);
    if (!t.isMock) checkEqual(resolved.user_id, created.user_id, 'user_id');
  }),
  missingTeamKey('resolveUser', (_t, client) => client.GET('/v2/user/resolve/{client_user_id}', { params: { path: { client_user_id: 'patient-000123' } } })),
];
