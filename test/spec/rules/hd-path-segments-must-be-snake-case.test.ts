import { describe, expect, it } from 'vitest';
import { cleanDocument, MARKERS_PATH } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-path-segments-must-be-snake-case';
const lint = lintWith(RULE);

describe(RULE, () => {
  it('when every literal segment is snake_case, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it.each(['/v3/lab-tests/markers', '/v3/labTests/markers'])('when a path is %s, then that path is reported', async (path) => {
    const document = cleanDocument();
    document.paths[path] = document.paths[MARKERS_PATH];
    delete document.paths[MARKERS_PATH];
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', path] }]);
  });
});
