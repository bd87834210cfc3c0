import { describe, expect, it } from 'vitest';
import { cleanDocument, createInsurance, INSURANCE_PATH } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-operation-summary-must-not-end-with-a-period';
const lint = lintWith(RULE);

describe(RULE, () => {
  it('when no summary ends with a period, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when a summary ends with a period, then that summary is reported', async () => {
    const document = cleanDocument();
    createInsurance(document).summary = 'Create insurance.';
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', INSURANCE_PATH, 'post', 'summary'] }]);
  });
});
