import { describe, expect, it } from 'vitest';
import { groupCommit } from '../../server/storage/group-commit.js';

/** Outside a request round, a turn ends with the event loop's check phase. */
const TURN = { schedule: setImmediate };

describe('groupCommit', () => {
  it('when writes arrive in the same turn, then they are written as one batch and each caller gets its own result', async () => {
    const batches: number[][] = [];
    const store = groupCommit(async (batch: readonly number[]) => {
      batches.push([...batch]);
      return batch.map((n) => n * 10);
    }, TURN);
    const results = await Promise.all([1, 2, 3].map((n) => store(n)));
    expect(results).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('when writes arrive while a batch runs, then they form the next batch', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const firstRunning = new Promise<void>((resolve) => (release = resolve));
    const store = groupCommit(async (batch: readonly number[]) => {
      batches.push([...batch]);
      if (batches.length === 1) await firstRunning;
      return [...batch];
    }, TURN);
    const first = store(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [store(2), store(3)];
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('when a batch fails, then each input is retried alone and only the bad one fails', async () => {
    const batches: number[][] = [];
    const store = groupCommit(async (batch: readonly number[]) => {
      batches.push([...batch]);
      if (batch.includes(13)) throw new Error('unlucky');
      return [...batch];
    }, TURN);
    const settled = await Promise.allSettled([12, 13, 14].map((n) => store(n)));
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([12, 'unlucky', 14]);
    expect(batches).toEqual([[12, 13, 14], [12], [13], [14]]);
  });

  it('when more writes wait than the batch limit, then they are split into batches of that size', async () => {
    const sizes: number[] = [];
    const store = groupCommit(
      async (batch: readonly number[]) => {
        sizes.push(batch.length);
        return [...batch];
      },
      { ...TURN, maxBatch: 4 },
    );
    await Promise.all(Array.from({ length: 10 }, (_, n) => store(n)));
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('when the writer returns the wrong number of results, then every caller of the batch gets an error', async () => {
    const store = groupCommit(async () => [] as number[], TURN);
    await expect(store(1)).rejects.toThrow('0 results for 1 inputs');
  });
});
