import { describe, expect, it } from 'vitest';
import { cleanDocument, createInsurance, INSURANCE_PATH } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-responses-must-have-examples';
const lint = lintWith(RULE);
const MEDIA = ['paths', INSURANCE_PATH, 'post', 'responses', '200', 'content', 'application/json'];

describe(RULE, () => {
  it('when every JSON response has named examples, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when a JSON response has no examples, then its media type is reported', async () => {
    const document = cleanDocument();
    delete createInsurance(document).responses['200'].content['application/json'].examples;
    expect(await lint(document)).toMatchObject([{ code: RULE, path: MEDIA }]);
  });

  it('when a JSON response has an empty examples map, then its media type is reported', async () => {
    const document = cleanDocument();
    createInsurance(document).responses['200'].content['application/json'].examples = {};
    expect(await lint(document)).toMatchObject([{ code: RULE, path: MEDIA }]);
  });

  it('when a JSON response has a single example instead of named examples, then its media type is reported', async () => {
    const document = cleanDocument();
    const media = createInsurance(document).responses['200'].content['application/json'];
    media.example = media.examples.self_insured.value;
    delete media.examples;
    const findings = await lint(document);
    expect(findings).toMatchObject([{ code: RULE, path: MEDIA }]);
    expect(findings[0]?.message).toContain('named `examples`');
  });

  it('when a non-JSON response (a PDF) has no examples, then nothing is reported', async () => {
    const document = cleanDocument();
    createInsurance(document).responses['200'].content['application/pdf'] = { schema: { type: 'string', format: 'binary' } };
    expect(await lint(document)).toEqual([]);
  });
});
