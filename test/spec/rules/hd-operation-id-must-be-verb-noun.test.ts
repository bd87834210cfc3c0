import { describe, expect, it } from 'vitest';
import { cleanDocument, createInsurance, INSURANCE_PATH } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-operation-id-must-be-verb-noun';
const lint = lintWith(RULE);

async function lintOperationId(operationId: string) {
  const document = cleanDocument();
  createInsurance(document).operationId = operationId;
  return lint(document);
}

describe(RULE, () => {
  it('when operationIds are createInsurance and listMarkers, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when an operationId starts with a two-word verb (bulkTriggerHistoricalPull), then nothing is reported', async () => {
    expect(await lintOperationId('bulkTriggerHistoricalPull')).toEqual([]);
  });

  it.each([
    ['insuranceCreate', 'must be a verb'],
    ['addInsurance', 'must be a verb'],
    ['create', 'must be a verb'],
    ['createinsurance', 'must be a verb'],
    ['create_insurance', 'must be lowerCamelCase'],
    ['CreateInsurance', 'must be lowerCamelCase'],
  ])('when the operationId is %s, then it is reported (%s)', async (operationId, expected) => {
    const findings = await lintOperationId(operationId);
    expect(findings).toMatchObject([{ code: RULE, path: ['paths', INSURANCE_PATH, 'post', 'operationId'] }]);
    expect(findings[0]?.message).toContain(expected);
  });
});
