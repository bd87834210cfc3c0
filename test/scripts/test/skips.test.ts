import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin } from '../../../scripts/lib/apis.js';
import { explainSkips, formatSkips, reasonIn, type VitestJsonReport } from '../../../scripts/test/skips.js';

/** npm test's explanation of skips (scripts/test/skips.ts). */

const ROOT = '/repo';
const report = (tests: { file: string; ancestors: string[]; title: string; status: string }[]): VitestJsonReport => {
  const files = [...new Set(tests.map((t) => t.file))];
  return {
    numPassedTests: tests.filter((t) => t.status === 'passed').length,
    numFailedTests: 0,
    numPendingTests: tests.filter((t) => t.status === 'skipped').length,
    numTodoTests: 0,
    testResults: files.map((file) => ({
      name: path.join(ROOT, file),
      assertionResults: tests.filter((t) => t.file === file).map((t) => ({ ancestorTitles: t.ancestors, title: t.title, status: t.status })),
    })),
  };
};

describe('reasonIn', () => {
  it('when a name carries (skipped: reason), then the reason is the note', () => {
    expect(reasonIn('users on PostgreSQL (skipped: DATABASE_URL is unset)')).toBe('DATABASE_URL is unset');
  });

  it('when a name carries (<where> only: reason), then the reason keeps where the test runs', () => {
    expect(reasonIn('when no user has the user_id, then 404 (server only: the mock answers every valid id)')).toBe('server only: the mock answers every valid id');
  });

  it('when the reason holds parentheses of its own, then they are kept', () => {
    expect(reasonIn('docs (skipped: no Chromium (CHROMIUM_PATH, /usr/bin/chromium); apt-get install -y chromium)')).toBe('no Chromium (CHROMIUM_PATH, /usr/bin/chromium); apt-get install -y chromium');
  });

  it('when a name has parentheses without such a note, then it gives no reason', () => {
    expect(reasonIn('several workers (PostgreSQL)')).toBeUndefined();
    expect(reasonIn('when the limit is hit (429), then it waits')).toBeUndefined();
  });
});

describe('explainSkips', () => {
  it('when skipped tests carry notes, then they are grouped by reason with their files, the largest group first, and passing tests are ignored', () => {
    const explained = explainSkips(
      report([
        { file: 'test/storage/users.test.ts', ancestors: ['users on PostgreSQL (skipped: DATABASE_URL is unset)', 'users'], title: 'when a user is created, then it is read back', status: 'skipped' },
        { file: 'test/storage/users.test.ts', ancestors: ['users on PostgreSQL (skipped: DATABASE_URL is unset)', 'users'], title: 'when a user is deleted, then it is gone', status: 'skipped' },
        { file: 'test/storage/teams.test.ts', ancestors: ['teams on PostgreSQL (skipped: DATABASE_URL is unset)'], title: 'when a team is created, then it is listed', status: 'skipped' },
        { file: 'test/contract/mock.test.ts', ancestors: ['contract on the mock'], title: 'when the key is unknown, then 401 (server only: the mock accepts any key)', status: 'skipped' },
        { file: 'test/contract/server.test.ts', ancestors: ['contract on the server'], title: 'when the key is unknown, then 401 (server only: the mock accepts any key)', status: 'passed' },
      ]),
      ROOT,
    );
    expect(explained.unexplained).toEqual([]);
    expect(explained.groups).toEqual([
      { reason: 'DATABASE_URL is unset', tests: 3, files: new Map([['test/storage/users.test.ts', 2], ['test/storage/teams.test.ts', 1]]) },
      { reason: 'server only: the mock accepts any key', tests: 1, files: new Map([['test/contract/mock.test.ts', 1]]) },
    ]);
  });

  it("when a skipped block and its test both carry notes, then the block's (outermost) note is the reason", () => {
    const explained = explainSkips(
      report([{ file: 'test/jobs/delivery.test.ts', ancestors: ['delivery on PostgreSQL (skipped: DATABASE_URL is unset)', 'several workers (PostgreSQL only: PGlite is one connection)'], title: 'when ..., then ...', status: 'skipped' }]),
      ROOT,
    );
    expect(explained.groups.map((g) => g.reason)).toEqual(['DATABASE_URL is unset']);
  });

  it('when a skipped test gives no reason, then it is listed as unexplained with its file and names, and the printed lines say FAILED', () => {
    const explained = explainSkips(report([{ file: 'test/a.test.ts', ancestors: ['several workers (PostgreSQL)'], title: 'when rows are locked, then a claim skips them', status: 'skipped' }]), ROOT);
    expect(explained).toEqual({ groups: [], unexplained: ['test/a.test.ts > several workers (PostgreSQL) > when rows are locked, then a claim skips them'] });
    const lines = formatSkips(explained);
    expect(lines[0]).toBe('FAILED: 1 test skipped without a reason. Put it in the name of the test or of its describe block:');
    expect(lines).toContain('  - test/a.test.ts > several workers (PostgreSQL) > when rows are locked, then a claim skips them');
  });

  it('when groups are printed, then each reason has its count and its files', () => {
    const explained = explainSkips(
      report([
        { file: 'test/contract/mock.test.ts', ancestors: ['mock'], title: 'a (server only: the mock keeps no state)', status: 'skipped' },
        { file: 'test/contract/mock.test.ts', ancestors: ['mock'], title: 'b (server only: the mock keeps no state)', status: 'skipped' },
      ]),
      ROOT,
    );
    expect(formatSkips(explained)).toEqual(['Skipped, by reason:', '  server only: the mock keeps no state (2 tests)', '    test/contract/mock.test.ts (2)']);
  });

  it("when vitest itself reports a file of every kind of skip, then its JSON report gives each reason, and skips without a note (skipIf, ctx.skip) are unexplained", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'skips-'));
    try {
      const out = path.join(dir, 'report.json');
      const config = path.join(dir, 'vitest.config.mjs');
      await writeFile(config, "export default { test: { include: ['skips.fixture.ts'] } };\n");
      const fixtures = path.join(import.meta.dirname, 'fixtures');
      const run = spawnSync(bin('vitest'), ['run', '--root', fixtures, '--config', config, '--reporter=json', `--outputFile.json=${out}`], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      const explained = explainSkips(JSON.parse(await readFile(out, 'utf8')) as VitestJsonReport, fixtures);
      expect(explained.groups.map(({ reason, tests }) => ({ reason, tests }))).toEqual([
        { reason: 'DATABASE_URL is unset', tests: 2 },
        { reason: 'server only: the mock accepts any key', tests: 2 },
        { reason: 'server only: the mock answers every valid id', tests: 1 },
      ]);
      expect(explained.unexplained).toEqual([
        'skips.fixture.ts > without a reason > when skipped by a condition, then the runner cannot say why',
        'skips.fixture.ts > without a reason > when skipped at run time, then the runner cannot say why either',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
