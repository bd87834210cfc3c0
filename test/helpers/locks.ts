/** Helpers for tests that hold database locks to force an interleaving of two transactions (PostgreSQL). */
import type { Database, Queryable } from '../../server/storage/database.js';

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

/**
 * A transaction that takes its locks (`lock`), then waits for `release()` before the rest of its
 * work (`then`): a step holding rows while the test sends a request that needs them. `held`
 * resolves, with the transaction's backend pid, once the locks are held; `done` is its result.
 */
export function holdingLocks<T>(
  db: Database,
  lock: (tx: Queryable) => Promise<unknown>,
  then: (tx: Queryable) => Promise<T>,
): { held: Promise<number>; release: () => void; done: Promise<T> } {
  const held = signal();
  const release = signal();
  let pid = 0;
  const done = db.transaction(async (tx) => {
    pid = (await tx.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`))[0]!.pid;
    await lock(tx);
    held.fire();
    await release.promise;
    return then(tx);
  });
  return { held: held.promise.then(() => pid), release: release.fire, done };
}
