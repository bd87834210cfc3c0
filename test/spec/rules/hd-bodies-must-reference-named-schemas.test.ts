import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanDocument, createInsurance, INSURANCE_PATH } from './fixture.js';
import { lintWith, writeFiles } from './lint.js';

const RULE = 'hd-bodies-must-reference-named-schemas';
const lint = lintWith(RULE);
const REQUEST_MEDIA = ['paths', INSURANCE_PATH, 'post', 'requestBody', 'content', 'application/json'];

describe(RULE, () => {
  it('when every body $refs #/components/schemas/..., as in the bundle, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when a request body schema is inline, then that schema is reported', async () => {
    const document = cleanDocument();
    createInsurance(document).requestBody.content['application/json'].schema = { type: 'object' };
    expect(await lint(document)).toMatchObject([{ code: RULE, path: [...REQUEST_MEDIA, 'schema'] }]);
  });

  it('when a response body is an inline array of named items, then that schema is reported', async () => {
    const document = cleanDocument();
    createInsurance(document).responses['200'].content['application/json'].schema = {
      type: 'array',
      items: { $ref: '#/components/schemas/Insurance' },
    };
    expect(await lint(document)).toMatchObject([
      { code: RULE, path: ['paths', INSURANCE_PATH, 'post', 'responses', '200', 'content', 'application/json', 'schema'] },
    ]);
  });

  it('when a body $refs something other than a component schema, then the media type is reported', async () => {
    const document = cleanDocument();
    createInsurance(document).requestBody.content['application/json'].schema = {
      $ref: '#/components/schemas/Insurance/properties/member_id',
    };
    expect(await lint(document)).toMatchObject([{ code: RULE, path: REQUEST_MEDIA }]);
  });

  it('when a non-JSON body (a PDF) has an inline schema, then nothing is reported', async () => {
    const document = cleanDocument();
    createInsurance(document).responses['200'].content['application/pdf'] = { schema: { type: 'string', format: 'binary' } };
    expect(await lint(document)).toEqual([]);
  });

  describe('in the multi-file sources, where operations live in paths/*.yaml', () => {
    const files = (requestSchema: object) => ({
      'openapi.yaml': {
        openapi: '3.1.0',
        info: { title: 'Sources', version: '1.0.0' },
        paths: { [INSURANCE_PATH]: { $ref: './paths/v2_user_{user_id}_insurance.yaml' } },
      },
      'paths/v2_user_{user_id}_insurance.yaml': {
        post: {
          requestBody: { content: { 'application/json': { schema: requestSchema } } },
          responses: {
            '200': { description: 'Stored.', content: { 'application/json': { schema: { $ref: '../components/schemas/Insurance.yaml' } } } },
          },
        },
      },
      'components/schemas/Insurance.yaml': { type: 'object' },
    });

    it('when the path item file $refs schema files, then nothing is reported', async () => {
      const dir = writeFiles(files({ $ref: '../components/schemas/Insurance.yaml' }));
      expect(await lint({ file: path.join(dir, 'openapi.yaml') })).toEqual([]);
    });

    it('when the path item file has an inline body schema, then it is reported in that file', async () => {
      const dir = writeFiles(files({ type: 'object' }));
      expect(await lint({ file: path.join(dir, 'openapi.yaml') })).toMatchObject([
        {
          code: RULE,
          source: path.join(dir, 'paths/v2_user_{user_id}_insurance.yaml'),
          path: ['post', 'requestBody', 'content', 'application/json', 'schema'],
        },
      ]);
    });
  });
});
