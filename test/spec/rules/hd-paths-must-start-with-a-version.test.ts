import { describe, expect, it } from 'vitest';
import { cleanDocument, MARKERS_PATH } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-paths-must-start-with-a-version';
const lint = lintWith(RULE);

describe(RULE, () => {
  it('when every path starts with /v2/ or /v3/, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when a path starts with /lab_report/v1/ (the family\'s lab report parsing), then nothing is reported', async () => {
    const document = cleanDocument();
    document.paths['/lab_report/v1/parser/job'] = document.paths[MARKERS_PATH];
    delete document.paths[MARKERS_PATH];
    expect(await lint(document)).toEqual([]);
  });

  it.each(['/lab_tests/markers', '/v4/lab_tests/markers', '/v3', '/lab_report/v2/parser/job', '/lab_report/parser/job', '/other_report/v1/parser/job'])('when a path is %s, then that path is reported', async (path) => {
    const document = cleanDocument();
    document.paths[path] = document.paths[MARKERS_PATH];
    delete document.paths[MARKERS_PATH];
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', path] }]);
  });
});
