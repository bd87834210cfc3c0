import { describe, expect, it } from 'vitest';
import { cleanDocument, createInsurance, INSURANCE_PATH } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-operations-must-declare-500';
const lint = lintWith(RULE);

describe(RULE, () => {
  it('when every operation declares 500, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when an operation has no 500, then its responses are reported', async () => {
    const document = cleanDocument();
    delete createInsurance(document).responses['500'];
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', INSURANCE_PATH, 'post', 'responses'] }]);
  });
});
