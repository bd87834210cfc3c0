import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_DIR } from '../../../scripts/lib/apis.js';
import { compareDocuments } from '../../../scripts/breaking/compare.js';
import { RULES, type Finding } from '../../../scripts/breaking/rules.js';
import type { JsonObject } from '../../../scripts/breaking/schema.js';

/**
 * Golden pairs: fixtures/<case>/base.json and head.json are small bundled
 * documents that differ by one kind of change; expected.json lists the findings
 * (UPDATE_GOLDEN=1 rewrites it from the current output: review the diff).
 */
const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const cases = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

describe('breaking-change comparison, golden fixture pairs', () => {
  it.each(cases)('when fixtures/%s is compared, then the findings are the expected ones', (name) => {
    const dir = path.join(FIXTURES, name);
    const findings = compareDocuments(readJson<JsonObject>(path.join(dir, 'base.json')), readJson<JsonObject>(path.join(dir, 'head.json')));
    const expectedFile = path.join(dir, 'expected.json');
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(expectedFile, `${JSON.stringify(findings, null, 2)}\n`);
    expect(findings).toEqual(readJson<Finding[]>(expectedFile));
  });

  it('when the fixtures are listed, then every rule has one named after it, with that rule among its findings', () => {
    const covered = new Set(cases.flatMap((name) => readJson<Finding[]>(path.join(FIXTURES, name, 'expected.json')).map((f) => f.rule)));
    for (const name of cases.filter((c) => c in RULES)) {
      expect(readJson<Finding[]>(path.join(FIXTURES, name, 'expected.json')).map((f) => f.rule)).toContain(name);
    }
    expect(Object.keys(RULES).filter((rule) => !cases.includes(rule))).toEqual([]);
    expect(Object.keys(RULES).filter((rule) => !covered.has(rule as keyof typeof RULES))).toEqual([]);
  });

  it('when the compatible fixture is compared the other way round, then its removals break (the comparison is directional)', () => {
    const dir = path.join(FIXTURES, 'compatible-changes');
    const reversed = compareDocuments(readJson<JsonObject>(path.join(dir, 'head.json')), readJson<JsonObject>(path.join(dir, 'base.json')));
    expect(reversed.map((f) => f.rule)).toEqual(expect.arrayContaining(['operation-removed', 'webhook-removed', 'response-field-removed']));
  });

  it.each(['team', 'management'])('when the %s bundle is compared with itself, then nothing is reported', (api) => {
    const document = readJson<JsonObject>(path.join(GENERATED_DIR, api, 'openapi.json'));
    expect(compareDocuments(document, structuredClone(document))).toEqual([]);
  });
});
