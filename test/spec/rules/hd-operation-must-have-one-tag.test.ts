import { describe, expect, it } from 'vitest';
import { cleanDocument, createInsurance, INSURANCE_PATH } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-operation-must-have-one-tag';
const lint = lintWith(RULE);

describe(RULE, () => {
  it('when every operation has one tag, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when an operation has two tags, then its tags are reported', async () => {
    const document = cleanDocument();
    createInsurance(document).tags = ['Insurance', 'Lab tests'];
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', INSURANCE_PATH, 'post', 'tags'] }]);
  });

  it('when an operation has no tags, then that operation is reported', async () => {
    const document = cleanDocument();
    delete createInsurance(document).tags;
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', INSURANCE_PATH, 'post'] }]);
  });
});
