import { describe, expect, it } from 'vitest';
import { cleanDocument, createInsurance, INSURANCE_PATH } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-secured-operations-must-declare-401';
const lint = lintWith(RULE);

describe(RULE, () => {
  it('when every secured operation declares the shared 401, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when a secured operation has no 401, then its responses are reported', async () => {
    const document = cleanDocument();
    delete createInsurance(document).responses['401'];
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', INSURANCE_PATH, 'post', 'responses'] }]);
  });

  it('when authentication is optional ([{ApiKey: []}, {}]) and there is no 401, then its responses are reported', async () => {
    const document = cleanDocument();
    createInsurance(document).security = [{ ApiKey: [] }, {}];
    delete createInsurance(document).responses['401'];
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', INSURANCE_PATH, 'post', 'responses'] }]);
  });

  it('when a public operation (security: []) has no 401, then nothing is reported', async () => {
    const document = cleanDocument();
    Object.assign(createInsurance(document), { security: [], 'x-public': true });
    delete createInsurance(document).responses['401'];
    expect(await lint(document)).toEqual([]);
  });

  it('when the 401 body has a detail array instead of a string, then its schema is reported', async () => {
    const document = cleanDocument();
    createInsurance(document).responses['401'] = { $ref: '#/components/responses/UnprocessableEntity' };
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['components', 'schemas', 'HTTPValidationError'] }]);
  });

  it('when the 401 has no JSON body, then the 401 is reported', async () => {
    const document = cleanDocument();
    createInsurance(document).responses['401'] = { description: 'Unauthorized.' };
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', INSURANCE_PATH, 'post', 'responses', '401'] }]);
  });
});
