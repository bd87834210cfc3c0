/**
 * PGlite runs no autovacuum. The order list counts `total` from indexes alone (index-only
 * scans) only where the visibility map says the rows are all visible, and plans from the
 * statistics ANALYZE keeps: without a vacuum, every order written since would be read from
 * its row, and the statistics would stay those of an empty table. So each process counts the
 * order writes it makes (creations, status changes) and, on PGlite, vacuums and analyzes the
 * order tables every VACUUM_EVERY_WRITES of them, at most once per VACUUM_MIN_INTERVAL_MS (the
 * vacuum and the analysis hold PGlite's one connection while they run: about 0.1 s with
 * 100,000 orders, most of it the ANALYZE's sample: LAB_ORDER_STATISTICS_TARGET).
 * PostgreSQL's autovacuum does this there.
 */
import type { Logger } from '../../logger.js';
import type { Database } from '../../storage/database.js';
import { vacuumLabOrders } from '../../storage/repositories/lab-orders.js';

export const VACUUM_EVERY_WRITES = 5_000;
export const VACUUM_MIN_INTERVAL_MS = 60_000;

interface Counter {
  writes: number;
  last: number;
  running: boolean;
}

const counters = new WeakMap<Database, Counter>();

/** Counts `count` order writes on `db`; starts the vacuum (not awaited) when it is due. */
export function noteLabOrderWrites(db: Database, count: number, logger: Logger, now: number = performance.now()): void {
  if (db.kind !== 'pglite' || count <= 0) return;
  let counter = counters.get(db);
  if (!counter) counters.set(db, (counter = { writes: 0, last: Number.NEGATIVE_INFINITY, running: false }));
  counter.writes += count;
  if (counter.running || counter.writes < VACUUM_EVERY_WRITES || now - counter.last < VACUUM_MIN_INTERVAL_MS) return;
  const running = counter;
  running.running = true;
  running.writes = 0;
  running.last = now;
  void vacuumLabOrders(db)
    .catch((error: unknown) => logger.warn({ err: error }, 'vacuum of the lab order tables failed; tried again after more writes'))
    .finally(() => {
      running.running = false;
    });
}
