import { describe, expect, it } from 'vitest';
import { cleanDocument, listMarkers, MARKERS_PATH } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-patterns-must-not-use-dialect-classes';
const lint = lintWith(RULE);

describe(RULE, () => {
  it('when patterns list their characters, then nothing is reported', async () => {
    const document = cleanDocument();
    listMarkers(document).parameters[0].schema.pattern = '^[0-9]{5}(-[0-9]{4})?$';
    expect(await lint(document)).toEqual([]);
  });

  it.each(['^\\d{5}$', '\\S', '^[A-Z\\s]+$', '^\\w+$'])('when a parameter pattern is %s, then it is reported', async (pattern) => {
    const document = cleanDocument();
    listMarkers(document).parameters[0].schema.pattern = pattern;
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', MARKERS_PATH, 'get', 'parameters', '0', 'schema', 'pattern'] }]);
  });

  it('when a literal backslash is escaped before a letter (\\\\d), then it is no class and nothing is reported', async () => {
    const document = cleanDocument();
    listMarkers(document).parameters[0].schema.pattern = '^C:\\\\\\\\data$';
    expect(await lint(document)).toEqual([]);
  });
});
