import { describe, expect, it } from 'vitest';
import { cleanDocument, schemaNamed } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-properties-must-have-description-or-example';
const lint = lintWith(RULE);

describe(RULE, () => {
  it('when every property has a description, an example, or is a $ref (alone or in an array), then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when a property has neither description nor example, then that property is reported', async () => {
    const document = cleanDocument();
    delete schemaNamed(document, 'Insurance').properties.group_id.description;
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['components', 'schemas', 'Insurance', 'properties', 'group_id'] }]);
  });

  it('when a property is a nullable $ref (anyOf [$ref, null]), then nothing is reported', async () => {
    const document = cleanDocument();
    schemaNamed(document, 'Insurance').properties.relationship = {
      anyOf: [{ $ref: '#/components/schemas/InsuranceRelationship' }, { type: 'null' }],
    };
    expect(await lint(document)).toEqual([]);
  });

  it('when a property is an array of undocumented inline items, then that property is reported', async () => {
    const document = cleanDocument();
    schemaNamed(document, 'MarkerPage').properties.markers = { type: 'array', items: { type: 'string' } };
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['components', 'schemas', 'MarkerPage', 'properties', 'markers'] }]);
  });
});
