import { describe, expect, it } from 'vitest';
import { cleanDocument, createInsurance, INSURANCE_PATH, listMarkers, MARKERS_PATH, schemaNamed } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-examples-must-match-schema';
const lint = lintWith(RULE);
const RESPONSE_EXAMPLE = ['paths', INSURANCE_PATH, 'post', 'responses', '200', 'content', 'application/json', 'examples', 'self_insured', 'value'];

describe(RULE, () => {
  it('when every example is valid (including null for type: [string, "null"]), then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when a response example has a value of the wrong type, then that value is reported with the example name', async () => {
    const document = cleanDocument();
    createInsurance(document).responses['200'].content['application/json'].examples.self_insured.value.member_id = 42;
    const findings = await lint(document);
    expect(findings).toMatchObject([{ code: RULE, path: [...RESPONSE_EXAMPLE, 'member_id'] }]);
    expect(findings[0]?.message).toBe('Example "self_insured" does not match its schema: /member_id must be string');
  });

  it('when a request example lacks a required property, then the example value is reported', async () => {
    const document = cleanDocument();
    delete createInsurance(document).requestBody.content['application/json'].examples.self_insured.value.relationship;
    expect(await lint(document)).toMatchObject([
      { code: RULE, path: ['paths', INSURANCE_PATH, 'post', 'requestBody', 'content', 'application/json', 'examples', 'self_insured', 'value'] },
    ]);
  });

  it('when a value inside an array breaks an enum, then the path leads to that array item', async () => {
    const document = cleanDocument();
    listMarkers(document).responses['200'].content['application/json'].examples.one_marker.value.markers[0].type = 'kit';
    expect(await lint(document)).toMatchObject([
      {
        code: RULE,
        path: ['paths', MARKERS_PATH, 'get', 'responses', '200', 'content', 'application/json', 'examples', 'one_marker', 'value', 'markers', '0', 'type'],
      },
    ]);
  });

  it('when a schema uses a JSON Schema 2020-12 keyword (unevaluatedProperties), then examples are checked against it', async () => {
    const document = cleanDocument();
    schemaNamed(document, 'Insurance').unevaluatedProperties = false;
    createInsurance(document).responses['200'].content['application/json'].examples.self_insured.value.company = 'Aetna';
    expect(await lint(document)).toMatchObject([{ code: RULE, path: RESPONSE_EXAMPLE }]);
  });

  it('when a string breaks its format (uuid), then it is reported', async () => {
    const document = cleanDocument();
    document.webhooks.provider_connection_created.post.requestBody.content['application/json'].examples.oura.value.user_id = 'not-a-uuid';
    expect(await lint(document)).toMatchObject([
      {
        code: RULE,
        path: ['webhooks', 'provider_connection_created', 'post', 'requestBody', 'content', 'application/json', 'examples', 'oura', 'value', 'user_id'],
      },
    ]);
  });

  it('when a lone example is invalid, then it is reported under the name "example"', async () => {
    const document = cleanDocument();
    createInsurance(document).responses['200'].content['application/json'].example = { member_id: 'W1' };
    const findings = await lint(document);
    const example = ['paths', INSURANCE_PATH, 'post', 'responses', '200', 'content', 'application/json', 'example'];
    expect(findings).toMatchObject([
      { code: RULE, path: example },
      { code: RULE, path: example },
    ]);
    expect(findings.map(({ message }) => message).sort()).toEqual([
      'Example "example" does not match its schema: (root) must have required property \'group_id\'',
      'Example "example" does not match its schema: (root) must have required property \'relationship\'',
    ]);
  });
});
