/** POST /v3/sandbox/unmatched_result: Make an unmatched result (sandbox). */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { errorChecks, OVERSIZED, teamKeyChecks } from '../../shared-checks.js';
import { makeUnmatchedResult } from '../../unmatched-results.js';
import { invalid, UNKNOWN_ID } from '../../values.js';
import { firstUser } from '../../world.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { notFound, tooLarge } = errorChecks('team');
const { missingKey, unknownKey, otherTeamsUser } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'createSandboxUnmatchedResult',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'POST', path: '/v3/sandbox/unmatched_result', body: { user_id: firstUser(a).user_id } }),
  checks: [
    always('makes a result waiting for review: on a mock the first example', async (t) => {
      const { user_id } = await t.fixtures.user();
      const made = t.expect.successOrFirstExample<TeamSchemas['UnmatchedResult']>('team', 'createSandboxUnmatchedResult', await makeUnmatchedResult(t.team, { user_id, interpretation: 'abnormal' }));
      if (!t.isMock) checkEqual({ status: made.status, decision: made.decision_code, interpretation: made.interpretation }, { status: 'pending_customer_review', decision: 'no_match', interpretation: 'abnormal' }, 'the result');
    }),
    always('422 naming ["body", "user_id"] when it is missing', async (t) => {
      t.expect.validation('team', 'createSandboxUnmatchedResult', await makeUnmatchedResult(t.team, invalid({})), [{ loc: ['body', 'user_id'], type: 'missing' }]);
    }),
    notFound('createSandboxUnmatchedResult', '404 for an unknown user', (t) => makeUnmatchedResult(t.team, { user_id: UNKNOWN_ID })),
    notOnMock('domain-rules', '422 naming ["body", "patient"] when it is given with an order', async (t) => {
      const { user_id } = await t.fixtures.user();
      t.expect.validation('team', 'createSandboxUnmatchedResult', await makeUnmatchedResult(t.team, { user_id, order_id: UNKNOWN_ID, patient: { first_name: 'A', last_name: 'B', dob: '1980-01-01', gender: 'male' } }), [{ loc: ['body', 'patient'] }]);
    }),
    tooLarge('createSandboxUnmatchedResult', (t) => t.team.POST('/v3/sandbox/unmatched_result', OVERSIZED)),
    missingKey('createSandboxUnmatchedResult', (t) => makeUnmatchedResult(t.teamWithoutKey, { user_id: UNKNOWN_ID })),
    unknownKey('createSandboxUnmatchedResult', (_t, client) => makeUnmatchedResult(client, { user_id: UNKNOWN_ID })),
    otherTeamsUser('createSandboxUnmatchedResult', "404 for a user of another team (with that team's key)", (other, { user_id }) => makeUnmatchedResult(other, { user_id })),
  ],
};
