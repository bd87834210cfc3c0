/** POST /v3/insurance/validate_icd_codes: Validate diagnosis codes. */
import { check, checkEqual, show } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { requestExample } from '../../examples.js';
import { errorChecks, OVERSIZED, teamKeyChecks } from '../../shared-checks.js';
import { invalid } from '../../values.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { tooLarge } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
type Verdict = TeamSchemas['ValidateICDCodesResponse'];

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'validateIcdCodes',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'POST', path: '/v3/insurance/validate_icd_codes', body: requestExample('team', 'validateIcdCodes', 'valid') }),
  checks: [
    always('codes of the catalog are valid: on a mock the first example', async (t) => {
      const verdict = t.expect.successOrFirstExample<Verdict>('team', 'validateIcdCodes', await t.team.POST('/v3/insurance/validate_icd_codes', { body: { codes: ['E11.9', 'E78.5'] } }));
      checkEqual(verdict, { valid: true, errors: [], violations: [], warnings: [] }, 'verdict');
    }),
    notOnMock('domain-rules', 'names each invalid code, and an excluded pair', async (t) => {
      const verdict = t.expect.success<Verdict>('team', 'validateIcdCodes', await t.team.POST('/v3/insurance/validate_icd_codes', { body: { codes: ['E119', 'E11', 'Q99.9', 'E10.9', 'E11.65'] } }));
      checkEqual(verdict.valid, false, 'valid');
      checkEqual(verdict.errors.length, 3, `errors ${show(verdict.errors)}`);
      check(verdict.errors[0]!.includes('"E119"') && verdict.errors[1]!.includes('E11 ') && verdict.errors[2]!.includes('Q99.9'), `errors do not name their codes: ${show(verdict.errors)}`);
      checkEqual(verdict.violations, [{ code: 'E10.9', conflicts_with: 'E11.65', type: 'excludes1' }], 'violations');
    }),
    always('422 naming ["body", "codes"] when it is missing', async (t) => {
      t.expect.validation('team', 'validateIcdCodes', await t.team.POST('/v3/insurance/validate_icd_codes', { body: invalid({}) }), [{ loc: ['body', 'codes'], type: 'missing' }]);
    }),
    tooLarge('validateIcdCodes', (t) => t.team.POST('/v3/insurance/validate_icd_codes', OVERSIZED)),
    missingKey('validateIcdCodes', (t) => t.teamWithoutKey.POST('/v3/insurance/validate_icd_codes', { body: { codes: [] } })),
    unknownKey('validateIcdCodes', (_t, client) => client.POST('/v3/insurance/validate_icd_codes', { body: { codes: [] } })),
  ],
};
