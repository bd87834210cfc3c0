import { describe, expect, it } from 'vitest';
import { cleanDocument, listMarkers, MARKERS_PATH } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-parameters-must-have-description';
const lint = lintWith(RULE);

describe(RULE, () => {
  it('when every parameter has a description, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when an operation parameter has no description, then that parameter is reported', async () => {
    const document = cleanDocument();
    delete listMarkers(document).parameters[0].description;
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', MARKERS_PATH, 'get', 'parameters', '0'] }]);
  });

  it('when a reusable parameter has no description, then it is reported where it is defined', async () => {
    const document = cleanDocument();
    delete document.components.parameters.UserIdPath.description;
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['components', 'parameters', 'UserIdPath'] }]);
  });
});
