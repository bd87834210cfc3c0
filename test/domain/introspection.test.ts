import { describe, expect, it } from 'vitest';
import { unavailablePullError } from '../../server/domain/connections/status.js';
import {
  dayEnd, dayStart, historicalPullErrorDetails, historicalPullStatistics, historicalPullStatus, introspectedResourcesFor, notConnectedError,
  providerHistoricalPulls, pulledResourcesFor, resourceStatistics, retriesExhaustedError, USER_GONE_ERROR, type StoredPull,
} from '../../server/domain/introspection/statistics.js';

const OP = '0f6b8a2e-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
const unbounded = { ingestion_start: null, ingestion_end: null };
const window = {
  status: 'connected',
  status_changed_at: null,
  history_start: '2026-03-01',
  opened_at: '2026-03-20T10:00:00.000Z',
  synced_through: '2026-03-20T12:30:00.000Z',
  synced_ingestion_start: null,
  synced_ingestion_end: null,
};
const pull = (overrides: Partial<StoredPull>): StoredPull => ({
  op_id: OP,
  scheduled_at: '2026-03-20T09:00:00.000Z',
  state: 'pending',
  attempts: 0,
  started_at: null,
  finished_at: null,
  error: null,
  range_start: null,
  range_end: null,
  next_date: null,
  ...overrides,
});

describe('introspection: days as instants', () => {
  it('when a local day starts or ends in a zone, then the instant is its local midnight, across a daylight saving change', () => {
    expect(dayStart('2026-03-08', 'UTC')).toBe('2026-03-08T00:00:00+00:00');
    expect(dayEnd('2026-03-08', 'UTC')).toBe('2026-03-08T23:59:59.999+00:00');
    // New York moves its clocks forward on 2026-03-08: that day is 23 hours long.
    expect(Date.parse(dayStart('2026-03-08', 'America/New_York'))).toBe(Date.parse('2026-03-08T05:00:00Z'));
    expect(Date.parse(dayEnd('2026-03-08', 'America/New_York')) + 1).toBe(Date.parse('2026-03-09T04:00:00Z'));
  });
});

describe('introspection: resource statistics', () => {
  it('when a window synced, then the span runs from its first day to its last sync, and the attempt is that sync', () => {
    expect(resourceStatistics(window, { time_zone: null, ...unbounded })).toEqual({
      last_attempt: { timestamp: window.synced_through, status: 'success' },
      oldest_data: '2026-03-01T00:00:00+00:00',
      newest_data: '2026-03-20T12:30:00+00:00',
      sent_count: null,
    });
  });

  it('when a window never synced, then there was no attempt, and only the days a historical pull reached before the connection day are readable', () => {
    const fresh = { ...window, history_start: '2026-03-20', synced_through: window.opened_at };
    expect(resourceStatistics(fresh, { time_zone: null, ...unbounded })).toEqual({ last_attempt: null, oldest_data: null, newest_data: null, sent_count: null });
    expect(resourceStatistics({ ...fresh, history_start: '2026-03-01' }, { time_zone: null, ...unbounded })).toEqual({
      last_attempt: null,
      oldest_data: '2026-03-01T00:00:00+00:00',
      newest_data: '2026-03-19T23:59:59.999+00:00',
      sent_count: null,
    });
  });

  it('when ingestion bounds cut the window, then the span is cut to the days they admit: the narrower of the synced and the current bounds', () => {
    const cut = resourceStatistics({ ...window, synced_ingestion_start: '2026-03-05' }, { time_zone: null, ingestion_start: null, ingestion_end: '2026-03-10' });
    expect(cut).toMatchObject({ oldest_data: '2026-03-05T00:00:00+00:00', newest_data: '2026-03-10T23:59:59.999+00:00' });
    expect(resourceStatistics(window, { time_zone: null, ingestion_start: null, ingestion_end: '2026-01-01' })).toMatchObject({ oldest_data: null, newest_data: null });
  });

  it('when the connection is in error, then its last attempt is a failure at the error; a paused one keeps its last sync', () => {
    const errored = '2026-03-20T13:00:00.000Z';
    expect(resourceStatistics({ ...window, status: 'error', status_changed_at: errored }, { time_zone: null, ...unbounded }).last_attempt).toEqual({ timestamp: errored, status: 'failure' });
    expect(resourceStatistics({ ...window, status: 'paused', status_changed_at: errored }, { time_zone: null, ...unbounded }).last_attempt?.status).toBe('success');
  });

  it('when a provider is introspected, then its resources have the family names, and a pull covers all but the deprecated hypnogram', () => {
    const withings = introspectedResourcesFor('withings');
    expect(withings).toEqual(expect.arrayContaining(['weight', 'fat']));
    expect(withings).not.toContain('body_weight');
    expect(introspectedResourcesFor('oura')).toContain('hypnogram');
    expect(pulledResourcesFor('oura')).not.toContain('hypnogram');
    expect(introspectedResourcesFor('oura').filter((resource) => !pulledResourcesFor('oura').includes(resource))).toEqual(['hypnogram']);
  });
});

describe('introspection: historical pulls', () => {
  it('when a trigger is in each state, then its status is the family\'s: a pending trigger tried before is retrying', () => {
    expect(historicalPullStatus({ state: 'pending', attempts: 0 })).toBe('scheduled');
    expect(historicalPullStatus({ state: 'pending', attempts: 2 })).toBe('retrying');
    expect(historicalPullStatus({ state: 'running', attempts: 1 })).toBe('in_progress');
    expect(historicalPullStatus({ state: 'processed', attempts: 1 })).toBe('success');
    expect(historicalPullStatus({ state: 'failed', attempts: 1 })).toBe('failure');
  });

  it('when a pull failed, then each error the engine writes has its kind; a pull that did not fail has none', () => {
    expect(historicalPullErrorDetails({ state: 'failed', error: retriesExhaustedError(5) })).toBe('retry_quota_exhausted');
    expect(historicalPullErrorDetails({ state: 'failed', error: USER_GONE_ERROR })).toBe('non_retriable_error');
    expect(historicalPullErrorDetails({ state: 'failed', error: notConnectedError('oura') })).toBe('non_retriable_error');
    expect(historicalPullErrorDetails({ state: 'failed', error: unavailablePullError('oura', { status: 'error', error_type: 'unknown' }) })).toBe('non_retriable_error');
    expect(historicalPullErrorDetails({ state: 'failed', error: unavailablePullError('oura', { status: 'paused', error_type: null }) })).toBe('non_retriable_error');
    expect(historicalPullErrorDetails({ state: 'failed', error: 'Something else.' })).toBe('unexpected_error');
    expect(historicalPullErrorDetails({ state: 'processed', error: null })).toBeNull();
  });

  it('when a pull succeeded, then its range is whole local days, all of them with data, and its timeline is the stored one', () => {
    const done = pull({ state: 'processed', attempts: 1, started_at: '2026-03-20T09:00:01.000Z', finished_at: '2026-03-20T09:00:02.500Z', range_start: '2026-02-18', range_end: '2026-03-20' });
    expect(historicalPullStatistics(done, 'Europe/Paris')).toEqual({
      status: 'success',
      range_start: '2026-02-17T23:00:00+00:00',
      range_end: '2026-03-20T22:59:59.999+00:00',
      timeline: { scheduled_at: '2026-03-20T09:00:00+00:00', started_at: '2026-03-20T09:00:01+00:00', ended_at: '2026-03-20T09:00:02.500+00:00' },
      days_with_data: 31,
      release: 'sandbox',
      trace_id: OP,
      error_details: null,
    });
  });

  it('when a pull is in progress over several chunks, then the days with data are those before the next chunk', () => {
    const running = pull({ state: 'running', attempts: 1, started_at: '2026-03-20T09:00:01.000Z', range_start: '2026-02-18', range_end: '2026-03-20', next_date: '2026-02-28' });
    expect(historicalPullStatistics(running, null)).toMatchObject({ status: 'in_progress', days_with_data: 10, timeline: { ended_at: null } });
    expect(historicalPullStatistics({ ...running, next_date: null }, null).days_with_data).toBe(0);
  });

  it('when a connection has a pull or none, then pulled and not_pulled split the provider\'s resources between them', () => {
    expect(providerHistoricalPulls('oura', null, null)).toEqual({ pulled: {}, not_pulled: introspectedResourcesFor('oura') });
    const split = providerHistoricalPulls('oura', pull({}), null);
    expect(Object.keys(split.pulled)).toEqual(pulledResourcesFor('oura'));
    expect([...Object.keys(split.pulled), ...split.not_pulled].sort()).toEqual(introspectedResourcesFor('oura').sort());
  });
});

describe('days counted without listing them (dayCount, for days_with_data)', () => {
  it('counts what daysOf lists, for ranges across months, years, a leap day and DST changes, and 0 for a range ending before it starts', async () => {
    const { addDays, dayCount, daysOf } = await import('../../server/domain/pull-preferences/pull-range.js');
    for (const start of ['2024-02-27', '2026-03-07', '2026-10-24', '2026-12-30', '2027-01-01']) {
      for (let length = -3; length <= 400; length += 1) {
        const range = { start_date: start, end_date: addDays(start, length) };
        expect(dayCount(range)).toBe(daysOf(range).length);
      }
    }
  });
});
