/**
 * Temporary, until test/contract/suite.ts is gone: runs only the checks ported from it
 * (test/contract/ported/) against the in-process reference server (on each available
 * engine) and the Prism mocks, as test/conformance/conformance.test.ts runs the whole
 * conformance suite, and proves test/contract/PORTING.md maps every test of suite.ts to
 * checks that exist.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMocks, type RunningMocks } from '../../mocks/index.js';
import { MOCK_SKIP_REASONS, type OperationChecks } from '../../scripts/lib/conformance/definitions.js';
import { ALL_CHECKS, type ConformanceReport, runConformance } from '../../scripts/lib/conformance/runner.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { engines, SETUP_TIMEOUT_MS } from '../storage/helpers.js';
import { PORTED_CHECKS } from './ported/index.js';

const SUITE_TIMEOUT_MS = 180_000;
const HERE = import.meta.dirname;

const failures = (report: ConformanceReport) =>
  report.operations.flatMap((operation) => operation.checks.filter((check) => check.outcome === 'fail').map((check) => `${operation.api} ${operation.operationId}: ${check.name}: ${check.reason}`));

const skips = (report: ConformanceReport) => report.operations.flatMap((operation) => operation.checks.filter((check) => check.outcome === 'skip').map((check) => ({ operation: `${operation.api} ${operation.operationId}`, ...check })));

const portedCount = PORTED_CHECKS.reduce((count, group) => count + group.checks.length, 0);

for (const engine of engines.filter((candidate) => candidate.available)) {
  describe(`ported contract checks: the reference server on ${engine.label}`, () => {
    let server: TestServer;
    let report: ConformanceReport;
    const lines: string[] = [];

    beforeAll(async () => {
      server = await startTestServer(engine);
      report = await runConformance({
        baseUrl: server.teamUrl,
        apiKey: server.apiKey,
        managementUrl: server.managementUrl,
        managementKey: server.managementKey,
        orgId: server.orgId,
        checks: PORTED_CHECKS,
        write: (line) => lines.push(line),
      });
    }, SETUP_TIMEOUT_MS + SUITE_TIMEOUT_MS);

    afterAll(async () => {
      await server?.close();
    });

    it('when the ported checks run on a server, then every one passes (and the cleanup) and none is skipped', () => {
      expect(report.target.kind).toBe('server');
      expect(failures(report), lines.join('\n')).toEqual([]);
      expect(skips(report)).toEqual([]);
      expect(report.passed).toBe(portedCount + 1);
    });
  });
}

describe('ported contract checks: the Prism mocks', () => {
  let mocks: RunningMocks;
  let report: ConformanceReport;
  const lines: string[] = [];

  beforeAll(async () => {
    mocks = await startMocks({ teamPort: 0, managementPort: 0 });
    report = await runConformance({
      baseUrl: mocks.urls.team,
      apiKey: 'sk_us_ported_mock',
      managementUrl: mocks.urls.management,
      managementKey: 'mg_ported_mock',
      checks: PORTED_CHECKS,
      write: (line) => lines.push(line),
    });
  }, SETUP_TIMEOUT_MS + SUITE_TIMEOUT_MS);

  afterAll(async () => {
    await mocks?.close();
  });

  it('when the ported checks run on the mock, then none fails and each skipped one has a mock-skip category and its reason', () => {
    expect(report.target.kind).toBe('mock');
    expect(failures(report), lines.join('\n')).toEqual([]);
    for (const skip of skips(report)) {
      expect(skip.mockSkip, `${skip.operation}: ${skip.name}`).toBeDefined();
      expect(skip.reason).toBe(MOCK_SKIP_REASONS[skip.mockSkip!]);
    }
    expect(report.passed + report.skipped).toBe(portedCount + 1);
  });
});

/** The tests of suite.ts, as `<operation> › <test name>` (`(suite)` for those outside an operation), and whether they were server only. */
function suiteTests(): { key: string; serverOnly: boolean }[] {
  let current = '(suite)';
  const tests: { key: string; serverOnly: boolean }[] = [];
  for (const line of readFileSync(path.join(HERE, 'suite.ts'), 'utf8').split('\n')) {
    const group = /^\s+operation\('(team|management)', '(\w+)'/.exec(line);
    if (group) current = `${group[1]} ${group[2]}`;
    const test = /^\s+it(\.skipIf\(isMock\))?\((['"])(.*?)\2, /.exec(line);
    if (test) tests.push({ key: `${current} › ${test[3]}`, serverOnly: Boolean(test[1]) });
  }
  return tests;
}

interface PortingRow {
  key: string;
  runsOn: string;
  existing: string[];
  ported: string[];
  supersedes: string[];
  notes: string;
}

/** The rows of PORTING.md's table; a check column lists `<api> <operationId> › <name>` in backticks. */
function portingRows(): PortingRow[] {
  const lines = readFileSync(path.join(HERE, 'PORTING.md'), 'utf8').split('\n');
  const header = lines.findIndex((line) => line.startsWith('| Operation | suite.ts test |'));
  const references = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!.replace(/\\\|/g, '|'));
  return lines
    .slice(header + 2)
    .filter((line) => line.startsWith('| '))
    .map((line) => {
      const [operation, test, runsOn, existing, ported, supersedes, notes] = line.slice(2, -2).split(' | ') as [string, string, string, string, string, string, string];
      return { key: `${operation} › ${test.replace(/\\\|/g, '|')}`, runsOn, existing: references(existing), ported: references(ported), supersedes: references(supersedes), notes };
    });
}

const checkNames = (groups: readonly OperationChecks[]) => new Set(groups.flatMap((group) => group.checks.map((check) => `${group.api} ${group.operationId} › ${check.name}`)));

describe('ported contract checks: PORTING.md', () => {
  it('when suite.ts and the table are read, then every test has exactly one row, with where it ran', () => {
    const rows = portingRows();
    const tests = suiteTests();
    expect(tests.length).toBeGreaterThan(100);
    expect(rows.map((row) => row.key)).toEqual(tests.map((test) => test.key));
    expect(rows.map((row) => row.runsOn)).toEqual(tests.map((test) => (test.serverOnly ? 'server' : 'server, mock')));
  });

  it('when the table names checks, then each exists where it says, every row names one, and every ported check is named', () => {
    const existing = checkNames(ALL_CHECKS);
    const ported = checkNames(PORTED_CHECKS);
    const rows = portingRows();
    for (const row of rows) {
      expect(row.existing.filter((name) => !existing.has(name)), `${row.key}: existing checks`).toEqual([]);
      expect(row.supersedes.filter((name) => !existing.has(name)), `${row.key}: superseded checks`).toEqual([]);
      expect(row.ported.filter((name) => !ported.has(name)), `${row.key}: ported checks`).toEqual([]);
      if (row.existing.length + row.ported.length === 0) expect(row.notes, row.key).toMatch(/runConformance/);
    }
    expect([...ported].filter((name) => !rows.some((row) => row.ported.includes(name)))).toEqual([]);
  });
});
