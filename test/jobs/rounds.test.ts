import { describe, expect, it } from 'vitest';
import { runInRounds } from '../../server/jobs/rounds.js';
import { FakeClock } from '../helpers/fake-clock.js';

describe('runInRounds', () => {
  it('when rounds run, then one runs at start, one after each pause, runOnce waits for the running one, and a failed round is reported and followed by the next', async () => {
    const clock = new FakeClock();
    const log: string[] = [];
    let active = 0;
    let n = 0;
    const rounds = runInRounds({
      clock,
      pauseMs: 1_000,
      round: async () => {
        active += 1;
        expect(active).toBe(1);
        const mine = (n += 1);
        await new Promise((resolve) => setTimeout(resolve, 5));
        active -= 1;
        if (mine === 2) throw new Error('round 2 failed');
        return mine;
      },
      done: (result) => log.push(`done ${result}`),
      failed: (error) => log.push(`failed: ${(error as Error).message}`),
    });
    // The loop's first round is running: runOnce runs the second after it (and sees its error).
    await expect(rounds.runOnce()).rejects.toThrow('round 2 failed');
    expect(log).toEqual(['done 1']);
    clock.advanceBy(1_000);
    await expect.poll(() => log).toEqual(['done 1', 'done 3']);
    await rounds.stop();
    clock.advanceBy(10_000);
    expect(n).toBe(3);
  });

  it('when the loop round fails, then failed hears it and the pause still comes', async () => {
    const clock = new FakeClock();
    const failures: string[] = [];
    let calls = 0;
    const rounds = runInRounds({
      clock,
      pauseMs: 500,
      round: async () => {
        calls += 1;
        throw new Error(`boom ${calls}`);
      },
      done: () => undefined,
      failed: (error) => failures.push((error as Error).message),
    });
    await expect.poll(() => failures).toEqual(['boom 1']);
    clock.advanceBy(500);
    await expect.poll(() => failures).toEqual(['boom 1', 'boom 2']);
    await rounds.stop();
  });
});
