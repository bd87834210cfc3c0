/**
 * A module run on a thread of its own (node:worker_threads), asked one request at a time by
 * message: `{id, request}` in, `{id, ok, value}` or `{id, ok: false, message, kind}` out. The
 * thread starts on the first request and is closed by its owner; while nothing is asked it
 * does not keep the process alive.
 *
 * Why a thread: some libraries change the process they are loaded in. pdf.js's build for Node
 * carries core-js, which on Node 20 (no JSON.rawJSON) replaces the global JSON.stringify with a
 * JavaScript wrapper about ten times slower: loaded on the server's thread, every JSON answer
 * after the first PDF paid for it. On a thread of its own, it changes only that thread.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';

/** What the thread answers for a request that failed: its message, and a kind the owner maps to its own error. */
export interface ThreadFailure {
  message: string;
  kind: string;
}

type Reply = { id: number; ok: true; value: unknown } | ({ id: number; ok: false } & ThreadFailure);

/**
 * Starts the module at `url` on a thread: a compiled module (dist/, `.js`) as it is, a source
 * module (`.ts`, under tsx or vitest) through tsx's loader, which the thread has to register itself
 * (found from the working directory, the project's root as npm's scripts run; tsx's CommonJS entry,
 * found from here instead, cannot load its ESM half on Node 20's eval threads).
 */
function startThread(url: URL): Worker {
  if (path.extname(fileURLToPath(url)) !== '.ts') return new Worker(url);
  const href = JSON.stringify(url.href);
  return new Worker(`import('tsx/esm/api').then((api) => api.tsImport(${href}, ${href}))`, { eval: true });
}

/**
 * The module `name` in the folder of the module at `moduleUrl` (its `import.meta.url`), with that
 * module's extension: `.js` beside a compiled module in dist/, `.ts` beside a source module.
 */
export function moduleBeside(moduleUrl: string, name: string): URL {
  return new URL(`./${name}${path.extname(fileURLToPath(moduleUrl))}`, moduleUrl);
}

/** The owner's side: requests sent to the module's thread, each answered by a promise. */
export class ModuleThread<Request> {
  readonly #url: URL;
  readonly #toError: (failure: ThreadFailure) => Error;
  #worker: Worker | null = null;
  #next = 0;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  /** `url`: the module (it calls serveThreadRequests); `toError`: the error a failed request rejects with. */
  constructor(url: URL, toError: (failure: ThreadFailure) => Error = (failure) => new Error(failure.message)) {
    this.#url = url;
    this.#toError = toError;
  }

  /** Sends `request` (its bytes copied or transferred as `transfer` says) and resolves with the thread's value. */
  ask<T>(request: Request, transfer: readonly ArrayBuffer[] = []): Promise<T> {
    const worker = this.#worker ?? this.#start();
    const id = (this.#next += 1);
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ id, request }, [...transfer]);
    });
  }

  /** Ends the thread; requests still waiting are refused. The next request starts a new one. */
  async close(): Promise<void> {
    const worker = this.#worker;
    if (!worker) return;
    this.#fail(worker, new Error('the thread was closed'));
    await worker.terminate();
  }

  #start(): Worker {
    const worker = startThread(this.#url);
    worker.on('message', (reply: Reply) => this.#settle(reply));
    worker.on('error', (error: Error) => this.#fail(worker, error));
    worker.on('exit', (code) => this.#fail(worker, new Error(`the thread of ${path.basename(fileURLToPath(this.#url))} exited with code ${code}`)));
    this.#worker = worker;
    return worker;
  }

  #settle(reply: Reply): void {
    const waiting = this.#pending.get(reply.id);
    if (!waiting) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker?.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(this.#toError(reply));
  }

  #fail(worker: Worker, error: Error): void {
    if (this.#worker !== worker) return;
    this.#worker = null;
    const waiting = [...this.#pending.values()];
    this.#pending.clear();
    for (const request of waiting) request.reject(error);
  }
}

/**
 * The thread's side: answers each request with `handle`'s value, or with its error's message and
 * the kind `kindOf` gives it. Call it at the top of the module the thread runs.
 */
export function serveThreadRequests<Request>(handle: (request: Request) => Promise<unknown>, kindOf: (error: unknown) => string = () => 'error'): void {
  const port = parentPort;
  if (!port) throw new Error('serveThreadRequests runs on a worker thread (ModuleThread starts it)');
  port.on('message', ({ id, request }: { id: number; request: Request }) => {
    handle(request).then(
      (value) => port.postMessage({ id, ok: true, value }),
      (error: unknown) => port.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error), kind: kindOf(error) }),
    );
  });
}
