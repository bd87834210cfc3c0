/**
 * Planner statistics for PGlite, which runs no autovacuum. PostgreSQL's autovacuum analyses a
 * table once more than 50 rows + 10% of it changed since its last analysis; PGlite left alone
 * never does, and after it opens a store the planner has no statistics for a table nothing
 * analysed. The team reads (user search, introspection, the users list) then plan as if a team
 * held a handful of users: a page of users read every user after the cursor and sorted them,
 * and a page's connections scanned the whole table. Every `checkEveryMs` this job asks which of
 * the read path's tables are due (storage/repositories/table-statistics.ts: one cheap
 * statement) and analyses those, the first round at start. An ANALYZE holds PGlite's one
 * connection while it samples (tens of milliseconds for 10,000 users). PostgreSQL runs its own
 * autovacuum: the server starts this job on PGlite only.
 */
import { systemClock, type Clock } from '../clock.js';
import type { Logger } from '../../logger.js';
import type { Database } from '../../storage/database.js';
import { analyzeTables, tablesDueForAnalysis } from '../../storage/repositories/table-statistics.js';
import { runInRounds, type Rounds } from '../rounds.js';

/** autovacuum_naptime's default. */
export const TABLE_STATISTICS_CHECK_MS = 60_000;

export interface TableStatisticsOptions {
  db: Database;
  logger: Logger;
  /** Between two looks (default TABLE_STATISTICS_CHECK_MS). */
  checkEveryMs?: number;
  clock?: Clock;
}

export interface TableStatisticsRound {
  /** The tables analyzed by the round (none when none was due). */
  analyzed: string[];
}

/** One round: analyses the tables due. */
export async function analyzeDueTables(db: Database): Promise<TableStatisticsRound> {
  const due = await tablesDueForAnalysis(db);
  if (due.length > 0) await analyzeTables(db, due);
  return { analyzed: due };
}

export function startTableStatistics(options: TableStatisticsOptions): Rounds<TableStatisticsRound> {
  return runInRounds({
    clock: options.clock ?? systemClock,
    pauseMs: options.checkEveryMs ?? TABLE_STATISTICS_CHECK_MS,
    round: () => analyzeDueTables(options.db),
    done: (round, ms) => {
      if (round.analyzed.length > 0) options.logger.debug({ tables: round.analyzed, ms }, 'analyzed');
    },
    failed: (error) => options.logger.error({ err: error }, 'analysis of the read path tables failed; tried again at the next round'),
  });
}
