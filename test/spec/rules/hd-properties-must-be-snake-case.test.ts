import { describe, expect, it } from 'vitest';
import { cleanDocument, schemaNamed } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-properties-must-be-snake-case';
const lint = lintWith(RULE);

function rename(properties: Record<string, unknown>, from: string, to: string) {
  properties[to] = properties[from];
  delete properties[from];
}

describe(RULE, () => {
  it('when every property is snake_case, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when an inline property is camelCase, then that property is reported', async () => {
    const document = cleanDocument();
    rename(schemaNamed(document, 'CreateInsuranceRequest').properties, 'member_id', 'memberId');
    expect(await lint(document)).toMatchObject([
      { code: RULE, path: ['components', 'schemas', 'CreateInsuranceRequest', 'properties', 'memberId'], message: 'Property "memberId" must be snake_case' },
    ]);
  });

  it('when a $ref property is camelCase, then its properties map is reported, not the referenced schema', async () => {
    const document = cleanDocument();
    rename(schemaNamed(document, 'CreateInsuranceRequest').properties, 'relationship', 'insuranceRelationship');
    expect(await lint(document)).toMatchObject([
      { code: RULE, path: ['components', 'schemas', 'CreateInsuranceRequest', 'properties'], message: 'Property "insuranceRelationship" must be snake_case' },
    ]);
  });

  it('when a property is one of the allowed wire names (clia_#), then it is not reported, and a look-alike is', async () => {
    const document = cleanDocument();
    const properties = schemaNamed(document, 'CreateInsuranceRequest').properties;
    rename(properties, 'member_id', 'clia_#');
    expect(await lint(document)).toEqual([]);
    const other = cleanDocument();
    rename(schemaNamed(other, 'CreateInsuranceRequest').properties, 'member_id', 'npi_#');
    const findings = await lint(other);
    expect(findings.length).toBeGreaterThan(0);
    expect(new Set(findings.map((f) => f.message))).toEqual(new Set(['Property "npi_#" must be snake_case']));
  });
});
