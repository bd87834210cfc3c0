import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Mutex, PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.js';
import { PgliteStatements } from './pglite-statements.js';
import { PostgresStatements } from './postgres-statements.js';
import { assertDependencyVersion } from '../shared/dependency-version.js';

export type EngineKind = 'pglite' | 'postgres';

/** Something SQL can run on: the database itself or an open transaction. */
export interface Queryable {
  readonly kind: EngineKind;
  /** Runs one statement with `$1`-style parameters and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Like `query`, returning the first row or null. */
  one<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T | null>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * PGlite only: `COPY <target> FROM` the rows in `rows` (COPY's text format as bytes:
   * tab-separated columns, one row per line). PGlite reads the bytes as they are, outside its
   * WebAssembly memory; the same rows as one query parameter are copied into that memory
   * several times over, and WebAssembly memory never shrinks. PostgreSQL (`pg`) has no COPY
   * without a stream library, so there it is undefined.
   */
  copyText?(target: string, rows: Uint8Array): Promise<void>;
}

export interface Database extends Queryable {
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws.
   * Use only `tx` inside `fn`; on PGlite a query on the database itself would wait for the
   * transaction to end, which never happens.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when given, PostgreSQL is used through a pg.Pool. */
  databaseUrl?: string | undefined;
  /** PGlite data directory (default `./data/pglite`); locked against a second process. */
  dataDir?: string | undefined;
  /**
   * Directory whose `.lock` guards `dataDir` (default: `dataDir` itself). Pass the
   * configured DATA_DIR when PGlite lives in a subdirectory of it, so the in-use error
   * names the directory the operator configured.
   */
  lockDir?: string | undefined;
  /** In-memory PGlite (`memory://`), for tests. */
  memory?: boolean | undefined;
  /**
   * In-memory PGlite only: a data directory as PGlite dumps it (`dumpDataDir('none')`) to start
   * from instead of running initdb. PGlite makes an in-memory database by running initdb in a
   * second instance and loading that instance's dump; loading a kept dump of a fresh one gives
   * the same database without the seconds of initdb (test/storage/pglite-image.ts).
   */
  initialData?: Blob | undefined;
  /**
   * PGlite only: a data directory already initialised (and migrated) to copy when
   * `dataDir` does not exist yet, instead of running initdb in WebAssembly (seconds).
   */
  template?: string | undefined;
  /**
   * PGlite only: shared_buffers (default `32MB`). PGlite's own default, 160MB, lives in the
   * server's memory once touched; 32MB costs no measurable speed on this service's tables.
   */
  sharedBuffers?: string | undefined;
  /** PGlite only: work_mem (default `256kB`, see DEFAULT_PGLITE_WORK_MEM). */
  workMem?: string | undefined;
  /** PostgreSQL only: schema to work in (search_path), e.g. one per test run. Must exist. */
  schema?: string | undefined;
  /** PostgreSQL only: pool size (default 10). */
  maxConnections?: number | undefined;
  /** PostgreSQL only: called when an idle pooled connection fails (default: stderr). */
  onIdleConnectionError?: ((error: Error) => void) | undefined;
}

export const DEFAULT_PGLITE_DATA_DIR = './data/pglite';
export const DEFAULT_PGLITE_SHARED_BUFFERS = '32MB';
/**
 * PGlite's work_mem: what one sort or hash may hold before it spills to a temporary file.
 * PGlite's memory is this process's memory, and WebAssembly memory never shrinks: every page
 * a statement touches stays resident. PostgreSQL's 4MB let classifying the 100,000 ids of one
 * bulk trigger (a hash, a materialised CTE and a sort at once) add about 10 MB more to the
 * process for good; at 256kB they spill and the statement is no slower.
 */
export const DEFAULT_PGLITE_WORK_MEM = '256kB';
/**
 * PGlite's temp_buffers: the buffers of temporary tables (the staged ids of a bulk trigger,
 * enqueueBulkPull). PostgreSQL's 8MB let the 100,000 staged ids of one trigger (about 5 MB)
 * stay in WebAssembly memory for good; at 1MB the table spills to its file and the
 * statement is no slower.
 */
export const PGLITE_TEMP_BUFFERS = '1MB';
/**
 * PGlite's write-ahead log. PGlite runs no checkpointer: left alone it checkpoints only when
 * it closes, so pg_wal grows by every write the process makes (about 6 kB per lab order) and
 * a process that is killed replays all of it at its next start, which grows with the log.
 * jobs/database/checkpoints.ts checkpoints as PostgreSQL's checkpointer would, and these bound
 * what pg_wal keeps between checkpoints:
 *
 * - `max_wal_size=256MB`: the segments kept for reuse after a checkpoint (PostgreSQL's 1GB
 *   is sized for a database server's disk, not a sandbox's data directory).
 * - `full_page_writes=off`: after each checkpoint, the first change to a page would write
 *   the whole 8 kB page into the log, so that a page half-written by an operating system crash
 *   or power loss can be restored. PGlite cannot flush to disk at all (its file system layer
 *   has no fsync, and it runs with fsync=off), so such a crash is not survived either way;
 *   a killed process leaves whole pages, which replaying the log repairs. Off, the writes
 *   right after a checkpoint are not slowed by writing whole pages into the log.
 */
export const PGLITE_WAL_SETTINGS = ['max_wal_size=256MB', 'full_page_writes=off'] as const;

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.initialData && (options.databaseUrl || !options.memory)) throw new Error('initialData is for an in-memory PGlite (memory: true) only');
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  if (options.memory) return openPglite('memory://', null, options);
  const dataDir = options.dataDir ?? DEFAULT_PGLITE_DATA_DIR;
  const lock = acquireDataDirLock(options.lockDir ?? dataDir);
  try {
    if (options.template && !existsSync(path.join(dataDir, 'PG_VERSION')) && existsSync(path.join(options.template, 'PG_VERSION'))) {
      // Synchronously: the template is about 1,000 files, and fs.promises.cp awaits each
      // file's lstat, copy and chmod one after the other through the thread pool (0.4 to
      // 1.1 s here, against 0.12 to 0.14 s for cpSync). Nothing else runs while a database
      // opens at start.
      cpSync(options.template, dataDir, { recursive: true });
    }
    return await openPglite(path.resolve(dataDir), lock.release, options);
  } catch (error) {
    lock.release();
    throw error;
  }
}

// ---------------------------------------------------------------------------
// Value normalisation shared by both engines (text-format parsers by type oid).

// Type oids (as in pg.types.builtins and PGlite's `types`).
const OID = {
  INT8: 20,
  NUMERIC: 1700,
  DATE: 1082,
  TIMESTAMP: 1114,
  TIMESTAMPTZ: 1184,
} as const;

const TIMESTAMP_TEXT =
  /^(\d{4,})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?(?:([+-])(\d\d)(?::?(\d\d))?(?::?(\d\d))?)?( BC)?$/;

const UTC_TIMESTAMP_TEXT = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?\+00$/;

/**
 * Turns PostgreSQL's text output of a timestamptz (ISO DateStyle, any session time zone)
 * into `2026-11-22T09:15:00.000Z`. Values are stored at millisecond precision
 * (timestamptz(3)), so nothing is lost. `infinity` / `-infinity` pass through.
 */
export function timestampTextToIso(text: string): string {
  // The usual case, in the session's time zone (UTC): `2026-11-22 09:15:00.123+00`, a year of
  // four digits and up to six of fraction. Rearranged as text: the same ISO text as below.
  const length = text.length;
  if (length >= 22 && length <= 29 && text.charCodeAt(10) === 32 && text.endsWith('+00') && UTC_TIMESTAMP_TEXT.test(text)) {
    const fraction = length === 22 ? '000' : text.slice(20, length - 3).padEnd(3, '0').slice(0, 3);
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
  }
  const m = TIMESTAMP_TEXT.exec(text);
  if (!m) return text;
  const [, y, mo, d, h, mi, s, frac, sign, oh, om, os, bc] = m;
  let year = Number(y);
  if (bc) year = 1 - year;
  const ms = frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0;
  const date = new Date(0);
  date.setUTCFullYear(year, Number(mo) - 1, Number(d));
  date.setUTCHours(Number(h), Number(mi), Number(s), ms);
  let offsetSeconds = 0;
  if (sign) offsetSeconds = (Number(oh) * 3600 + Number(om ?? 0) * 60 + Number(os ?? 0)) * (sign === '-' ? -1 : 1);
  return new Date(date.getTime() - offsetSeconds * 1000).toISOString();
}

const parseNumber = (text: string): number => Number(text);
const parseDate = (text: string): string => text;
const parseTimestamptz = (text: string): string => timestampTextToIso(text);
const parseTimestamp = (text: string): string => timestampTextToIso(`${text}+00`);

const VALUE_PARSERS: Record<number, (text: string) => unknown> = {
  [OID.INT8]: parseNumber,
  [OID.NUMERIC]: parseNumber,
  [OID.DATE]: parseDate,
  [OID.TIMESTAMP]: parseTimestamp,
  [OID.TIMESTAMPTZ]: parseTimestamptz,
};

/** Same session settings on both engines, so text output and `current_date` agree. */
const SESSION_SETTINGS = { TimeZone: 'UTC', DateStyle: 'ISO, YMD', IntervalStyle: 'postgres' } as const;

// ---------------------------------------------------------------------------
// PGlite

type PgliteRunner = Pick<PGlite, 'query' | 'exec'>;

/**
 * The Queryable of an engine from its `query` (which checks `isClosed` itself) and its
 * `exec` and `copyText`: `one` is the first row of `query`, and a finished transaction
 * refuses every call.
 */
function queryableOf(
  kind: EngineKind,
  isClosed: () => boolean,
  query: <T>(sql: string, params?: readonly unknown[]) => Promise<T[]>,
  operations: Pick<Queryable, 'exec' | 'copyText'>,
): Queryable {
  const open = () => {
    if (isClosed()) throw new Error('Transaction is already finished');
  };
  const { exec, copyText } = operations;
  return {
    kind,
    query,
    async one<T>(sql: string, params?: readonly unknown[]) {
      const rows = await query<T>(sql, params);
      return rows[0] ?? null;
    },
    async exec(sql: string) {
      open();
      await exec(sql);
    },
    ...(copyText && {
      async copyText(target: string, rows: Uint8Array) {
        open();
        await copyText(target, rows);
      },
    }),
  };
}

/** A COPY target: a table name with an optional column list, e.g. `bulk_input (ord, id)`. */
const COPY_TARGET = /^[a-z_][a-z0-9_.]*(?: \([a-z_][a-z0-9_]*(?:, [a-z_][a-z0-9_]*)*\))?$/;

/**
 * `runner` is the database or one of its transactions; `run` runs one statement as a
 * prepared statement (PgliteStatements) under the same locks PGlite's `query` takes there.
 */
function pgliteQueryable(
  runner: PgliteRunner,
  run: <T>(sql: string, params: readonly unknown[]) => Promise<T[]>,
  isClosed: () => boolean = () => false,
): Queryable {
  const query = async <T>(sql: string, params?: readonly unknown[]): Promise<T[]> => {
    if (isClosed()) throw new Error('Transaction is already finished');
    return run<T>(sql, params ?? []);
  };
  return queryableOf('pglite', isClosed, query, {
    async exec(sql: string) {
      await runner.exec(sql);
    },
    async copyText(target: string, rows: Uint8Array) {
      if (!COPY_TARGET.test(target)) throw new Error(`Not a COPY target: ${target}`);
      await runner.query(`COPY ${target} FROM '/dev/blob'`, [], { blob: bytesAsBlob(rows) });
    },
  });
}

/**
 * PGlite reads a query's blob only through `arrayBuffer()` (once, before the statement) and
 * reads the bytes from it as COPY asks. A real Blob would hold a copy of the bytes and
 * `arrayBuffer()` make another: 9 MB more for the 100,000 ids of a bulk trigger.
 */
function bytesAsBlob(bytes: Uint8Array): Blob {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const buffer = whole ? bytes.buffer : new Uint8Array(bytes).buffer;
  return { arrayBuffer: async () => buffer } as Blob;
}

/**
 * The PGlite this module and pglite-statements.ts were written against. They use only its
 * public API, but at the wire protocol's level (`runExclusive`, `execProtocolRawStream` and the
 * chunks it hands out, the protocol's serializers and parser, the `/dev/blob` COPY source read
 * through `arrayBuffer()`), where a release can change behaviour its types do not show.
 */
export const PGLITE_PATCHED_VERSION = '0.5.16';

/** Throws when the installed PGlite is not the one the internals above were written for (`found`: for tests). */
export function checkPgliteVersion(found?: string): void {
  assertDependencyVersion('@electric-sql/pglite', PGLITE_PATCHED_VERSION, 'server/storage (pglite-statements.ts, copyText, the transaction locks)', found);
}

/**
 * Runs a transaction on PGlite's one connection (`connection`, held while it runs), starting on a
 * turn of the event loop of its own.
 *
 * PGlite executes SQL inside this event loop, and every await in a request, a transaction or the
 * connection's hand-over resolves as a microtask: a request read from its socket ran through its
 * transaction to its response before Node read the next socket, and the requests read together
 * went in one uninterrupted run. A request that arrived just after a run began waited for all of
 * it, then for the requests read with it, and the slowest requests waited about twice as long
 * as the typical one. Here a transaction waits for the event loop's next turn (setImmediate)
 * once it holds the connection, so the requests that arrived meanwhile are read and queue
 * behind it. A statement outside a transaction (a read: availability's one statement) does not
 * wait: short reads lost more throughput to the extra turn than their tail gained
 * (scripts/bench/RESULTS.md, "Turns on the PGlite connection").
 */
export function fairTurns(connection: Pick<Mutex, 'runExclusive'>): <T>(work: () => Promise<T>) => Promise<T> {
  return <T>(work: () => Promise<T>) =>
    connection.runExclusive(async () => {
      await nextTurn();
      return work();
    });
}

async function openPglite(dataDir: string, releaseLock: (() => void) | null, options: OpenDatabaseOptions): Promise<Database> {
  checkPgliteVersion();
  const parsers: Record<number, (text: string) => unknown> = { ...VALUE_PARSERS };
  const db = await PGlite.create(dataDir, {
    ...(options.initialData ? { loadDataDir: options.initialData } : {}),
    parsers,
    postgresqlconf: [`shared_buffers=${options.sharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS}`, `work_mem=${options.workMem ?? DEFAULT_PGLITE_WORK_MEM}`, `temp_buffers=${PGLITE_TEMP_BUFFERS}`, ...PGLITE_WAL_SETTINGS],
  });
  for (const [name, value] of Object.entries(SESSION_SETTINGS)) {
    await db.query('SELECT set_config($1, $2, false)', [name, value]);
  }
  const statements = new PgliteStatements(db);
  // PGlite is one connection: a statement outside a transaction must wait for the transaction
  // running (it holds the connection). Every transaction and every prepared statement outside
  // one takes this lock (PGlite's public Mutex), so they run one after the other; inside a
  // transaction a statement takes PGlite's query lock only (`runExclusive`, public API).
  // A transaction takes its turn on the event loop's next turn (fairTurns).
  const connection = new Mutex();
  const takeConnection = fairTurns(connection);
  const base = pgliteQueryable(db, async <T>(sql: string, params: readonly unknown[]) => {
    const rows = await connection.runExclusive(() => db.runExclusive(() => statements.run<T>(sql, params)));
    await db.syncToFs();
    return rows;
  });
  const runInTransaction = <T>(sql: string, params: readonly unknown[]) => db.runExclusive(() => statements.run<T>(sql, params));
  let closed = false;
  return {
    ...base,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return takeConnection(() =>
        db.transaction(async (tx) => {
          let finished = false;
          try {
            return await fn(pgliteQueryable(tx, runInTransaction, () => finished || tx.closed));
          } finally {
            finished = true;
          }
        }),
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await db.close();
      } finally {
        releaseLock?.();
      }
    },
  };
}

// ---------------------------------------------------------------------------
// PostgreSQL (pg.Pool)

/** `inTransaction`: `runner` is a client holding a transaction open (an error there ends it). */
function postgresQueryable(runner: pg.Pool | pg.PoolClient, statements: PostgresStatements, isClosed: () => boolean = () => false, inTransaction = false): Queryable {
  const query = async <T>(sql: string, params?: readonly unknown[]): Promise<T[]> => {
    if (isClosed()) throw new Error('Transaction is already finished');
    const values = params ? [...params] : undefined;
    try {
      return (await runner.query(statements.queryConfig(sql, values))).rows as T[];
    } catch (error) {
      // A stale named statement outside a transaction runs again, unnamed (in one, the error ended the transaction).
      if (statements.forgetIfStale(sql, error) && !inTransaction) return (await runner.query(statements.queryConfig(sql, values))).rows as T[];
      throw error;
    }
  };
  return queryableOf('postgres', isClosed, query, {
    async exec(sql: string) {
      // No parameters: pg uses the simple query protocol, which accepts several statements.
      await runner.query(sql);
    },
  });
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function openPostgres(databaseUrl: string, options: OpenDatabaseOptions): Promise<Database> {
  // Parsers live on this pool only; pg's global type registry stays untouched.
  const typeParsers: pg.CustomTypesConfig = {
    getTypeParser: ((oid: number, format?: string) => {
      if (format !== 'binary') {
        const parser = VALUE_PARSERS[oid];
        if (parser) return parser;
      }
      return pg.types.getTypeParser(oid, format as 'text');
    }) as pg.CustomTypesConfig['getTypeParser'],
  };
  const settings: Record<string, string> = { ...SESSION_SETTINGS };
  if (options.schema) settings.search_path = quoteIdentifier(options.schema);
  const startupOptions = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value.replace(/([\\ ])/g, '\\$1')}`)
    .join(' ');
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types: typeParsers,
    options: startupOptions,
    max: options.maxConnections ?? 10,
  });
  const onIdleError =
    options.onIdleConnectionError ??
    ((error: Error) => {
      process.stderr.write(`PostgreSQL idle connection error: ${error.message}\n`);
    });
  pool.on('error', onIdleError);

  // Fail at start-up, not at the first request, when the server is unreachable.
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }

  const statements = new PostgresStatements();
  const base = postgresQueryable(pool, statements);
  let closed = false;
  return {
    ...base,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let finished = false;
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        try {
          const result = await fn(postgresQueryable(client, statements, () => finished, true));
          finished = true;
          await client.query('COMMIT');
          return result;
        } catch (error) {
          finished = true;
          try {
            await client.query('ROLLBACK');
          } catch (rollbackError) {
            broken = rollbackError as Error;
          }
          throw error;
        }
      } catch (error) {
        // A failed BEGIN/COMMIT leaves the connection in an unknown state: discard it.
        if (!finished) broken = error as Error;
        throw error;
      } finally {
        client.release(broken ?? false);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

