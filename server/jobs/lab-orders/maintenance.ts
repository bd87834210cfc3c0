/**
 * PGlite runs no autovacuum. The order list counts `total` from indexes alone (index-only
 * scans) only where the visibility map says the rows are all visible, and plans from the
 * statistics ANALYZE keeps: without a vacuum, every order written since would be read from
 * its row, and the statistics would stay those of an empty table. So the writers of orders
 * (the POST /v3/order handler, the simulator) each count the order writes they make and, on
 * PGlite, vacuum and analyze the order tables every VACUUM_EVERY_WRITES of them, at most once
 * per VACUUM_MIN_INTERVAL_MS (the vacuum and the analysis hold PGlite's one connection while
 * they run, most of it the ANALYZE's sample: LAB_ORDER_STATISTICS_TARGET).
 * PostgreSQL's autovacuum does this there.
 */
import type { Logger } from '../../logger.js';
import type { Database } from '../../storage/database.js';
import { vacuumLabOrders } from '../../storage/repositories/lab-order-housekeeping.js';

export const VACUUM_EVERY_WRITES = 5_000;
export const VACUUM_MIN_INTERVAL_MS = 60_000;

/** The order writes one writer made on a database since its last vacuum, and when that ran. */
export class LabOrderVacuum {
  private writes = 0;
  private last = Number.NEGATIVE_INFINITY;
  private running = false;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {}

  /** Counts `count` order writes; starts the vacuum (not awaited) when it is due. */
  noteWrites(count: number, now: number = performance.now()): void {
    if (this.db.kind !== 'pglite' || count <= 0) return;
    this.writes += count;
    if (this.running || this.writes < VACUUM_EVERY_WRITES || now - this.last < VACUUM_MIN_INTERVAL_MS) return;
    this.running = true;
    this.writes = 0;
    this.last = now;
    void vacuumLabOrders(this.db)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'vacuum of the lab order tables failed; tried again after more writes'))
      .finally(() => {
        this.running = false;
      });
  }
}
