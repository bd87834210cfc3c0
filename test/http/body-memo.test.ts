import { describe, expect, it } from 'vitest';
import { BodyMemo } from '../../server/http/body-memo.js';

describe('BodyMemo', () => {
  const a = { id: 'a' };
  const b = { id: 'b' };

  it('when a body is asked again with the same parts, then the same frozen body is answered without building it', () => {
    const memo = new BodyMemo(8, 100);
    let builds = 0;
    const build = () => ((builds += 1), { items: [a, b] });
    const first = memo.body('k', [a, b], build);
    const second = memo.body('k', [a, b], build);
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(builds).toBe(1);
  });

  it('when a part is another object (even an equal one), a primitive differs, or the parts are fewer, then a new body is built and remembered', () => {
    const memo = new BodyMemo(8, 100);
    const first = memo.body('k', [a, 'x'], () => ({ items: [a], cursor: 'x' }));
    const copy = memo.body('k', [{ id: 'a' }, 'x'], () => ({ items: [{ id: 'a' }], cursor: 'x' }));
    expect(copy).not.toBe(first);
    const cursor = memo.body('k', [{ id: 'a' }, 'y'], () => ({ items: [a], cursor: 'y' }));
    expect(cursor).not.toBe(copy);
    expect(memo.body('k', [{ id: 'a' }], () => ({ items: [a] }))).not.toBe(cursor);
    // The latest body is the one remembered.
    const parts = [b];
    const latest = memo.body('k', parts, () => ({ items: [b] }));
    expect(memo.body('k', [b], () => ({ items: [] }))).toBe(latest);
  });

  it('when keys differ, then each keeps its own body', () => {
    const memo = new BodyMemo(8, 100);
    const one = memo.body('one', [a], () => ({ items: [a] }));
    const two = memo.body('two', [a], () => ({ items: [a], other: true }));
    expect(memo.body('one', [a], () => ({}))).toBe(one);
    expect(memo.body('two', [a], () => ({}))).toBe(two);
  });

  it('when the entries or the parts held would go over their bounds, then the memo starts over, and a body over the parts bound alone is never held', () => {
    const memo = new BodyMemo(2, 5);
    const one = memo.body('one', [a], () => ({ n: 1 }));
    memo.body('two', [a], () => ({ n: 2 }));
    memo.body('three', [a], () => ({ n: 3 }));
    expect(memo.body('one', [a], () => ({ n: 1 }))).not.toBe(one);

    const parts = new BodyMemo(8, 5);
    const small = parts.body('small', [a, b], () => ({ n: 1 }));
    const big = parts.body('big', [a, b, a, b, a, b], () => ({ n: 2 }));
    expect(parts.body('big', [a, b, a, b, a, b], () => ({ n: 2 }))).not.toBe(big);
    expect(parts.body('small', [a, b], () => ({ n: 1 }))).toBe(small);
    const fill = parts.body('fill', [a, b, a, b], () => ({ n: 3 }));
    expect(parts.body('small', [a, b], () => ({ n: 1 }))).not.toBe(small);
    expect(parts.body('fill', [a, b, a, b], () => ({ n: 3 }))).not.toBe(fill);
  });
});
