import { describe, expect, it } from 'vitest';
import { cleanDocument, createInsurance, listMarkers, MARKERS_PATH } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-input-operations-must-declare-422';
const lint = lintWith(RULE);

describe(RULE, () => {
  it('when every operation with input declares the shared 422, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when an operation with a query parameter has no 422, then its responses are reported', async () => {
    const document = cleanDocument();
    delete listMarkers(document).responses['422'];
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', MARKERS_PATH, 'get', 'responses'] }]);
  });

  it('when an operation takes no parameter and no body, then it needs no 422', async () => {
    const document = cleanDocument();
    delete listMarkers(document).parameters;
    delete listMarkers(document).responses['422'];
    expect(await lint(document)).toEqual([]);
  });

  it('when the only parameter is declared on the path item, then the operation still needs a 422', async () => {
    const document = cleanDocument();
    document.paths[MARKERS_PATH].parameters = listMarkers(document).parameters;
    delete listMarkers(document).parameters;
    delete listMarkers(document).responses['422'];
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', MARKERS_PATH, 'get', 'responses'] }]);
  });

  it('when the 422 body is {detail: string} instead of HTTPValidationError, then its schema is reported', async () => {
    const document = cleanDocument();
    createInsurance(document).responses['422'] = { $ref: '#/components/responses/Unauthorized' };
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['components', 'schemas', 'ErrorDetail'] }]);
  });

  it('when a validation error item lacks msg, then the 422 schema is reported', async () => {
    const document = cleanDocument();
    const validationError = document.components.schemas.ValidationError;
    delete validationError.properties.msg;
    validationError.required = ['loc', 'type'];
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['components', 'schemas', 'HTTPValidationError'] }]);
  });
});
