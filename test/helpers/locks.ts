/** Helpers for tests that hold database locks to force an interleaving of two transactions (PostgreSQL). */
import type { Database } from '../../server/storage/database.js';

/** A promise and the function that settles it. */
export function signal(): { promise: Promise<void>; fire: () => void } {
  let fire!: () => void;
  const promise = new Promise<void>((resolve) => (fire = resolve));
  return { promise, fire };
}

/** Resolves once some session waits for a lock held by the session `pid` (PostgreSQL). */
export async function untilBlockedBy(db: Database, pid: number): Promise<void> {
  for (let i = 0; i < 1_000; i++) {
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))`, [pid]);
    if (row!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no session waited for session ${pid}`);
}
