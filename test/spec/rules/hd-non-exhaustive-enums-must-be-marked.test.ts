import { describe, expect, it } from 'vitest';
import { cleanDocument, schemaNamed } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-non-exhaustive-enums-must-be-marked';
const lint = lintWith(RULE);

describe(RULE, () => {
  it('when the three-value enum is marked and the two-value one is not, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when a three-value string enum has no x-non-exhaustive, then its enum is reported', async () => {
    const document = cleanDocument();
    delete schemaNamed(document, 'InsuranceRelationship')['x-non-exhaustive'];
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['components', 'schemas', 'InsuranceRelationship', 'enum'] }]);
  });

  it('when the author states x-non-exhaustive: false (a closed set), then nothing is reported', async () => {
    const document = cleanDocument();
    schemaNamed(document, 'InsuranceRelationship')['x-non-exhaustive'] = false;
    expect(await lint(document)).toEqual([]);
  });

  it('when x-non-exhaustive is not a boolean, then the enum is reported', async () => {
    const document = cleanDocument();
    schemaNamed(document, 'InsuranceRelationship')['x-non-exhaustive'] = 'yes';
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['components', 'schemas', 'InsuranceRelationship', 'enum'] }]);
  });

  it('when an inline nullable enum gains a third value, then that enum is reported', async () => {
    const document = cleanDocument();
    schemaNamed(document, 'Marker').properties.type = { type: ['string', 'null'], enum: ['biomarker', 'panel', 'kit', null], example: 'panel' };
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['components', 'schemas', 'Marker', 'properties', 'type', 'enum'] }]);
  });

  it('when a nullable enum has two values besides null, then nothing is reported', async () => {
    const document = cleanDocument();
    schemaNamed(document, 'Marker').properties.type = { type: ['string', 'null'], enum: ['biomarker', 'panel', null], example: 'panel' };
    expect(await lint(document)).toEqual([]);
  });

  it('when an integer enum has more than two values, then nothing is reported', async () => {
    const document = cleanDocument();
    schemaNamed(document, 'Marker').properties.type = { type: 'integer', enum: [1, 2, 3], example: 1 };
    expect(await lint(document)).toEqual([]);
  });
});
