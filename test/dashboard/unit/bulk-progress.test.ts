import { describe, expect, it } from 'vitest';
import { anyActive, bulkProgress, finishText, isActive } from '../../../server/dashboard/src/lib/bulk-progress.js';

const op = (counts: Partial<Record<'pending' | 'running' | 'processed' | 'failed' | 'not_connected', number>>) => ({
  pending: 0,
  running: 0,
  processed: 0,
  failed: 0,
  not_connected: 0,
  ...counts,
});

describe('bulkProgress', () => {
  it('when some users are done, then the percent counts processed, failed and not connected over every user, rounded down', () => {
    const progress = bulkProgress(op({ pending: 118, running: 2, processed: 30, failed: 0, not_connected: 1 }));
    expect(progress.total).toBe(151);
    expect(progress.done).toBe(31);
    expect(progress.percent).toBe(20); // 20.5 rounded down
    expect(progress.label).toBe('20% done: 30 processed, 0 failed, 1 not connected, 2 running, 118 pending of 151 users');
  });

  it('when one user of 1000 is left, then the percent is 99, not 100', () => {
    expect(bulkProgress(op({ processed: 999, pending: 1 })).percent).toBe(99);
  });

  it('when every user is done, then the percent is 100', () => {
    expect(bulkProgress(op({ processed: 3, failed: 1, not_connected: 1 })).percent).toBe(100);
  });

  it('when drawing, then the segments come finished first and their shares add up to 100', () => {
    const progress = bulkProgress(op({ pending: 1, running: 1, processed: 1, failed: 1, not_connected: 1 }));
    expect(progress.segments.map((s) => s.key)).toEqual(['processed', 'failed', 'not_connected', 'running', 'pending']);
    expect(progress.segments.reduce((sum, s) => sum + s.share, 0)).toBeCloseTo(100);
    expect(progress.segments.every((s) => s.share === 20)).toBe(true);
  });

  it('when there is a single user, then the label says user', () => {
    expect(bulkProgress(op({ pending: 1 })).label).toBe('0% done: 0 processed, 0 failed, 0 not connected, 0 running, 1 pending of 1 user');
  });

  it('when the operation has no user at all, then it reads 100% with empty segments', () => {
    const progress = bulkProgress(op({}));
    expect(progress.percent).toBe(100);
    expect(progress.segments.every((s) => s.share === 0)).toBe(true);
  });
});

describe('isActive and anyActive', () => {
  it('when an operation is in progress, then it is active; ended ones are not', () => {
    expect(isActive({ status: 'in_progress' })).toBe(true);
    for (const status of ['success', 'failure', 'aborted']) expect(isActive({ status })).toBe(false);
    expect(anyActive([{ status: 'success' }, { status: 'in_progress' }])).toBe(true);
    expect(anyActive([{ status: 'success' }, { status: 'failure' }])).toBe(false);
    expect(anyActive([])).toBe(false);
  });
});

describe('finishText', () => {
  const now = new Date('2026-11-22T09:00:00Z');

  it('when the server estimates an end, then it is given relative and as a clock time', () => {
    expect(finishText({ status: 'in_progress', estimated_end_at: '2026-11-22T09:03:20Z', ended_at: null }, now, 'UTC')).toBe('Expected to finish in 3 min 20 s (09:03:20)');
  });

  it('when the estimate is already past, then it says any moment instead of a time in the past', () => {
    expect(finishText({ status: 'in_progress', estimated_end_at: '2026-11-22T08:59:58Z', ended_at: null }, now, 'UTC')).toBe(
      'Expected to finish any moment (estimate was 08:59:58)',
    );
  });

  it('when the operation ended, then its end is shown whatever the estimate', () => {
    expect(finishText({ status: 'success', estimated_end_at: null, ended_at: '2026-11-22T08:58:00Z' }, now, 'UTC')).toBe('Ended 2 min ago (08:58:00)');
  });

  it('when a running operation has no estimate (older server), then it says so', () => {
    expect(finishText({ status: 'in_progress', ended_at: null }, now, 'UTC')).toBe('Expected finish: not estimated yet');
  });
});
