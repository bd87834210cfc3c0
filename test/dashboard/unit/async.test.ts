import { describe, expect, it } from 'vitest';
import { shared } from '../../../server/dashboard/src/lib/async.js';

describe('shared', () => {
  it('when two views ask, then one request serves both', async () => {
    let calls = 0;
    const get = shared(async () => ++calls);
    expect(await Promise.all([get(), get()])).toEqual([1, 1]);
    expect(calls).toBe(1);
  });

  it('when the request failed, then the next call (a Retry) asks again, and that answer is shared', async () => {
    let calls = 0;
    const get = shared(async () => {
      calls += 1;
      if (calls === 1) throw new Error('down');
      return calls;
    });
    await expect(get()).rejects.toThrow('down');
    expect(await get()).toBe(2);
    expect(await get()).toBe(2);
    expect(calls).toBe(2);
  });
});
