import { describe, expect, it } from 'vitest';
import { cleanDocument, MARKERS_PATH } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-paths-must-start-with-a-version';
const lint = lintWith(RULE);

describe(RULE, () => {
  it('when every path starts with /v2/ or /v3/, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it.each(['/lab_tests/markers', '/v4/lab_tests/markers', '/v3'])('when a path is %s, then that path is reported', async (path) => {
    const document = cleanDocument();
    document.paths[path] = document.paths[MARKERS_PATH];
    delete document.paths[MARKERS_PATH];
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', path] }]);
  });
});
