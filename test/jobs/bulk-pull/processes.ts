/** Starting, killing and stopping real server processes (test/jobs/bulk-pull/server-process.ts). */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { MANAGEMENT_KEY_HEADER, TEAM_API_KEY_HEADER } from '../../../server/shared/wire.js';

const SCRIPT = fileURLToPath(new URL('./server-process.ts', import.meta.url));
const ROOT = path.resolve(path.dirname(SCRIPT), '../../..');

export const TEAM_KEY = 'sk_us_bulk_pull_process_key_0123456789';
export const MANAGEMENT_KEY = 'mg_bulk_pull_process_key_0123456789abcdef';

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  teamUrl: string;
  managementUrl: string;
  /** Everything the process wrote to stderr (and log lines on stdout), for failure messages. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts a server process with this environment (on top of the test's) and waits until it serves. */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 120_000): Promise<ServerProcess> {
  // node --import tsx: the server is this very process, so a SIGKILL kills it (no wrapper in between).
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    cwd: ROOT,
    env: { ...process.env, TEAM_API_KEY: TEAM_KEY, MANAGEMENT_KEY, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const ready = new Promise<{ teamUrl: string; managementUrl: string; pid: number }>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (line.startsWith('READY ')) resolve(JSON.parse(line.slice(6)) as { teamUrl: string; managementUrl: string; pid: number });
        else if (line.startsWith('{')) output += `${line}\n`;
      }
    });
    void exited.then(({ code, signal }) => reject(new Error(`server process exited (${code ?? signal}) before it was ready:\n${output}`)));
    setTimeout(() => reject(new Error(`server process not ready within ${timeoutMs} ms:\n${output}`)), timeoutMs).unref();
  });
  const info = await ready;
  return { child, pid: info.pid, teamUrl: info.teamUrl, managementUrl: info.managementUrl, output: () => output, exited };
}

/** kill -9. */
export async function killHard(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  const { signal } = await server.exited;
  if (signal !== 'SIGKILL') throw new Error(`expected the process to die of SIGKILL, got ${signal}`);
}

/** Graceful stop (SIGTERM), or kill -9 after `timeoutMs`. */
export async function stopGracefully(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  await server.exited;
  clearTimeout(timer);
}

export async function api(server: ServerProcess, method: string, url: string, body?: unknown, management = false): Promise<{ status: number; body: unknown }> {
  const base = management ? server.managementUrl : server.teamUrl;
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(management ? { [MANAGEMENT_KEY_HEADER]: MANAGEMENT_KEY } : { [TEAM_API_KEY_HEADER]: TEAM_KEY }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

export interface OpProgress {
  id: string;
  status: string;
  pending: number;
  running: number;
  processed: number;
  failed: number;
}

/** The op as GET /v2/link/bulk_op shows it. */
export async function opProgress(server: ServerProcess, opId: string): Promise<OpProgress> {
  const { status, body } = await api(server, 'GET', '/v2/link/bulk_op?page_size=50');
  if (status !== 200) throw new Error(`list bulk ops: ${status} ${JSON.stringify(body)}`);
  const op = (body as { data: OpProgress[] }).data.find((candidate) => candidate.id === opId);
  if (!op) throw new Error(`op ${opId} not listed`);
  return op;
}

/** Polls the op until `predicate` holds. */
export async function waitForProgress(server: ServerProcess, opId: string, predicate: (op: OpProgress) => boolean, what: string, timeoutMs = 600_000): Promise<OpProgress> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const op = await opProgress(server, opId);
    if (predicate(op)) return op;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}: ${JSON.stringify(op)}\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
