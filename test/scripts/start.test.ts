/**
 * `npm start` exactly as users run it (free ports, a temporary DATA_DIR, after a
 * build so it does not rebuild): a SIGTERM, SIGINT or SIGHUP to the npm process
 * stops everything it started (no tsx, server or mock process left, every port
 * free), and the docs landing page names the ports it really runs on. In a copy of
 * the repository without dist/ (a fresh clone), it transpiles to dist/ without tsc and
 * serves, saying what it does; the npm start process itself stays small.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTemplate, DIST, PGLITE_TEMPLATE_DIR, transpile } from '../../scripts/compile.js';
import { ROOT } from '../../scripts/lib/apis.js';
import { freePorts } from '../../scripts/lib/free-ports.js';
import { isDistFresh, isGeneratedFresh } from '../../scripts/lib/input-hash.js';

const LINUX = process.platform === 'linux';
const because = LINUX ? '' : ' (skipped: reads the process tree from /proc)';
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 30_000;
/** What the issue allows the npm start process (the supervisor, which lives as long as the server). */
const SUPERVISOR_MAX_KB = 150 * 1024;

/** Whether nothing listens on the port (it can be bound again). */
const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** Every process below `pid` (children, grandchildren, ...), from /proc. */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid ...": comm may contain spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // exited meanwhile
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of parentOf) if (ppid === parent) found.push(child), walk(child);
  };
  walk(pid);
  return found;
}

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return null;
  }
};

/** Alive and not a zombie. */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function waitFor<T>(what: string, check: () => T | Promise<T>, timeoutMs: number): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A /proc/<pid>/status field in kB (VmRSS, VmHWM: the peak resident size). */
function statusKb(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith(`${field}:`));
  return Number(line?.match(/(\d+) kB/)?.[1]);
}

interface Started {
  npm: ChildProcess;
  ports: { team: number; management: number; teamMock: number; managementMock: number };
  output: () => string;
  dataDir: string;
}

/**
 * `detached`: npm leads its own process group, as in a terminal, where Ctrl-C signals the whole group.
 * `cwd`: the repository to start (default this one); `mocks: false` runs it with START_MOCKS=false.
 */
async function npmStart({ detached = false, cwd = ROOT, mocks = true } = {}): Promise<Started> {
  const [team, management, teamMock, managementMock] = await freePorts(4);
  const ports = { team, management, teamMock, managementMock };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'npm-start-'));
  const npm = spawn('npm', ['start'], {
    cwd,
    env: {
      ...process.env,
      PORT: String(ports.team),
      MANAGEMENT_PORT: String(ports.management),
      MOCK_PORT: String(ports.teamMock),
      MOCK_MANAGEMENT_PORT: String(ports.managementMock),
      DATA_DIR: dataDir,
      // As a new user starts it: the embedded database, whatever database the test run was given.
      DATABASE_URL: '',
      TEAM_API_KEY: '',
      MANAGEMENT_KEY: '',
      WEBHOOK_URL: '',
      START_MOCKS: String(mocks),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  let output = '';
  npm.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  npm.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const serving = async () => {
    if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}:\n${output}`);
    const urls = [`http://127.0.0.1:${ports.team}/docs/`, ...(mocks ? [`http://127.0.0.1:${ports.teamMock}/v2/providers`] : [])];
    const answers = await Promise.all(urls.map((url) => fetch(url).then((r) => r.status, () => 0)));
    return answers[0] === 200 && answers.every((status) => status !== 0);
  };
  await waitFor('npm start to serve the API and the mock', serving, START_TIMEOUT_MS);
  return { npm, ports, output: () => output, dataDir };
}

/**
 * A copy of the repository as a fresh clone has it after npm ci (no dist/), its node_modules
 * linked to this checkout's but for node_modules/.bin/tsc, a stand-in that records that it ran
 * (in `tscRuns`) and fails.
 */
function cloneWithFailingTsc(): { root: string; tscRuns: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'npm-start-clone-'));
  for (const entry of ['spec', 'scripts', 'server', 'mocks', 'generated', 'tsconfig.json', 'package.json']) cpSync(path.join(ROOT, entry), path.join(root, entry), { recursive: true });
  const modules = path.join(ROOT, 'node_modules');
  mkdirSync(path.join(root, 'node_modules/.bin'), { recursive: true });
  for (const entry of readdirSync(modules)) {
    if (entry !== '.bin') symlinkSync(path.join(modules, entry), path.join(root, 'node_modules', entry));
  }
  for (const entry of readdirSync(path.join(modules, '.bin'))) {
    if (entry !== 'tsc') symlinkSync(realpathSync(path.join(modules, '.bin', entry)), path.join(root, 'node_modules/.bin', entry));
  }
  const tscRuns = path.join(root, 'tsc-runs');
  writeFileSync(path.join(root, 'node_modules/.bin/tsc'), `#!/bin/sh\necho "tsc $*" >> '${tscRuns}'\nexit 1\n`, { mode: 0o755 });
  return { root, tscRuns };
}

describe.skipIf(!LINUX)(`npm start as users run it${because}`, () => {
  const started: Started[] = [];
  const copies: string[] = [];

  beforeAll(async () => {
    // As a user's second start: generated/ and dist/ up to date, so npm start neither builds nor transpiles.
    if (!isGeneratedFresh()) throw new Error('generated/ is stale: run npm run build first');
    if (!isDistFresh(DIST)) await transpile();
    // As npm run compile leaves it: each start's new DATA_DIR is a copy of the template, not an initdb.
    await buildTemplate();
  }, 600_000);

  // Only a failed test leaves processes behind; the data directories (PGlite's files) take a while to remove.
  afterAll(() => {
    for (const { npm, dataDir } of started) {
      for (const pid of npm.pid ? descendants(npm.pid) : []) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
      if (npm.exitCode === null) npm.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
    for (const root of copies) rmSync(root, { recursive: true, force: true });
  }, 120_000);

  for (const [signal, target] of [
    ['SIGTERM', 'the npm process'],
    ['SIGINT', 'the npm process'],
    ['SIGHUP', 'the npm process'],
    ['SIGINT', 'every process of the group (Ctrl-C in a terminal)'],
  ] as const) {
    const group = target !== 'the npm process';
    it(
      `when ${target} gets ${signal}, then the server, the mocks and every other process it started stop and the ports are free`,
      async () => {
        const run = await npmStart({ detached: group });
        started.push(run);
        expect(run.output()).toContain('generated/ is up to date');
        expect(run.output()).toContain('dist/ is up to date');
        expect(run.output()).not.toContain('building generated/');
        expect(run.output()).not.toContain('transpiling');
        // The mocks start after the team API listens, so that they do not slow the server's start.
        const listensAt = run.output().indexOf(`the team API listens on http://127.0.0.1:${run.ports.team}`);
        expect(listensAt).toBeGreaterThan(-1);
        expect(run.output().indexOf('starting the mocks (dist/mocks/start.js)')).toBeGreaterThan(listensAt);

        const tree = descendants(run.npm.pid!);
        const commands = tree.map((pid) => commandOf(pid) ?? '');
        expect(commands.some((command) => command.includes('dist/server/main.js'))).toBe(true);
        expect(commands.some((command) => command.includes('dist/mocks/start.js'))).toBe(true);

        const npmExited = new Promise<void>((resolve) => (run.npm.exitCode !== null ? resolve() : run.npm.once('exit', () => resolve())));
        process.kill(group ? -run.npm.pid! : run.npm.pid!, signal);
        await npmExited;
        const survivors = await waitFor(
          'every process npm start started to stop',
          () => {
            const left = tree.filter(isRunning);
            return left.length === 0 ? [] : null;
          },
          STOP_TIMEOUT_MS,
        ).catch(() => tree.filter(isRunning).map((pid) => `${pid} ${commandOf(pid)}`));
        expect(survivors).toEqual([]);
        for (const port of Object.values(run.ports)) expect(await waitFor(`port ${port} to be free`, () => portIsFree(port), STOP_TIMEOUT_MS)).toBe(true);
      },
      START_TIMEOUT_MS + 2 * STOP_TIMEOUT_MS,
    );
  }

  it(
    'when the servers and mocks run on other ports, then the docs landing page of both servers names those ports and no default one',
    async () => {
      const run = await npmStart();
      started.push(run);
      const { ports } = run;
      for (const port of [ports.team, ports.management]) {
        const page = await (await fetch(`http://127.0.0.1:${port}/docs/`)).text();
        expect(page).not.toMatch(/127\.0\.0\.1:(8000|8001|4010|4011)\b/);
        expect(page).toContain(`curl -s <span data-local-url="team">http://127.0.0.1:${ports.team}</span>/v2/`);
        expect(page).toContain(`<span data-local-url="management">http://127.0.0.1:${ports.management}</span>`);
        expect(page).toContain(`<span data-local-url="team-mock">http://127.0.0.1:${ports.teamMock}</span>`);
        expect(page).toContain(`<span data-local-url="management-mock">http://127.0.0.1:${ports.managementMock}</span>`);
      }
      const exited = new Promise<void>((resolve) => (run.npm.exitCode !== null ? resolve() : run.npm.once('exit', () => resolve())));
      process.kill(run.npm.pid!, 'SIGTERM');
      await exited;
    },
    START_TIMEOUT_MS + STOP_TIMEOUT_MS,
  );
  it(
    'when dist/ is missing (a fresh clone), then npm start transpiles to dist/ with esbuild and never runs tsc, says what it does at each step, serves, and its own process stays under 150 MB',
    async () => {
      const { root, tscRuns } = cloneWithFailingTsc();
      copies.push(root);
      // Only the PGlite template (which npm run compile builds, and npm start does not), so that
      // this start copies a database instead of running initdb.
      cpSync(PGLITE_TEMPLATE_DIR, path.join(root, 'dist/pglite-template'), { recursive: true });
      expect(isDistFresh(path.join(root, 'dist'), root)).toBe(false);

      const run = await npmStart({ cwd: root, mocks: false });
      started.push(run);
      const listeningLine = `the team API listens on http://127.0.0.1:${run.ports.team}`;
      await waitFor('npm start to say that the team API listens', () => run.output().includes(listeningLine), STOP_TIMEOUT_MS);
      const output = run.output();
      // Each step, in order: nothing to build, the transpile, the server, its new database, listening.
      const steps = [
        'generated/ is up to date',
        'transpiling server/, mocks/ and scripts/ to dist/ (esbuild',
        'files to dist/ in',
        'starting the server (dist/server/main.js) ...',
        `Creating the PGlite database in ${path.join(run.dataDir, 'pglite')} (from the template ${path.join(root, 'dist/pglite-template')})`,
        'PGlite database ready in',
        listeningLine,
      ];
      for (const line of steps) expect(output).toContain(line);
      expect(steps.map((line) => output.indexOf(line))).toEqual(steps.map((line) => output.indexOf(line)).sort((a, b) => a - b));
      expect(output).not.toContain('dist/mocks/start.js');

      // dist/ now records its sources, with each module at its source's path and a source map beside it.
      expect(isDistFresh(path.join(root, 'dist'), root)).toBe(true);
      for (const file of ['server/main.js', 'server/main.js.map', 'mocks/start.js', 'scripts/bench/plain-express.js', 'server/storage/migrations/001_initial.sql', 'generated/team/openapi.json']) {
        expect(existsSync(path.join(root, 'dist', file)), file).toBe(true);
      }
      expect(existsSync(path.join(root, 'dist/test'))).toBe(false);
      expect(existsSync(tscRuns)).toBe(false);

      // The supervisor (npm's child, alive as long as the server): its peak, and what it keeps running beside the
      // server (such as an esbuild service process left from the transpile), within the bound.
      const supervisor = descendants(run.npm.pid!).find((pid) => commandOf(pid)?.includes('scripts/start.ts'));
      expect(supervisor).toBeDefined();
      const helpers = descendants(supervisor!).filter((pid) => isRunning(pid) && !commandOf(pid)?.includes('dist/server/main.js'));
      const rssKb = (pid: number) => (isRunning(pid) ? statusKb(pid, 'VmRSS') : 0);
      const helpersKb = helpers.reduce((sum, pid) => sum + rssKb(pid), 0);
      expect(statusKb(supervisor!, 'VmHWM') + helpersKb, helpers.map((pid) => `${pid} ${commandOf(pid)}`).join('\n')).toBeLessThan(SUPERVISOR_MAX_KB);

      const exited = new Promise<void>((resolve) => (run.npm.exitCode !== null ? resolve() : run.npm.once('exit', () => resolve())));
      process.kill(run.npm.pid!, 'SIGTERM');
      await exited;
    },
    START_TIMEOUT_MS + STOP_TIMEOUT_MS,
  );
});

