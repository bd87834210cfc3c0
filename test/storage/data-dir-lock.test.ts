import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError } from '../../server/storage/data-dir-lock.js';
import { openDatabase } from '../../server/storage/database.js';
import { SETUP_TIMEOUT_MS } from './helpers.js';

const lockModule = fileURLToPath(new URL('../../server/storage/data-dir-lock.ts', import.meta.url));

/** A separate node process that takes the lock and holds it until killed. */
async function spawnLockHolder(dir: string): Promise<ChildProcess> {
  const script = `
    const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)});
    acquireDataDirLock(${JSON.stringify(dir)});
    process.stdout.write('locked\\n');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`lock holder exited with ${code}: ${stderr}`)));
  });
  return child;
}

async function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('data directory lock', () => {
  let dir: string;
  const children: ChildProcess[] = [];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-lock-'));
  });

  afterEach(async () => {
    await Promise.all(children.splice(0).map((child) => kill(child, 'SIGKILL')));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('when the directory is free, then the lock file holds our pid and release removes it', () => {
    const lock = acquireDataDirLock(dir);
    const content = JSON.parse(fs.readFileSync(path.join(dir, '.lock'), 'utf8')) as { pid: number; started_at: string };
    expect(content.pid).toBe(process.pid);
    expect(new Date(content.started_at).toISOString()).toBe(content.started_at);
    lock.release();
    expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
    lock.release(); // twice is harmless
  });

  it('when the directory does not exist yet, then it is created and locked', () => {
    const nested = path.join(dir, 'a', 'b');
    const lock = acquireDataDirLock(nested);
    expect(fs.existsSync(path.join(nested, '.lock'))).toBe(true);
    lock.release();
  });

  it(
    'when another live process holds the lock, then acquiring fails with a clear error naming it',
    async () => {
      const holder = await spawnLockHolder(dir);
      children.push(holder);
      let error: unknown;
      try {
        acquireDataDirLock(dir);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DataDirInUseError);
      const message = (error as Error).message;
      expect(message).toMatch(
        new RegExp(
          `^Data directory ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by process ${holder.pid} ` +
            `\\(started \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\)\\. Stop it or use another DATA_DIR\\.$`,
        ),
      );
      expect((error as DataDirInUseError).owner.pid).toBe(holder.pid);
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'when the holder was killed without releasing, then the stale lock is taken over',
    async () => {
      const holder = await spawnLockHolder(dir);
      children.push(holder);
      await kill(holder, 'SIGKILL');
      const stale = JSON.parse(fs.readFileSync(path.join(dir, '.lock'), 'utf8')) as { pid: number };
      expect(stale.pid).toBe(holder.pid);

      const lock = acquireDataDirLock(dir);
      const content = JSON.parse(fs.readFileSync(path.join(dir, '.lock'), 'utf8')) as { pid: number };
      expect(content.pid).toBe(process.pid);
      lock.release();
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'when the holder exits without releasing explicitly, then its exit handler removes the lock',
    async () => {
      const script = `
        const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)});
        acquireDataDirLock(${JSON.stringify(dir)});
        process.exit(0);
      `;
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'ignore' });
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect(code).toBe(0);
      expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
    },
    SETUP_TIMEOUT_MS,
  );

  it('when the lock file names a dead pid, then it is taken over', async () => {
    const pid = await deadPid();
    fs.writeFileSync(path.join(dir, '.lock'), JSON.stringify({ pid, started_at: '2026-01-01T00:00:00.000Z', token: 'x' }));
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('when the lock file names our own pid but we do not hold it (restarted container), then it is taken over', () => {
    fs.writeFileSync(
      path.join(dir, '.lock'),
      JSON.stringify({ pid: process.pid, started_at: '2026-01-01T00:00:00.000Z', token: 'previous-life' }),
    );
    const lock = acquireDataDirLock(dir);
    lock.release();
  });

  it('when the lock file is garbage and old, then it is taken over', () => {
    const lockPath = path.join(dir, '.lock');
    fs.writeFileSync(lockPath, 'not json');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lockPath, old, old);
    const lock = acquireDataDirLock(dir);
    lock.release();
  });

  it('when this process already holds the lock, then a second acquire fails too', () => {
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
    lock.release();
    acquireDataDirLock(dir).release();
  });

  it('when a lock is released, then a lock taken over by someone else is left alone', () => {
    const lock = acquireDataDirLock(dir);
    const lockPath = path.join(dir, '.lock');
    fs.writeFileSync(lockPath, JSON.stringify({ pid: 1, started_at: '2026-01-01T00:00:00.000Z', token: 'someone-else' }));
    lock.release();
    expect(fs.existsSync(lockPath)).toBe(true);
  });

  it(
    'when PGlite lives in a subdirectory of the configured data directory, then that directory is the one locked',
    async () => {
      const db = await openDatabase({ dataDir: path.join(dir, 'pglite'), lockDir: dir });
      try {
        expect(fs.existsSync(path.join(dir, '.lock'))).toBe(true);
        expect(() => acquireDataDirLock(dir)).toThrow(`Data directory ${dir} is in use by process ${process.pid}`);
      } finally {
        await db.close();
      }
      expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'when a file-backed PGlite database is open, then a second open of its directory fails and close releases it',
    async () => {
      const dataDir = path.join(dir, 'pglite');
      const db = await openDatabase({ dataDir });
      try {
        await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirInUseError);
        await db.exec('CREATE TABLE kept (x int); INSERT INTO kept VALUES (42)');
      } finally {
        await db.close();
      }
      expect(fs.existsSync(path.join(dataDir, '.lock'))).toBe(false);
      const reopened = await openDatabase({ dataDir });
      try {
        expect(await reopened.one('SELECT x FROM kept')).toEqual({ x: 42 });
      } finally {
        await reopened.close();
      }
    },
    SETUP_TIMEOUT_MS,
  );
});
