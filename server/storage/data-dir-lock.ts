import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/**
 * PGlite has no lock of its own: two processes opening one data directory both succeed and
 * silently lose each other's writes. This lock file (`<dir>/.lock`) makes the second one fail
 * loudly. A lock left by a process that no longer runs (crash, SIGKILL) is taken over.
 *
 * The check is by process id on this machine (plus the process start tick on Linux, so a
 * recycled pid is not mistaken for the owner); it does not protect a directory shared
 * between machines.
 */

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

interface LockOwner {
  pid: number;
  started_at: string;
  token: string;
  /** Linux: start time of the process in clock ticks since boot (/proc/<pid>/stat field 22). */
  proc_start?: string;
  hostname?: string;
}

export class DataDirInUseError extends Error {
  readonly code = 'DATA_DIR_IN_USE';
  constructor(
    readonly dataDir: string,
    readonly owner: { pid: number; started_at: string },
  ) {
    super(
      `Data directory ${dataDir} is in use by process ${owner.pid} (started ${owner.started_at}). ` +
        'Stop it or use another DATA_DIR.',
    );
    this.name = 'DataDirInUseError';
  }
}

const LOCK_FILE = '.lock';
const TAKEOVER_FILE = '.lock.takeover';
/** A takeover marker older than this was left by a process that died mid-takeover. */
const TAKEOVER_STALE_MS = 10_000;

const processStartedAt = new Date(Date.now() - process.uptime() * 1000).toISOString();

export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.resolve(dataDir, LOCK_FILE);
  const owner: LockOwner = {
    pid: process.pid,
    started_at: processStartedAt,
    token: randomUUID(),
    hostname: os.hostname(),
  };
  const procStart = readProcStart(process.pid);
  if (procStart) owner.proc_start = procStart;

  for (let attempt = 0; attempt < 20; attempt += 1) {
    if (tryCreate(lockPath, owner)) return register(lockPath, owner.token);
    const current = readOwner(lockPath);
    if (current === 'missing') continue;
    if (current !== 'unreadable' && isAlive(current)) {
      throw new DataDirInUseError(dataDir, { pid: current.pid, started_at: current.started_at });
    }
    if (current === 'unreadable' && isFresh(lockPath)) {
      // Another process is between creating the file and writing it (cannot happen with
      // link(), but a foreign or truncated file gets the benefit of the doubt for a moment).
      sleepSync(50);
      continue;
    }
    takeOverStale(lockPath, current);
  }
  throw new Error(`Could not acquire the data directory lock ${lockPath}`);
}

function register(lockPath: string, token: string): DataDirLock {
  const onExit = () => releaseIfOurs(lockPath, token);
  process.once('exit', onExit);
  let released = false;
  return {
    path: lockPath,
    release() {
      if (released) return;
      released = true;
      process.removeListener('exit', onExit);
      releaseIfOurs(lockPath, token);
    },
  };
}

function releaseIfOurs(lockPath: string, token: string): void {
  const current = readOwner(lockPath);
  if (typeof current === 'object' && current.token === token) {
    try {
      fs.unlinkSync(lockPath);
    } catch {
      // already gone
    }
  }
}

/** Creates the lock file with its full contents atomically (write a temp file, then link). */
function tryCreate(lockPath: string, owner: LockOwner): boolean {
  const tmp = `${lockPath}.${process.pid}.${owner.token}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(owner)}\n`, { mode: 0o644 });
  try {
    fs.linkSync(tmp, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    if ((error as NodeJS.ErrnoException).code === 'EPERM' || (error as NodeJS.ErrnoException).code === 'ENOTSUP') {
      // File systems without hard links: fall back to an exclusive create.
      try {
        fs.writeFileSync(lockPath, `${JSON.stringify(owner)}\n`, { flag: 'wx' });
        return true;
      } catch (inner) {
        if ((inner as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw inner;
      }
    }
    throw error;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

function readOwner(lockPath: string): LockOwner | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = fs.readFileSync(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return 'unreadable';
    return {
      pid: parsed.pid,
      started_at: typeof parsed.started_at === 'string' ? parsed.started_at : 'at an unknown time',
      token: typeof parsed.token === 'string' ? parsed.token : '',
      ...(typeof parsed.proc_start === 'string' ? { proc_start: parsed.proc_start } : {}),
      ...(typeof parsed.hostname === 'string' ? { hostname: parsed.hostname } : {}),
    };
  } catch {
    return 'unreadable';
  }
}

function isAlive(owner: LockOwner): boolean {
  if (owner.pid === process.pid) {
    // Our own pid: held only if this very process wrote it (a container restarted with the
    // same pid, e.g. pid 1, finds its previous life's lock, written at another start).
    const procStart = readProcStart(process.pid);
    return owner.started_at === processStartedAt && (procStart === undefined || owner.proc_start === undefined || owner.proc_start === procStart);
  }
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (owner.proc_start) {
    const now = readProcStart(owner.pid);
    if (now && now !== owner.proc_start) return false; // pid recycled by another process
  }
  return true;
}

function isFresh(lockPath: string): boolean {
  try {
    return Date.now() - fs.statSync(lockPath).mtimeMs < 2_000;
  } catch {
    return false;
  }
}

/**
 * Replaces a stale lock. Two processes may find the same stale lock at once; a short-lived
 * takeover marker (created exclusively) lets only one of them remove it, after checking
 * again that it is still the stale one.
 */
function takeOverStale(lockPath: string, stale: LockOwner | 'unreadable'): void {
  const markerPath = path.join(path.dirname(lockPath), TAKEOVER_FILE);
  try {
    fs.writeFileSync(markerPath, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    try {
      if (Date.now() - fs.statSync(markerPath).mtimeMs > TAKEOVER_STALE_MS) fs.rmSync(markerPath, { force: true });
    } catch {
      // gone meanwhile
    }
    sleepSync(20);
    return;
  }
  try {
    const current = readOwner(lockPath);
    const unchanged =
      current === 'unreadable'
        ? stale === 'unreadable'
        : typeof current === 'object' && typeof stale === 'object' && current.token === stale.token && current.pid === stale.pid;
    if (unchanged) fs.rmSync(lockPath, { force: true });
  } finally {
    fs.rmSync(markerPath, { force: true });
  }
}

function readProcStart(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19]; // field 22 overall
  } catch {
    return undefined;
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
