import { describe, expect, it } from 'vitest';
import { deliveryStatusText, eventTypeChoices, filterText, isReplayable, responseBodyView, responseText } from '../../../server/dashboard/src/lib/delivery-format.js';

const now = new Date('2026-11-22T09:00:00Z');
const delivery = (overrides: Partial<Parameters<typeof deliveryStatusText>[0]>) => ({
  status: 'pending',
  attempts: 0,
  next_attempt_at: null,
  last_attempt_at: null,
  last_status_code: null,
  last_error: null,
  ...overrides,
});

describe('deliveryStatusText', () => {
  it('when a delivery is waiting for its retry, then when the retry comes and after how many attempts', () => {
    expect(deliveryStatusText(delivery({ attempts: 1, next_attempt_at: '2026-11-22T09:00:05Z' }), now)).toBe('Pending: retry in 5 s (after 1 attempt)');
  });

  it('when the retry is due, then now', () => {
    expect(deliveryStatusText(delivery({ attempts: 2, next_attempt_at: '2026-11-22T08:59:00Z' }), now)).toBe('Pending: retry now (after 2 attempts)');
  });

  it('when it succeeded or failed, then the outcome and the attempts', () => {
    expect(deliveryStatusText(delivery({ status: 'succeeded', attempts: 2 }), now)).toBe('Succeeded after 2 attempts');
    expect(deliveryStatusText(delivery({ status: 'failed', attempts: 9 }), now)).toBe('Failed after 9 attempts');
  });

  it('when the status is one this dashboard does not know, then it is shown as it is', () => {
    expect(deliveryStatusText(delivery({ status: 'paused', attempts: 1 }), now)).toBe('paused (1 attempt)');
  });
});

describe('responseText', () => {
  it('when the endpoint answered, then its HTTP status; without an answer, the error; before any attempt, null', () => {
    expect(responseText(delivery({ last_status_code: 500, last_error: 'endpoint answered 500' }))).toBe('HTTP 500');
    expect(responseText(delivery({ last_error: 'connection refused' }))).toBe('No answer: connection refused');
    expect(responseText(delivery({}))).toBeNull();
  });
});

describe('isReplayable', () => {
  it('when failed, then replayable; pending or succeeded are not', () => {
    expect(isReplayable({ status: 'failed' })).toBe(true);
    expect(isReplayable({ status: 'pending' })).toBe(false);
    expect(isReplayable({ status: 'succeeded' })).toBe(false);
  });
});

describe('eventTypeChoices', () => {
  it('when given the webhooks keys, then sorted types and the prefixes grouping two or more of them', () => {
    const choices = eventTypeChoices(['labtest.order.updated', 'daily.data.sleep.created', 'labtest.order.created', 'provider.connection.created', 'daily.data.sleep.updated']);
    expect(choices.types).toEqual(['daily.data.sleep.created', 'daily.data.sleep.updated', 'labtest.order.created', 'labtest.order.updated', 'provider.connection.created']);
    expect(choices.prefixes).toEqual(['daily.*', 'daily.data.*', 'daily.data.sleep.*', 'labtest.*', 'labtest.order.*']);
  });
});

describe('filterText', () => {
  it('when no filter, then every event; otherwise the list', () => {
    expect(filterText(null)).toBe('every event');
    expect(filterText([])).toBe('every event');
    expect(filterText(['historical.data.*', 'provider.connection.created'])).toBe('historical.data.*, provider.connection.created');
  });
});

describe('responseBodyView', () => {
  const answered = (overrides: Partial<Parameters<typeof responseBodyView>[0]>) => ({ last_status_code: 500, last_response_body: null, last_response_body_truncated: false, ...overrides });

  it('when the endpoint answered with a body, then the body as it is, without a note', () => {
    expect(responseBodyView(answered({ last_response_body: 'down <b>now</b>' }))).toEqual({ text: 'down <b>now</b>', empty: false, note: null });
  });

  it('when the body was empty, then (empty)', () => {
    expect(responseBodyView(answered({ last_status_code: 204, last_response_body: '' }))).toEqual({ text: '(empty)', empty: true, note: null });
  });

  it('when the server kept only the start of the body, then a note says so', () => {
    expect(responseBodyView(answered({ last_response_body: 'x'.repeat(4096), last_response_body_truncated: true }))?.note).toBe('Truncated: the first 4096 bytes of a longer body.');
  });

  it('when the last attempt got no answer, then nothing to show', () => {
    expect(responseBodyView(answered({ last_status_code: null }))).toBeNull();
  });
});
