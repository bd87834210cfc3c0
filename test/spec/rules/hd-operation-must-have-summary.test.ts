import { describe, expect, it } from 'vitest';
import { cleanDocument, createInsurance, INSURANCE_PATH } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-operation-must-have-summary';
const lint = lintWith(RULE);

describe(RULE, () => {
  it('when every operation has a summary, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when an operation has no summary, then that operation is reported', async () => {
    const document = cleanDocument();
    delete createInsurance(document).summary;
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', INSURANCE_PATH, 'post'] }]);
  });
});
