/**
 * SERVER_PROCESSES=N (default 1): N server processes behind the same ports, with Node's
 * cluster module. The primary only forks, hands connections out and stops the workers; each
 * worker is a whole server (both apps, the webhook delivery worker, the bulk pull worker).
 * Every piece of state lives in the database and the background workers claim their work
 * with FOR UPDATE SKIP LOCKED, so this needs PostgreSQL: PGlite lives in the memory of one
 * process and refuses a second one on its data directory.
 *
 * The first worker starts alone (it migrates and bootstraps the sandbox, and prints the
 * banner); the others start once it listens and find both done.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger.js';

const STOP_GRACE_MS = 15_000;

/** SERVER_PROCESSES as a count, or an error that says what is wrong with it. */
export function serverProcessCount(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.SERVER_PROCESSES?.trim();
  if (value === undefined || value === '') return 1;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 64) throw new Error(`SERVER_PROCESSES must be a whole number from 1 to 64, got "${env.SERVER_PROCESSES}"`);
  return count;
}

/** Why `count` processes cannot run on this configuration, or null when they can. */
export function processCountProblem(count: number, env: NodeJS.ProcessEnv = process.env): string | null {
  if (count > 1 && !env.DATABASE_URL?.trim()) {
    return `SERVER_PROCESSES=${count} needs PostgreSQL (DATABASE_URL): the embedded database (PGlite) runs inside one process and cannot be shared. Set DATABASE_URL, or leave SERVER_PROCESSES at 1.`;
  }
  return null;
}

const CREDENTIALS_REVOKED = 'credentials-revoked';
const CREDENTIALS_FORGOTTEN = 'credentials-forgotten';
/** How long a revocation waits for the other workers to forget their cached credentials. */
const REVOCATION_WAIT_MS = 2_000;

interface ClusterMessage {
  type: string;
  id: number;
}
const isMessage = (message: unknown, type: string): message is ClusterMessage =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type && typeof (message as { id?: unknown }).id === 'number';

/**
 * In a worker of the cluster: runs `forget` when another worker revoked a key, and returns
 * the function that tells the others and resolves once every one of them has forgotten its
 * cached credentials (the primary relays and gathers the answers), so the revoking request
 * answers only when no process of the cluster accepts the key any more. Undefined outside a
 * cluster; processes of other hosts sharing the database rely on the cache's time to live.
 */
export function credentialRevocations(forget: () => void): (() => Promise<void>) | undefined {
  if (!cluster.isWorker) return undefined;
  let next = 0;
  const waiting = new Map<number, () => void>();
  process.on('message', (message: unknown) => {
    if (isMessage(message, CREDENTIALS_REVOKED)) {
      forget();
      process.send?.({ type: CREDENTIALS_FORGOTTEN, id: message.id });
    } else if (isMessage(message, CREDENTIALS_FORGOTTEN)) {
      waiting.get(message.id)?.();
    }
  });
  return () =>
    new Promise<void>((resolve) => {
      const id = ++next;
      const done = () => {
        waiting.delete(id);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, REVOCATION_WAIT_MS);
      waiting.set(id, done);
      process.send?.({ type: CREDENTIALS_REVOKED, id });
    });
}

/** The primary's part: relays a worker's revocation to the others and answers it once they all forgot. */
function relayRevocations(worker: Worker, peers: () => Worker[]): void {
  worker.on('message', (message: unknown) => {
    if (!isMessage(message, CREDENTIALS_REVOKED)) return;
    const others = peers().filter((other) => other !== worker);
    let pending = others.length;
    const answer = () => worker.send({ type: CREDENTIALS_FORGOTTEN, id: message.id });
    if (pending === 0) return answer();
    const relayId = message.id * 1000 + (worker.id % 1000);
    for (const other of others) {
      const onAnswer = (reply: unknown) => {
        if (!isMessage(reply, CREDENTIALS_FORGOTTEN) || reply.id !== relayId) return;
        other.off('message', onAnswer);
        if (--pending === 0) answer();
      };
      other.on('message', onAnswer);
      other.send({ type: CREDENTIALS_REVOKED, id: relayId });
    }
  });
}

/** The logger of a server process: in a cluster, every line names the process (pid). */
export const processLogger = (logger: Logger): Logger => (cluster.isWorker ? logger.child({ pid: process.pid }) : logger);

/** Whether the banner is this process's to print: a single process, or the cluster's first worker. */
export const printsBanner = (): boolean => !cluster.isWorker || cluster.worker?.id === 1;

/**
 * Runs the cluster when this is the primary and SERVER_PROCESSES > 1; returns false when this
 * process is to run the server itself (SERVER_PROCESSES=1, or a worker of the cluster).
 * A bad SERVER_PROCESSES (or more than one process on PGlite) ends the process with a message.
 */
export function runClusterPrimary(logger: Logger): boolean {
  if (!cluster.isPrimary) return false;
  let count: number;
  try {
    count = serverProcessCount();
    const problem = processCountProblem(count);
    if (problem) throw new Error(problem);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.fatal({ err: { message } }, 'could not start');
    process.stderr.write(`${message}\n`);
    process.exit(1);
  }
  if (count === 1) return false;

  let stopping = false;
  let exitCode = 0;
  const workers: Worker[] = [];
  const alive = () => workers.filter((worker) => !worker.isDead());

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    // Each worker shuts down as a single server does on SIGTERM: stops listening, finishes its
    // background work, closes the database.
    for (const worker of alive()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of alive()) worker.process.kill('SIGKILL');
    }, STOP_GRACE_MS).unref();
    if (alive().length === 0) process.exit(exitCode);
  };

  const fork = (index: number) => {
    const worker = cluster.fork({ SERVER_PROCESS_INDEX: String(index) });
    workers.push(worker);
    relayRevocations(worker, alive);
    worker.on('exit', (code, signal) => {
      if (!stopping) {
        logger.error({ pid: worker.process.pid, code, signal }, 'a server process exited; stopping the others');
        process.stderr.write(`server process ${worker.process.pid} exited (${signal ?? code}); stopping everything.\n`);
        stopAll(code === 0 ? 0 : 1);
      }
      if (alive().length === 0) process.exit(exitCode);
    });
    return worker;
  };

  // The first worker migrates and bootstraps alone; the others start once it listens on
  // both ports (the team and the management API).
  const first = fork(1);
  let listening = 0;
  const onListening = () => {
    listening += 1;
    if (listening < 2) return;
    first.off('listening', onListening);
    if (stopping) return;
    const rest = Array.from({ length: count - 1 }, (_, i) => fork(i + 2));
    let ready = 0;
    for (const worker of rest) {
      let ports = 0;
      worker.on('listening', () => {
        ports += 1;
        if (ports === 2 && ++ready === rest.length && !stopping) {
          const pids = workers.map((w) => w.process.pid);
          logger.info({ processes: count, pids }, 'server processes listening');
          process.stdout.write(`  ${count} server processes (SERVER_PROCESSES=${count}), pids ${pids.join(', ')}, sharing the ports above.\n\n`);
        }
      });
    }
  };
  first.on('listening', onListening);

  process.once('SIGINT', () => stopAll(0));
  process.once('SIGTERM', () => stopAll(0));
  return true;
}
