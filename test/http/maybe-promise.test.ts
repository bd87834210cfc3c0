import { describe, expect, it } from 'vitest';
import { whenReady } from '../../server/http/maybe-promise.js';

describe('whenReady', () => {
  it('when the value is there, then the next step runs at once; when it is a promise, then after it', async () => {
    const steps: string[] = [];
    const now = whenReady(2, (value) => {
      steps.push('now');
      return value * 10;
    });
    expect(now).toBe(20);
    expect(steps).toEqual(['now']);
    const later = whenReady(Promise.resolve(3), (value) => value * 10);
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toBe(30);
    await expect(whenReady(Promise.resolve(1), () => Promise.reject(new Error('no')))).rejects.toThrow('no');
  });
});
