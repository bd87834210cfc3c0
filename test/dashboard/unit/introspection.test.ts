import { describe, expect, it } from 'vitest';
import { daysInRange, notPulled, pullProgressText, pullRows, resourceRows, type PullStatsLike } from '../../../server/dashboard/src/lib/introspection.js';

const USER = '8d6f3c2a-5b1e-4f7a-9c0d-2e4b6a8c1f3d';

describe('resourceRows', () => {
  it('when a user has connections, then one row per provider and resource, sorted, with whether it has data', () => {
    const rows = resourceRows([
      {
        user_id: USER,
        provider: {
          oura: {
            sleep: { last_attempt: { timestamp: '2026-11-22T09:15:00Z', status: 'success' }, oldest_data: '2026-10-23T00:00:00Z', newest_data: '2026-11-22T09:15:00Z' },
            heartrate: { last_attempt: null, oldest_data: null, newest_data: null },
          },
          fitbit: { steps: { last_attempt: { timestamp: '2026-11-22T10:00:00Z', status: 'failure' }, oldest_data: '2026-11-01T00:00:00Z', newest_data: '2026-11-20T00:00:00Z' } },
        },
      },
    ]);
    expect(rows).toEqual([
      { provider: 'fitbit', resource: 'steps', hasData: true, oldest: '2026-11-01T00:00:00Z', newest: '2026-11-20T00:00:00Z', lastAttempt: 'failure', lastAttemptAt: '2026-11-22T10:00:00Z' },
      { provider: 'oura', resource: 'heartrate', hasData: false, oldest: null, newest: null, lastAttempt: null, lastAttemptAt: null },
      { provider: 'oura', resource: 'sleep', hasData: true, oldest: '2026-10-23T00:00:00Z', newest: '2026-11-22T09:15:00Z', lastAttempt: 'success', lastAttemptAt: '2026-11-22T09:15:00Z' },
    ]);
  });

  it('when a user has no connection, then there is no row', () => {
    expect(resourceRows([{ user_id: USER, provider: {} }])).toEqual([]);
  });
});

describe('daysInRange', () => {
  it('when a range runs from the start of a day to the last millisecond of another, then it counts the days of both', () => {
    expect(daysInRange('2026-10-23T00:00:00Z', '2026-11-22T23:59:59.999Z')).toBe(31);
    expect(daysInRange('2026-11-22T00:00:00Z', '2026-11-22T23:59:59.999Z')).toBe(1);
  });

  it('when the range is not fixed or not readable, then null', () => {
    expect(daysInRange(null, '2026-11-22T23:59:59.999Z')).toBeNull();
    expect(daysInRange('2026-11-22T00:00:00Z', 'soon')).toBeNull();
    expect(daysInRange('2026-11-23T00:00:00Z', '2026-11-22T23:59:59.999Z')).toBeNull();
  });
});

describe('pullRows', () => {
  const success: PullStatsLike = {
    status: 'success',
    range_start: '2026-10-23T00:00:00Z',
    range_end: '2026-11-22T23:59:59.999Z',
    timeline: { scheduled_at: '2026-11-22T09:00:00Z', started_at: '2026-11-22T09:00:01Z', ended_at: '2026-11-22T09:00:02Z' },
    days_with_data: 31,
    trace_id: 'op-1',
    error_details: null,
  };

  it('when the resources of a provider share one pull, then they share one row with its progress', () => {
    const rows = pullRows([{ user_id: USER, provider: { oura: { pulled: { sleep: success, activity: success }, not_pulled: ['hypnogram'] } } }]);
    expect(rows).toEqual([
      {
        provider: 'oura',
        resources: ['activity', 'sleep'],
        status: 'success',
        rangeStart: '2026-10-23T00:00:00Z',
        rangeEnd: '2026-11-22T23:59:59.999Z',
        scheduledAt: '2026-11-22T09:00:00Z',
        startedAt: '2026-11-22T09:00:01Z',
        endedAt: '2026-11-22T09:00:02Z',
        daysWithData: 31,
        rangeDays: 31,
        percent: 100,
        error: null,
        traceId: 'op-1',
      },
    ]);
    expect(pullProgressText(rows[0]!)).toBe('31 of 31 days (100%)');
  });

  it('when resources were pulled by different pulls, then one row each; a pull in progress shows its part done, a scheduled one its days alone', () => {
    const running = { ...success, status: 'in_progress', days_with_data: 10, timeline: { ...success.timeline, ended_at: null }, trace_id: 'op-2' };
    const scheduled: PullStatsLike = { status: 'scheduled', range_start: null, range_end: null, timeline: { scheduled_at: '2026-11-22T10:00:00Z' }, trace_id: 'op-3' };
    const rows = pullRows([{ user_id: USER, provider: { oura: { pulled: { sleep: running, activity: success }, not_pulled: [] }, fitbit: { pulled: { steps: scheduled }, not_pulled: [] } } }]);
    expect(rows.map((row) => [row.provider, row.resources, row.status, pullProgressText(row)])).toEqual([
      ['fitbit', ['steps'], 'scheduled', '0 days'],
      ['oura', ['activity'], 'success', '31 of 31 days (100%)'],
      ['oura', ['sleep'], 'in_progress', '10 of 31 days (32%)'],
    ]);
  });

  it('when a pull failed, then its error is on the row', () => {
    const failed = { ...success, status: 'failure', days_with_data: 0, error_details: 'non_retriable_error' };
    expect(pullRows([{ user_id: USER, provider: { oura: { pulled: { sleep: failed }, not_pulled: [] } } }])[0]).toMatchObject({ status: 'failure', error: 'non_retriable_error', percent: 0 });
  });
});

describe('notPulled', () => {
  it('when some providers have resources no pull covered, then those are listed, sorted, and the others left out', () => {
    expect(
      notPulled([{ user_id: USER, provider: { oura: { pulled: {}, not_pulled: ['sleep', 'activity'] }, fitbit: { pulled: {}, not_pulled: [] }, freestyle_libre: { pulled: {}, not_pulled: ['glucose'] } } }]),
    ).toEqual([
      { provider: 'freestyle_libre', resources: ['glucose'] },
      { provider: 'oura', resources: ['activity', 'sleep'] },
    ]);
  });
});
