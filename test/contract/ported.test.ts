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
