/**
 * The two database engines a bench runs the server on, each a fresh, throwaway
 * store: PGlite in a temporary folder, or a new database on the PostgreSQL of
 * DATABASE_URL. `env` is what the server process is started with; `open` gives
 * the bench its own connection to prepare the data.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { bootstrapSandbox, type SandboxIdentity } from '../../server/bootstrap.js';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';
import { openDatabase, type Database } from '../../server/storage/database.js';
import { migrate } from '../../server/storage/migrate.js';
import { freePorts, spawnServer, stop, waitForOk } from './lib.js';

export interface BenchEngine {
  name: 'PGlite' | 'PostgreSQL';
  env: NodeJS.ProcessEnv;
  open(): Promise<Database>;
  /** Bytes the engine's data takes. */
  size(): Promise<number>;
  cleanup(): Promise<void>;
}

async function onPostgres<T>(connectionString: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** PGlite in a new temporary folder named after `label`. */
export async function pgliteEngine(label: string): Promise<BenchEngine> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `bench-${label}-`));
  return {
    name: 'PGlite',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: () => openDatabase({ dataDir: path.join(dataDir, 'pglite') }),
    size: async () => Number(execFileSync('du', ['-sb', path.join(dataDir, 'pglite')], { encoding: 'utf8' }).split('\t')[0]),
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** A new database `bench_<label>_<time>` on the server of `databaseUrl`, dropped by `cleanup`. */
export async function postgresEngine(databaseUrl: string, label: string): Promise<BenchEngine> {
  const name = `bench_${label.replace(/\W/g, '_')}_${Date.now().toString(36)}`;
  await onPostgres(databaseUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `bench-${label}-pg-`));
  return {
    name: 'PostgreSQL',
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openDatabase({ databaseUrl: url.toString() }),
    size: () => onPostgres(url.toString(), async (client) => Number((await client.query<{ size: string }>(`SELECT pg_database_size(current_database())::text AS size`)).rows[0]!.size)),
    cleanup: async () => {
      await rm(dataDir, { recursive: true, force: true });
      await onPostgres(databaseUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** The engines of this machine, created when asked: PGlite, and PostgreSQL when DATABASE_URL is set. */
export function benchEngines(label: string): (() => Promise<BenchEngine>)[] {
  const databaseUrl = process.env.DATABASE_URL;
  return [() => pgliteEngine(label), ...(databaseUrl ? [() => postgresEngine(databaseUrl, label)] : [])];
}

/** A server on a fresh PGlite store, started as `npm start` starts it, with the sandbox's team and management keys. */
export interface SandboxServer {
  engine: BenchEngine;
  child: ChildProcess;
  url: string;
  /** The management API's base URL. */
  managementUrl: string;
  /** The sandbox's org and team, as the bootstrap stored them. */
  sandbox: SandboxIdentity;
  /** Stops the server and removes its store. */
  close(): Promise<void>;
}

/**
 * Migrates and bootstraps a fresh PGlite store with `keys`, runs `options.prepare` on it (data
 * written straight into the tables before the server opens them), then starts the compiled
 * server on it (SERVER_PROCESSES unset: one process; `options.nodeArgs`, e.g. --cpu-prof, after its
 * Node flags; `options.distDir`: another build's dist/ folder) and waits until `GET /v2/providers` answers.
 */
export async function startSandboxServer(
  label: string,
  keys: { team: string; management: string },
  options: { prepare?: (db: Database, sandbox: SandboxIdentity) => Promise<void>; nodeArgs?: readonly string[]; distDir?: string } = {},
): Promise<SandboxServer> {
  const engine = await pgliteEngine(label);
  let child: ChildProcess | undefined;
  try {
    const db = await engine.open();
    let sandbox: SandboxIdentity;
    try {
      await migrate(db);
      sandbox = await bootstrapSandbox(db, { region: 'us', teamApiKey: keys.team, managementKey: keys.management, dataDir: engine.env.DATA_DIR! });
      await options.prepare?.(db, sandbox);
    } finally {
      await db.close();
    }
    const [teamPort, managementPort] = await freePorts(2);
    const started = performance.now();
    child = spawnServer({ PORT: String(teamPort), MANAGEMENT_PORT: String(managementPort), TEAM_API_KEY: keys.team, MANAGEMENT_KEY: keys.management, SERVER_PROCESSES: '', ...engine.env }, options.nodeArgs, options.distDir);
    const url = `http://127.0.0.1:${teamPort}`;
    await waitForOk(`${url}/v2/providers`, started, 120_000, { [TEAM_API_KEY_HEADER]: keys.team });
    const running = child;
    return { engine, child: running, url, managementUrl: `http://127.0.0.1:${managementPort}`, sandbox, close: async () => { await stop(running); await engine.cleanup(); } };
  } catch (error) {
    if (child) await stop(child);
    await engine.cleanup();
    throw error;
  }
}
