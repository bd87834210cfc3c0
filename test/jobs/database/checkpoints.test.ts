/**
 * PGlite's checkpoints (it runs no checkpointer): the log written since the last checkpoint is
 * measured, a checkpoint starts it over, and the job checkpoints when the log passes its size
 * or when the timeout passed and anything was written, as PostgreSQL's checkpointer would.
 */
import { describe, expect, it } from 'vitest';
import { CHECKPOINT_IDLE_WAL_BYTES, startCheckpoints } from '../../../server/jobs/database/checkpoints.js';
import type { Database } from '../../../server/storage/database.js';
import { checkpoint, walSinceCheckpoint } from '../../../server/storage/write-ahead-log.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { silentLogger } from '../../helpers/silent-logger.js';
import { engines, useTestDatabase } from '../../storage/helpers.js';

/** The job's own rounds (one at start, then after this pause) stay out of the way: the test runs its rounds itself. */
const NEVER = 1e12;
const pglite = engines.find((engine) => engine.kind === 'pglite')!;

/** Writes about `kb` kB of log. */
async function write(db: Database, kb: number) {
  await db.query(`INSERT INTO checkpoint_test SELECT g, repeat('x', 1000) FROM generate_series(1, $1::int) g`, [kb]);
}

describe('PGlite checkpoints', () => {
  const ctx = useTestDatabase(pglite);

  it('when PGlite opens, then it keeps a bounded log and writes no full pages into it', async () => {
    expect(await ctx.db.query('SHOW full_page_writes')).toEqual([{ full_page_writes: 'off' }]);
    expect(await ctx.db.query('SHOW max_wal_size')).toEqual([{ max_wal_size: '256MB' }]);
  });

  it('when rows are written, then the log since the last checkpoint grows by them; after a checkpoint, only its own records are left', async () => {
    await ctx.db.exec('CREATE TABLE IF NOT EXISTS checkpoint_test (id int, v text)');
    await checkpoint(ctx.db);
    expect(await walSinceCheckpoint(ctx.db)).toBeLessThanOrEqual(CHECKPOINT_IDLE_WAL_BYTES);
    await write(ctx.db, 500);
    expect(await walSinceCheckpoint(ctx.db)).toBeGreaterThan(500 * 1000);
    await checkpoint(ctx.db);
    expect(await walSinceCheckpoint(ctx.db)).toBeLessThanOrEqual(CHECKPOINT_IDLE_WAL_BYTES);
  });

  it('when the log passes its size, then the next round checkpoints; a round with less log does not', async () => {
    await ctx.db.exec('CREATE TABLE IF NOT EXISTS checkpoint_test (id int, v text)');
    await checkpoint(ctx.db);
    const clock = new FakeClock();
    const job = startCheckpoints({ db: ctx.db, logger: silentLogger(), clock, checkEveryMs: NEVER, walBytes: 256 * 1024, timeoutMs: 3_600_000 });
    try {
      await write(ctx.db, 100);
      expect(await job.runOnce()).toMatchObject({ checkpointed: false });
      await write(ctx.db, 300);
      const round = await job.runOnce();
      expect(round.checkpointed).toBe(true);
      expect(round.wal_bytes).toBeGreaterThanOrEqual(256 * 1024);
      expect(await walSinceCheckpoint(ctx.db)).toBeLessThanOrEqual(CHECKPOINT_IDLE_WAL_BYTES);
    } finally {
      await job.stop();
    }
  });

  it('when the timeout passes, then it checkpoints if anything was written since the last checkpoint, and not otherwise', async () => {
    await ctx.db.exec('CREATE TABLE IF NOT EXISTS checkpoint_test (id int, v text)');
    await checkpoint(ctx.db);
    const clock = new FakeClock();
    const job = startCheckpoints({ db: ctx.db, logger: silentLogger(), clock, checkEveryMs: NEVER, walBytes: 64 * 1024 * 1024, timeoutMs: 300_000 });
    try {
      clock.advanceBy(300_000);
      expect(await job.runOnce()).toMatchObject({ checkpointed: false }); // nothing written
      await write(ctx.db, 10);
      expect(await job.runOnce()).toMatchObject({ checkpointed: true });
      await write(ctx.db, 10);
      clock.advanceBy(299_000);
      expect(await job.runOnce()).toMatchObject({ checkpointed: false }); // within the timeout of the last
      clock.advanceBy(1_000);
      expect(await job.runOnce()).toMatchObject({ checkpointed: true });
    } finally {
      await job.stop();
    }
  });
});
