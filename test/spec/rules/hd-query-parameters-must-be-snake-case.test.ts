import { describe, expect, it } from 'vitest';
import { cleanDocument, listMarkers, MARKERS_PATH } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-query-parameters-must-be-snake-case';
const lint = lintWith(RULE);

describe(RULE, () => {
  it('when every query parameter is snake_case, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when a query parameter is camelCase, then its name is reported', async () => {
    const document = cleanDocument();
    listMarkers(document).parameters[0].name = 'labSlug';
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', MARKERS_PATH, 'get', 'parameters', '0', 'name'] }]);
  });
});
