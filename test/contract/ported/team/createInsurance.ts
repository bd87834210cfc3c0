/** Ported from test/contract/suite.ts (team createInsurance): what its conformance checks assert less of. */
import type { TeamSchemas } from '../../../../server/client/index.js';
import { checkEqual } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { insuranceBody, UNKNOWN_ID } from '../../../../scripts/lib/conformance/values.js';
import { missingTeamKey } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('stores insurance with a commercial payor: on a mock the first example, on a server the payor, member id and primary flag sent', async (t) => {
    const { user_id } = await t.fixtures.user();
    const outcome = await t.team.POST('/v2/user/{user_id}/insurance', { params: { path: { user_id } }, body: insuranceBody() });
    const stored = t.expect.successOrFirstExample<TeamSchemas['ClientFacingInsurance']>('team', 'createInsurance', outcome);
    if (!t.isMock) {
      checkEqual({ payor_code: stored.payor_code, member_id: stored.member_id, is_primary: stored.is_primary }, { payor_code: 'AETNA', member_id: 'W123456789', is_primary: true }, 'stored record');
    }
  }),
  missingTeamKey('createInsurance', (_t, client) => client.POST('/v2/user/{user_id}/insurance', { params: { path: { user_id: UNKNOWN_ID } }, body: insuranceBody() })),
];
