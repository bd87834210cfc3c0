import { describe, expect, it } from 'vitest';
import { cleanDocument, type OpenApiDocument, MARKERS_PATH } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-paths-must-not-end-with-slash';
const lint = lintWith(RULE);

function movePath(document: OpenApiDocument, to: string) {
  document.paths[to] = document.paths[MARKERS_PATH];
  delete document.paths[MARKERS_PATH];
}

describe(RULE, () => {
  it('when no path ends with a slash, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when a path ends with a slash, then that path is reported', async () => {
    const document = cleanDocument();
    movePath(document, `${MARKERS_PATH}/`);
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', `${MARKERS_PATH}/`] }]);
  });

  it('when the path is /v2/providers/, which the interface spec fixes with a slash, then nothing is reported', async () => {
    const document = cleanDocument();
    movePath(document, '/v2/providers/');
    expect(await lint(document)).toEqual([]);
  });
});
