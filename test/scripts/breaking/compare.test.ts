import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_DIR } from '../../../scripts/lib/apis.js';
import { ACCEPTED_BREAKS, type AcceptedBreak } from '../../../scripts/breaking/accepted.js';
import { compareDocuments } from '../../../scripts/breaking/compare.js';
import { acceptFindings } from '../../../scripts/breaking/gate.js';
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

describe('accepted breaking changes (scripts/breaking/accepted.ts)', () => {
  const lost = (values: string[]): Finding => ({
    rule: 'request-enum-value-removed', severity: 'breaking', document: 'head', pointer: '/components/schemas/ProviderSlug',
    where: 'DELETE /v2/user/{user_id}/{provider} path parameter provider', message: `enum lost ${values.map((v) => `"${v}"`).join(', ')}: clients sending it are rejected`,
  });
  const entry: AcceptedBreak = { rule: 'request-enum-value-removed', at: 'head#/components/schemas/ProviderSlug', values: ['vital'], decision: 'docs/decisions.md#x' };

  it('when a finding is exactly what a recorded decision accepted, then it is a warning naming the decision', () => {
    expect(acceptFindings([lost(['vital'])], [entry])).toEqual([{ ...lost(['vital']), severity: 'warning', accepted: 'docs/decisions.md#x' }]);
  });

  it('when a finding quotes a value the decision did not accept, or is of another rule or node, then it still breaks', () => {
    expect(acceptFindings([lost(['vital', 'oura'])], [entry])[0]!.severity).toBe('breaking');
    expect(acceptFindings([{ ...lost(['vital']), pointer: '/components/schemas/OAuthProviderSlug' }], [entry])[0]!.severity).toBe('breaking');
    expect(acceptFindings([{ ...lost(['vital']), rule: 'request-bounds-narrowed' }], [entry])[0]!.severity).toBe('breaking');
  });

  it('when the recorded decisions are read, then each names a heading of docs/decisions.md that exists', () => {
    const decisions = readFileSync(path.join(import.meta.dirname, '../../../docs/decisions.md'), 'utf8');
    const anchors = new Set([...decisions.matchAll(/^#+ (.+)$/gm)].map((m) => m[1]!.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-')));
    for (const accepted of ACCEPTED_BREAKS) {
      expect(accepted.decision.startsWith('docs/decisions.md#')).toBe(true);
      expect(anchors, accepted.decision).toContain(accepted.decision.slice('docs/decisions.md#'.length));
    }
  });
});
