/**
 * The conformance suite (scripts/conformance/) against the in-process reference
 * server (in-memory PGlite) and against the Prism mocks: no check may fail, nothing is skipped on the
 * server, and on the mock only what a stateless mock cannot do is skipped, each for a
 * documented reason. It also runs the CLI once, and proves the suite catches a broken
 * response.
 */
import { spawn } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMocks, type RunningMocks } from '../../mocks/index.js';
import { MOCK_SKIP_REASONS } from '../../scripts/conformance/operation.js';
import { type ConformanceReport, runConformance } from '../../scripts/conformance/runner.js';
import { SpecIndex } from '../../scripts/conformance/spec.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { engines, SETUP_TIMEOUT_MS } from '../storage/helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SUITE_TIMEOUT_MS = 180_000;

const failures = (report: ConformanceReport) =>
  report.operations.flatMap((operation) => operation.checks.filter((check) => check.outcome === 'fail').map((check) => `${operation.api} ${operation.operationId}: ${check.name}: ${check.reason}`));

const skips = (report: ConformanceReport) => report.operations.flatMap((operation) => operation.checks.filter((check) => check.outcome === 'skip').map((check) => ({ operation: `${operation.api} ${operation.operationId}`, ...check })));

/** Every operation of both bundles, as `api operationId`. */
const documentedOperations = () => new SpecIndex().operations.map(({ api, operationId }) => `${api} ${operationId}`).sort();

// The whole suite as one run (its session, report and CLI) on the in-memory engine; every check on
// every engine, PostgreSQL included, is the contract suite's (test/contract/contract.test.ts), so a
// second whole run on PostgreSQL would only repeat it.
for (const engine of engines.filter((candidate) => candidate.kind === 'pglite')) {
  describe(`conformance: the reference server on ${engine.label}`, () => {
    let server: TestServer;
    let report: ConformanceReport;
    const lines: string[] = [];

    beforeAll(async () => {
      server = await startTestServer(engine, {}, { labSimulator: true });
      report = await runConformance({
        baseUrl: server.teamUrl,
        apiKey: server.apiKey,
        managementUrl: server.managementUrl,
        managementKey: server.managementKey,
        orgId: server.orgId,
        write: (line) => lines.push(line),
      });
    }, SETUP_TIMEOUT_MS + SUITE_TIMEOUT_MS);

    afterAll(async () => {
      await server?.close();
    });

    it('when the suite runs, then it detects a server and no check fails', () => {
      expect(report.target.kind).toBe('server');
      expect(failures(report), lines.join('\n')).toEqual([]);
      expect(report.passed).toBeGreaterThan(150);
    });

    it('when the suite runs on a server with the management API, then nothing is skipped', () => {
      expect(skips(report)).toEqual([]);
    });

    it('when the report is printed, then it has a line per operation of both documents and ends with the summary', () => {
      for (const operation of documentedOperations()) expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^PASS ${operation} \\(\\d+ checks?\\)$`)));
      expect(lines.at(-1)).toBe(`${report.passed} passed, 0 failed`);
    });

    it('when a response breaks the contract, then the operation fails and says why', async () => {
      // A proxy in front of the server that drops `created_on` from every user record.
      const proxy = await startProxy(server.teamUrl, (body) => (body.includes('"client_user_id"') ? body.replace(/"created_on":"[^"]*",/, '') : body));
      try {
        const broken = await runConformance({ baseUrl: proxy.url, apiKey: server.apiKey, only: ['createUser'], target: 'server' });
        const createUser = broken.operations.find((operation) => operation.operationId === 'createUser');
        expect(createUser?.outcome).toBe('fail');
        expect(failures(broken).join('\n')).toMatch(/must have required property 'created_on'/);
      } finally {
        await proxy.close();
      }
    }, SUITE_TIMEOUT_MS);
  });
}

describe('conformance: the Prism mocks', () => {
  let mocks: RunningMocks;
  let report: ConformanceReport;
  const lines: string[] = [];

  beforeAll(async () => {
    mocks = await startMocks({ teamPort: 0, managementPort: 0 });
    report = await runConformance({
      baseUrl: mocks.urls.team,
      apiKey: 'sk_us_conformance_mock',
      managementUrl: mocks.urls.management,
      managementKey: 'mg_conformance_mock',
      write: (line) => lines.push(line),
    });
  }, SETUP_TIMEOUT_MS + SUITE_TIMEOUT_MS);

  afterAll(async () => {
    await mocks?.close();
  });

  it('when the suite runs with an unknown key, then it detects a stateless mock and takes the example org id', () => {
    expect(report.target).toMatchObject({ kind: 'mock', orgId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' });
  });

  it('when the suite runs, then no check fails', () => {
    expect(failures(report), lines.join('\n')).toEqual([]);
    expect(report.passed).toBeGreaterThan(100);
  });

  it('when checks are skipped, then each is one a stateless mock cannot pass, with its documented reason', () => {
    const skipped = skips(report);
    expect(skipped.length).toBeGreaterThan(0);
    for (const skip of skipped) {
      expect(skip.mockSkip, `${skip.operation}: ${skip.name}`).toBeDefined();
      expect(skip.reason).toBe(MOCK_SKIP_REASONS[skip.mockSkip!]);
    }
  });

  it('when the report is printed, then every operation passes its other checks and the summary counts the skips', () => {
    for (const operation of documentedOperations()) expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^PASS ${operation} \\(\\d+ checks?(, \\d+ skipped)?\\)$`)));
    expect(lines.at(-1)).toBe(`${report.passed} passed, 0 failed, ${report.skipped} skipped`);
  });

  it('when the CLI runs against the mock, then it prints a line per operation and the summary, and exits 0', async () => {
    const { code, stdout } = await run(process.execPath, [
      path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
      path.join(ROOT, 'scripts/conformance/cli.ts'),
      '--base-url',
      mocks.urls.team,
      '--api-key',
      'sk_us_cli',
      '--only',
      'listProviders',
      '--only',
      'management listTeams',
      '--management-url',
      mocks.urls.management,
      '--management-key',
      'mg_cli',
    ]);
    const output = stdout.trim().split('\n');
    expect(output).toContain('Target: mock (auto-detected: an unknown API key was accepted, so a stateless mock)');
    expect(output).toContainEqual(expect.stringMatching(/^PASS team listProviders \(4 checks, 2 skipped\)$/));
    expect(output).toContainEqual(expect.stringMatching(/^PASS management listTeams \(\d+ checks, \d+ skipped\)$/));
    expect(output.at(-1)).toMatch(/^\d+ passed, 0 failed, \d+ skipped$/);
    expect(code).toBe(0);
  }, 60_000);

  it('when the CLI misses its required options, then it prints the usage and exits 2', async () => {
    const { code, stderr } = await run(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'scripts/conformance/cli.ts'), '--base-url', mocks.urls.team]);
    expect(stderr).toMatch(/^usage: npm run conformance/m);
    expect(code).toBe(2);
  }, 60_000);
});

function run(command: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A reverse proxy to `target` that rewrites JSON response bodies. */
async function startProxy(target: string, rewrite: (body: string) => string): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const forward = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = rewrite(Buffer.concat(chunks).toString('utf8'));
        const { 'content-length': _length, ...headers } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': Buffer.byteLength(body) });
        res.end(body);
      });
    });
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
