import { describe, expect, it } from 'vitest';
import { cleanDocument, type OpenApiDocument, createInsurance, INSURANCE_PATH } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-success-status-must-be-200';
const lint = lintWith(RULE);
const RESPONSES = ['paths', INSURANCE_PATH, 'post', 'responses'];

function renameSuccess(document: OpenApiDocument, to: string) {
  const { responses } = createInsurance(document);
  responses[to] = responses['200'];
  delete responses['200'];
}

describe(RULE, () => {
  it('when every operation succeeds with 200, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when an operation answers 202 alongside 200, then nothing is reported', async () => {
    const document = cleanDocument();
    const { responses } = createInsurance(document);
    responses['202'] = responses['200'];
    expect(await lint(document)).toEqual([]);
  });

  it.each(['201', '204'])('when the success status is %s, then the missing 200 and the %s are reported', async (status) => {
    const document = cleanDocument();
    renameSuccess(document, status);
    expect(await lint(document)).toMatchObject([
      { code: RULE, path: RESPONSES },
      { code: RULE, path: [...RESPONSES, status] },
    ]);
  });

  it('when an operation answers 202 without a 200, then the missing 200 and the 202 are reported', async () => {
    const document = cleanDocument();
    renameSuccess(document, '202');
    expect(await lint(document)).toMatchObject([
      { code: RULE, path: RESPONSES },
      { code: RULE, path: [...RESPONSES, '202'] },
    ]);
  });
});
