import { describe, expect, it } from 'vitest';
import { cleanDocument, createInsurance, INSURANCE_PATH } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-error-responses-must-use-detail-shape';
const lint = lintWith(RULE);

describe(RULE, () => {
  it('when error responses use {detail: string} and HTTPValidationError, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when a 404 body is not a detail object, then its schema is reported', async () => {
    const document = cleanDocument();
    createInsurance(document).responses['404'] = {
      description: 'Not found.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Insurance' } } },
    };
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['components', 'schemas', 'Insurance'] }]);
  });

  it('when a 409 has no body, then the 409 is reported', async () => {
    const document = cleanDocument();
    createInsurance(document).responses['409'] = { description: 'Conflict.' };
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', INSURANCE_PATH, 'post', 'responses', '409'] }]);
  });

  it('when detail is not required, then the shared error schema is reported once per status using it', async () => {
    const document = cleanDocument();
    delete document.components.schemas.ErrorDetail.required;
    const findings = await lint(document);
    expect(findings).toMatchObject([
      { code: RULE, path: ['components', 'schemas', 'ErrorDetail'] },
      { code: RULE, path: ['components', 'schemas', 'ErrorDetail'] },
    ]);
    expect(findings.map(({ message }) => message).sort()).toEqual([
      '`401` body must list `detail` in `required`',
      '`500` body must list `detail` in `required`',
    ]);
  });
});
