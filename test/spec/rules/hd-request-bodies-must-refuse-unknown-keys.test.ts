import { describe, expect, it } from 'vitest';
import { cleanDocument, createInsurance, INSURANCE_PATH, schemaNamed, WEBHOOK } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-request-bodies-must-refuse-unknown-keys';
const lint = lintWith(RULE);
// Results point where each schema is written: a named schema in its component.
const REQUEST_SCHEMA = ['components', 'schemas', 'CreateInsuranceRequest'];

/** The clean fixture with an insured person (an object) in the request, and the schema it is given. */
function withInsured(insured: object) {
  const document = cleanDocument();
  schemaNamed(document, 'CreateInsuranceRequest').properties.insured = insured;
  return document;
}

const ADDRESS = { type: 'object', description: 'An address.', required: ['zip'], properties: { zip: { type: 'string', example: '94110' } } };

describe(RULE, () => {
  it('when the request body schema says additionalProperties: false, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when the request body schema does not refuse unknown keys, then that schema is reported', async () => {
    const document = cleanDocument();
    delete schemaNamed(document, 'CreateInsuranceRequest').additionalProperties;
    const findings = await lint(document);
    expect(findings).toMatchObject([{ code: RULE, path: REQUEST_SCHEMA }]);
    expect(findings[0]?.message).toMatch(/^Request body object schema must refuse the keys it does not declare: `additionalProperties: false`/);
  });

  it('when it says additionalProperties: true, then it is reported as open', async () => {
    const document = cleanDocument();
    schemaNamed(document, 'CreateInsuranceRequest').additionalProperties = true;
    expect(await lint(document)).toMatchObject([{ code: RULE, path: REQUEST_SCHEMA }]);
  });

  it('when a nested object (through a nullable anyOf, in an array) is open, then each open one is reported at its place', async () => {
    const document = withInsured({ anyOf: [{ ...ADDRESS }, { type: 'null' }] });
    schemaNamed(document, 'CreateInsuranceRequest').properties.previous = { type: 'array', items: { ...ADDRESS, additionalProperties: false }, description: 'Earlier ones.' };
    schemaNamed(document, 'CreateInsuranceRequest').properties.notes = { type: 'array', items: { ...ADDRESS }, description: 'Notes.' };
    expect(await lint(document)).toMatchObject([
      { code: RULE, path: [...REQUEST_SCHEMA, 'properties', 'insured', 'anyOf', '0'] },
      { code: RULE, path: [...REQUEST_SCHEMA, 'properties', 'notes', 'items'] },
    ]);
  });

  it('when a schema shared with responses is closed in the request by allOf and unevaluatedProperties: false, then nothing is reported, and the response stays open', async () => {
    const document = withInsured({ allOf: [{ $ref: '#/components/schemas/Address' }], unevaluatedProperties: false, description: 'An address in a request.' });
    document.components.schemas.Address = ADDRESS;
    schemaNamed(document, 'Insurance').properties.address = { $ref: '#/components/schemas/Address' };
    expect(await lint(document)).toEqual([]);
  });

  it('when a shared schema is only wrapped in allOf, then the shared schema is reported', async () => {
    const document = withInsured({ allOf: [{ $ref: '#/components/schemas/Address' }], description: 'An address in a request.' });
    document.components.schemas.Address = ADDRESS;
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['components', 'schemas', 'Address'] }]);
  });

  it('when a shared schema is wrapped in allOf with additionalProperties: false (which refuses the keys of the parts too), then the wrapper is reported', async () => {
    const document = withInsured({ allOf: [{ $ref: '#/components/schemas/Address' }], additionalProperties: false, description: 'An address in a request.' });
    document.components.schemas.Address = ADDRESS;
    const findings = await lint(document);
    expect(findings).toMatchObject([{ code: RULE, path: [...REQUEST_SCHEMA, 'properties', 'insured'] }]);
    expect(findings[0]?.message).toMatch(/does not see the properties .* use `unevaluatedProperties: false`/);
  });

  it('when a closing schema declares beside its allOf the closed schema of a nested object the shared one leaves open, then that object is closed', async () => {
    const document = withInsured({ $ref: '#/components/schemas/PersonInput' });
    Object.assign(document.components.schemas, {
      Address: ADDRESS,
      AddressInput: { allOf: [{ $ref: '#/components/schemas/Address' }], unevaluatedProperties: false, description: 'An address in a request.' },
      Person: { type: 'object', description: 'A person.', properties: { address: { anyOf: [{ $ref: '#/components/schemas/Address' }, { type: 'null' }] } } },
      PersonInput: {
        allOf: [{ $ref: '#/components/schemas/Person' }],
        properties: { address: { anyOf: [{ $ref: '#/components/schemas/AddressInput' }, { type: 'null' }] } },
        unevaluatedProperties: false,
        description: 'A person in a request.',
      },
    });
    expect(await lint(document)).toEqual([]);
    document.components.schemas.PersonInput.properties = {};
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['components', 'schemas', 'Address'] }]);
  });

  it('when an object of a closed schema is the value of its properties, then it must be closed itself', async () => {
    const document = withInsured({ allOf: [{ type: 'object', properties: { address: { ...ADDRESS } } }], unevaluatedProperties: false, description: 'A person.' });
    expect(await lint(document)).toMatchObject([{ code: RULE, path: [...REQUEST_SCHEMA, 'properties', 'insured', 'allOf', '0', 'properties', 'address'] }]);
  });

  it('when a request body is an explicit map (additionalProperties a schema), then it is not reported', async () => {
    const document = withInsured({ type: 'object', description: 'Answers by question.', additionalProperties: { type: 'string' } });
    expect(await lint(document)).toEqual([]);
  });

  it('when response bodies and webhook payloads are open, then nothing is reported', async () => {
    const document = cleanDocument();
    expect(schemaNamed(document, 'Insurance').additionalProperties).toBeUndefined();
    expect(document.webhooks[WEBHOOK].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ProviderConnectionCreatedEvent' });
    expect(await lint(document)).toEqual([]);
  });

  it('when the request body schema is inline, then the result points into the operation', async () => {
    const document = cleanDocument();
    createInsurance(document).requestBody.content['application/json'].schema = { type: 'object', properties: { member_id: { type: 'string', example: 'W1' } } };
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', INSURANCE_PATH, 'post', 'requestBody', 'content', 'application/json', 'schema'] }]);
  });

  it('when a request body is not JSON, then it is not checked', async () => {
    const document = cleanDocument();
    createInsurance(document).requestBody.content['application/x-www-form-urlencoded'] = { schema: { type: 'object', properties: { a: { type: 'string' } } } };
    expect(await lint(document)).toEqual([]);
  });
});
