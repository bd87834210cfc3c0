import type { Queryable } from './database.js';

/**
 * The database server's clock in epoch milliseconds: one clock for every process sharing the
 * database, read inside the caller's transaction (`clock_timestamp()`, not the transaction's
 * start), so times taken under a lock are in lock order.
 */
export async function databaseNow(tx: Queryable): Promise<number> {
  const row = await tx.one<{ now: number | string }>(`SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now`);
  return Number(row!.now);
}
