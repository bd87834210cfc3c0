import type pg from 'pg';

/**
 * Named prepared statements on PostgreSQL: `pg` sends a query without a `name` as an unnamed
 * statement, which the server parses, analyses and plans anew on every run. With a name, `pg`
 * parses it once per connection and later runs only bind and execute, and PostgreSQL keeps a
 * generic plan once five runs show it is no worse than planning anew (plan_cache_mode auto),
 * as PGlite does through pglite-statements.ts. A batch of orders with their events is one
 * statement of seven parts: planning it anew for every batch was most of the backends' CPU
 * (scripts/bench/RESULTS.md, "Figures once in code comments").
 *
 * Each distinct SQL text gets a name, per pool, up to LIMIT of them (the server has a few hundred); later
 * ones run unnamed. A statement whose result columns changed since it was prepared (a
 * migration while the process runs) fails with "cached plan must not change result type": it
 * then runs unnamed from then on, and again at once when it was not in a transaction.
 */
const LIMIT = 1000;

/** The statement names of one pool (one database opened): pg prepares a named statement per connection of the pool. */
export class PostgresStatements {
  readonly #names = new Map<string, string | null>();

  /** The query config for `sql`: named while it can be. */
  queryConfig(sql: string, values: unknown[] | undefined): pg.QueryConfig {
    let name = this.#names.get(sql);
    if (name === undefined) {
      name = this.#names.size < LIMIT ? `q${this.#names.size + 1}` : null;
      this.#names.set(sql, name);
    }
    return name === null ? { text: sql, values } : { name, text: sql, values: values ?? [] };
  }

  /** Whether `error` is a named statement gone stale; the statement is then unnamed from now on. */
  forgetIfStale(sql: string, error: unknown): boolean {
    const stale = (error as { code?: unknown } | null)?.code === '0A000' && /cached plan must not change result type/.test(String((error as Error).message));
    if (stale && this.#names.get(sql)) this.#names.set(sql, null);
    return stale;
  }
}
