import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintWith, writeFiles } from './lint.js';

// Our ruleset redefines Spectral's structural check to run on the resolved document.
const RULE = 'oas3-schema';
const lint = lintWith(RULE);

/** Sources in the house layout: a root whose path item is a `$ref` to a file. */
function sources(response: object) {
  return writeFiles({
    'openapi.yaml': {
      openapi: '3.1.0',
      info: { title: 'Sources', version: '1.0.0' },
      paths: { '/v2/providers/': { $ref: './paths/v2_providers.yaml' } },
    },
    'paths/v2_providers.yaml': { get: { responses: { '200': response } } },
  });
}

describe(RULE, () => {
  it('when a path item is a $ref to a file (allowed by OpenAPI 3.1), then nothing is reported', async () => {
    const dir = sources({ description: 'The catalog.' });
    expect(await lint({ file: path.join(dir, 'openapi.yaml') })).toEqual([]);
  });

  it('when a response in the file a path item points at has no description, then it is reported in that file', async () => {
    const dir = sources({});
    expect(await lint({ file: path.join(dir, 'openapi.yaml') })).toMatchObject([
      { code: RULE, source: path.join(dir, 'paths/v2_providers.yaml'), path: ['get', 'responses', '200'] },
    ]);
  });
});
