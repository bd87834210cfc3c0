import { describe, expect, it } from 'vitest';
import { cleanDocument } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-path-parameters-must-be-snake-case';
const lint = lintWith(RULE);

describe(RULE, () => {
  it('when every path parameter is snake_case, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when a path parameter is camelCase, then its name is reported where it is defined', async () => {
    const document = cleanDocument();
    document.components.parameters.UserIdPath.name = 'userId';
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['components', 'parameters', 'UserIdPath', 'name'] }]);
  });
});
