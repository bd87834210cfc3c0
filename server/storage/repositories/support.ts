import type { Queryable } from '../database.js';
const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const UUID = new RegExp(UUID_PATTERN, 'i');
const LOWERCASE_UUID = new RegExp(UUID_PATTERN);

/**
 * Ids arrive from URLs; a malformed one would make PostgreSQL raise 22P02 for the uuid
 * cast. Repositories treat it as "no such row" instead.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A uuid in the form PostgreSQL prints it (lowercase): no need to lowercase it to compare. */
export function isLowercaseUuid(value: string): boolean {
  return LOWERCASE_UUID.test(value);
}

/** Default page size of keyset-paged lists. */
export const PAGE_SIZE = 50;

export interface Page<T, C> {
  rows: T[];
  /** True when rows exist after the last one returned. */
  has_more: boolean;
  /** Keyset position of the last row, to pass back as `after`; null on the last page. */
  next: C | null;
}

/** Runs a `LIMIT n + 1` query result through the paging rule. */
export function toPage<T, C>(rows: T[], limit: number, cursorOf: (row: T) => C): Page<T, C> {
  const has_more = rows.length > limit;
  const pageRows = has_more ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return { rows: pageRows, has_more, next: has_more && last ? cursorOf(last) : null };
}

export function pageLimit(limit: number | undefined): number {
  const value = limit ?? PAGE_SIZE;
  if (!Number.isInteger(value) || value < 1 || value > 1000) throw new RangeError(`Page limit must be 1..1000, got ${value}`);
  return value;
}

/**
 * A child's columns in a statement that joins it to its parent: `alias.name AS prefixname` for
 * each name, so that the child's columns keep apart from the parent's in one row.
 */
export function selectPrefixed(alias: string, prefix: string, names: readonly string[]): string {
  return names.map((name) => `${alias}.${name} AS ${prefix}${name}`).join(', ');
}

/** The child's fields of such a row, under their own names (`c_id` -> `id`). */
export function prefixedColumns<N extends string>(row: object, prefix: string, names: readonly N[]): Record<N, unknown> {
  const fields = {} as Record<N, unknown>;
  for (const name of names) fields[name] = (row as Record<string, unknown>)[prefix + name];
  return fields;
}

/**
 * Whether `error` is SQLSTATE 23505 (unique_violation), optionally of one named constraint: both
 * engines report `code` and `constraint`. A statement that fails so aborts a PostgreSQL
 * transaction: catch it only inside a savepoint, and roll back to it.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (!(error instanceof Error)) return false;
  const { code, constraint: name } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && (!constraint || name === constraint);
}

/**
 * Takes transaction-level advisory locks by name, held until the transaction ends, in the order
 * given (a caller taking several of one kind sorts them, so that no two transactions wait on
 * each other in a circle), each exclusive or `shared`. PostgreSQL only: PGlite runs one
 * transaction at a time, where no lock could ever be waited for, so none is taken (a statement
 * less). Send it on its own before the reads it guards: a statement that waited for a lock under
 * READ COMMITTED reads with the snapshot it started with, which misses what the holder wrote.
 */
export async function lockNames(tx: Queryable, locks: readonly { name: string; shared?: boolean }[]): Promise<void> {
  if (tx.kind === 'pglite' || locks.length === 0) return;
  // Evaluated left to right, in the order given.
  const calls = locks.map((lock, i) => `pg_advisory_xact_lock${lock.shared ? '_shared' : ''}(hashtextextended($${i + 1}::text, 0))`);
  await tx.query(`SELECT ${calls.join(', ')}`, locks.map((lock) => lock.name));
}

/**
 * For the rest of the transaction, prepared statements run with their generic plan
 * (plan_cache_mode force_generic_plan). A statement over arrays of a batch (`unnest`) is planned
 * for about ten rows without its parameters and for the rows it has with them, so under the
 * default (auto) PostgreSQL finds the generic plan dearer than each custom one and plans the
 * statement anew on every run: on PGlite that planning costs about as much as running it. For
 * batches of a few rows, found by index, the generic plan is the same plan.
 */
export async function preferGenericPlans(tx: Queryable): Promise<void> {
  await tx.query(`SET LOCAL plan_cache_mode = force_generic_plan`, []);
}
