/** The consumer module (server/client/webhooks.ts): verification, typed parsing and deduplication. */
import { readFileSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  EVENT_TYPES,
  InvalidWebhookError,
  isKnownEventType,
  isLabResultCriticalEvent,
  isTimeseriesEvent,
  parseEvent,
  verifyWebhook,
  WebhookDeduplicator,
  type WebhookEvent,
  type WebhookEventOf,
} from '../../../server/client/index.js';
import { newWebhookSecret } from '../../../server/domain/webhooks/rules.js';
import { formatEventLine } from '../../../scripts/listen/index.js';

const USER = '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10';
const TEAM = '3d2b1f0e-5a7c-4e8b-9f21-7c0a9e4b6d53';
const envelope = { team_id: TEAM, user_id: USER, client_user_id: 'patient-000123' };

function signed(secret: string, body: string, id = 'msg_1', at = new Date()) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

const historical: WebhookEventOf<'historical.data.sleep.created'> = {
  event_type: 'historical.data.sleep.created',
  data: { user_id: USER, provider: 'oura', start_date: '2026-05-26', end_date: '2026-11-21' },
  ...envelope,
};

const steps = (value: number, timestamp = '2026-11-21T07:00:00+00:00', source = { provider: 'oura', type: 'ring', app_id: null }): WebhookEvent => ({
  event_type: 'daily.data.steps.updated',
  data: { user_id: USER, source_id: 3, source, data: [{ timestamp, timezone_offset: 0, type: null, unit: 'count', value }] },
  ...envelope,
});

const sleep = (id: string, score: number): WebhookEvent =>
  ({
    event_type: 'daily.data.sleep.updated',
    data: { id, user_id: USER, date: '2026-11-21T00:00:00+00:00', calendar_date: '2026-11-21', bedtime_start: '2026-11-20T23:05:00+00:00', bedtime_stop: '2026-11-21T07:02:00+00:00', score, source: { provider: 'oura', type: 'ring', app_id: null } },
    ...envelope,
  }) as WebhookEvent;

describe('verifyWebhook', () => {
  const secret = newWebhookSecret();
  const body = JSON.stringify(historical);

  it('when the signature is valid, then it returns the typed event', () => {
    const event = verifyWebhook(secret, signed(secret, body), body);
    expect(event).toEqual(historical);
    if (event.event_type === 'historical.data.sleep.created') expectTypeOf(event.data.start_date).toEqualTypeOf<string>();
  });

  it('when headers come as a fetch Headers object or Node headers with a Buffer body, then it verifies too', () => {
    expect(verifyWebhook(secret, new Headers(signed(secret, body)), Buffer.from(body))).toEqual(historical);
    const nodeHeaders = Object.fromEntries(Object.entries(signed(secret, body)).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verifyWebhook(secret, nodeHeaders, new TextEncoder().encode(body))).toEqual(historical);
  });

  it('when the signature was made with another secret, then it throws InvalidWebhookError', () => {
    expect(() => verifyWebhook(secret, signed(newWebhookSecret(), body), body)).toThrow(new InvalidWebhookError('Invalid webhook signature: No matching signature found'));
  });

  it('when the body was changed after signing, then it throws', () => {
    expect(() => verifyWebhook(secret, signed(secret, body), body.replace('oura', 'fitbit'))).toThrow(InvalidWebhookError);
  });

  it('when the timestamp is older than 5 minutes, then it throws', () => {
    const old = new Date(Date.now() - 10 * 60 * 1000);
    expect(() => verifyWebhook(secret, signed(secret, body, 'msg_1', old), body)).toThrow(/too old/);
  });

  it('when signature headers are missing, then it names them', () => {
    expect(() => verifyWebhook(secret, { 'webhook-id': 'msg_1' }, body)).toThrow('Invalid webhook: missing headers webhook-timestamp, webhook-signature');
  });

  it('when the secret is not a whsec_ base64 secret, then it says so', () => {
    expect(() => verifyWebhook('whsec_', signed(secret, body), body)).toThrow(/Invalid webhook secret/);
  });
});

describe('parseEvent', () => {
  it('when the body is an envelope, then it is returned typed by event_type', () => {
    const event = parseEvent(JSON.stringify(historical));
    expect(event.event_type).toBe('historical.data.sleep.created');
    if (event.event_type === 'provider.connection.created') expectTypeOf(event.data.provider.slug).toEqualTypeOf<string>();
  });

  it('when fields of the envelope are missing or the body is not JSON, then it throws InvalidWebhookError', () => {
    expect(() => parseEvent('{"event_type": 1, "data": []}')).toThrow(
      'Invalid webhook body: event_type must be a string; team_id must be a string; user_id must be a string; client_user_id must be a string; data must be an object',
    );
    expect(() => parseEvent('not json')).toThrow(/not JSON/);
    expect(() => parseEvent('[]')).toThrow('Invalid webhook body: not a JSON object');
  });

  it('when a labtest.result.critical body is parsed, then it is typed as such and listen prints its order, sample, status and interpretation in one line', () => {
    const critical: WebhookEventOf<'labtest.result.critical'> = {
      event_type: 'labtest.result.critical',
      data: {
        order_id: '0b6c4a0e-6d1f-4a4e-9f59-3c7f1a9d2b11', sample_id: 'SMP-7FQ2KD', status: 'final', interpretation: 'critical',
        team_id: TEAM, user_id: USER, created_at: '2026-03-04T16:45:00Z', updated_at: '2026-03-04T16:45:00Z',
      },
      ...envelope,
    };
    const event = parseEvent(JSON.stringify(critical));
    expect(isLabResultCriticalEvent(event)).toBe(true);
    expect(isLabResultCriticalEvent(historical)).toBe(false);
    if (isLabResultCriticalEvent(event)) expectTypeOf(event.data.order_id).toEqualTypeOf<string>();
    expect(formatEventLine(event, new Date(2026, 2, 4, 9, 15, 2))).toBe(
      '09:15:02 labtest.result.critical user=6b1c… order=0b6c… sample=SMP-7FQ2KD final results critical',
    );
    expect(new WebhookDeduplicator().receive('msg_critical', event)).toEqual({ outcome: 'ignored', reason: 'labtest.result.critical has no data this store keeps' });
  });

  it('when the API documents its webhooks, then EVENT_TYPES lists exactly those event types', () => {
    const document = JSON.parse(readFileSync(new URL('../../../generated/team/openapi.json', import.meta.url), 'utf8')) as { webhooks: Record<string, unknown> };
    expect([...EVENT_TYPES].sort()).toEqual(Object.keys(document.webhooks).sort());
  });
});

describe('WebhookDeduplicator', () => {
  it('when the same webhook-id arrives twice, then the second is a duplicate', () => {
    const store = new WebhookDeduplicator();
    expect(store.receive('msg_1', historical)).toEqual({ outcome: 'stored', kind: 'historical_pull', replaced: 0 });
    expect(store.receive('msg_1', historical)).toEqual({ outcome: 'duplicate' });
    expect(store.historicalPulls()).toEqual([historical]);
  });

  it('when a summary arrives in several versions, then the latest received per data.id is kept', () => {
    const store = new WebhookDeduplicator();
    store.receive('msg_1', sleep('8e1f2a3b-4c5d-4e6f-9a0b-1c2d3e4f5a6b', 70));
    store.receive('msg_2', sleep('9f1f2a3b-4c5d-4e6f-9a0b-1c2d3e4f5a6b', 60));
    expect(store.receive('msg_3', sleep('8e1f2a3b-4c5d-4e6f-9a0b-1c2d3e4f5a6b', 82))).toEqual({ outcome: 'stored', kind: 'summary', replaced: 1 });
    expect(store.summaries('sleep')).toHaveLength(2);
    expect(store.summary('sleep', '8e1f2a3b-4c5d-4e6f-9a0b-1c2d3e4f5a6b')?.data).toMatchObject({ score: 82 });
  });

  it('when a timeseries bucket is resent, then the latest value per (resource, provider, source type, timestamp) is kept', () => {
    const store = new WebhookDeduplicator();
    store.receive('msg_1', steps(100));
    store.receive('msg_2', steps(250, '2026-11-21T08:00:00+00:00'));
    // The same instant written with another offset is the same sample.
    expect(store.receive('msg_3', steps(412, '2026-11-21T09:00:00+01:00'))).toEqual({ outcome: 'stored', kind: 'timeseries', replaced: 1 });
    // Another source type is another key.
    store.receive('msg_4', steps(7, '2026-11-21T07:00:00+00:00', { provider: 'oura', type: 'phone', app_id: null }));
    expect(store.samples({ resource: 'steps' }).map((s) => [s.timestamp, s.source_type, 'value' in s ? s.value : null])).toEqual([
      ['2026-11-21T07:00:00+00:00', 'ring', 100],
      ['2026-11-21T07:00:00+00:00', 'phone', 7],
      ['2026-11-21T09:00:00+01:00', 'ring', 412],
    ]);
  });

  it('when a lab order announces its cholesterol fractions at one instant, then each fraction is its own sample (a lab sample is keyed by its type too); a resend replaces them', () => {
    const labcorp = { provider: 'labcorp', type: 'lab', app_id: null, device_id: null, sport: null, workout_id: null, name: 'Labcorp', slug: 'labcorp', logo: '' };
    const at = '2026-11-20T15:30:00.000Z';
    const lipids = (hdl: number): WebhookEventOf<'daily.data.cholesterol.created'> => ({
      event_type: 'daily.data.cholesterol.created',
      data: {
        user_id: USER, source_id: 1, source: labcorp,
        data: [
          { timestamp: at, value: hdl, unit: 'mg/dL', timezone_offset: 0, type: 'hdl' },
          { timestamp: at, value: 104, unit: 'mg/dL', timezone_offset: 0, type: 'ldl' },
          { timestamp: at, value: 182, unit: 'mg/dL', timezone_offset: 0, type: 'total' },
          { timestamp: at, value: 98, unit: 'mg/dL', timezone_offset: 0, type: 'triglycerides' },
        ],
      },
      ...envelope,
    });
    const event = parseEvent(JSON.stringify(lipids(58)));
    expect(isKnownEventType(event.event_type)).toBe(true);
    expect(isTimeseriesEvent(event)).toBe(true);
    const store = new WebhookDeduplicator();
    expect(store.receive('msg_1', event)).toEqual({ outcome: 'stored', kind: 'timeseries', replaced: 0 });
    expect(store.samples({ resource: 'cholesterol' }).map((s) => [s.type, 'value' in s ? s.value : null])).toEqual([['hdl', 58], ['ldl', 104], ['total', 182], ['triglycerides', 98]]);
    expect(store.receive('msg_2', lipids(61))).toEqual({ outcome: 'stored', kind: 'timeseries', replaced: 4 });
    expect(store.samples({ resource: 'cholesterol' })).toHaveLength(4);
    // The family's historical type is known (an endpoint may subscribe to it) though this server never sends it.
    const pulled: WebhookEventOf<'historical.data.igg.created'> = { event_type: 'historical.data.igg.created', data: { user_id: USER, provider: 'labcorp', start_date: '2026-10-23', end_date: '2026-11-21' }, ...envelope };
    expect(store.receive('msg_3', pulled)).toEqual({ outcome: 'stored', kind: 'historical_pull', replaced: 0 });
  });

  it('when hypnogram events arrive, then they are ignored in favour of sleep_cycle', () => {
    const store = new WebhookDeduplicator();
    const hypnogram = { ...steps(4), event_type: 'daily.timeseries.hypnogram.created' } as WebhookEvent;
    expect(store.receive('msg_1', hypnogram)).toEqual({ outcome: 'ignored', reason: 'hypnogram events are deprecated: the sleep_cycle summaries replace them' });
    expect(store.samples()).toEqual([]);
  });

  it('when an event type is unknown, then it is ignored without an error', () => {
    const store = new WebhookDeduplicator();
    const future = { ...historical, event_type: 'lab.order.created' } as unknown as WebhookEvent;
    expect(store.receive('msg_1', future)).toEqual({ outcome: 'ignored', reason: 'unknown event type lab.order.created' });
  });

  it('when connections are created, then they are kept per user and provider, read from data.provider', () => {
    const store = new WebhookDeduplicator();
    const oura = { name: 'Oura', slug: 'oura', logo: 'https://example.com/oura.png' };
    const created: WebhookEvent = { event_type: 'provider.connection.created', data: { user_id: USER, provider: oura, source: oura, external_user_id: 'oura-5b0c2d9e71', resource_availability: { sleep: { status: 'available', scope_requirements: null } } }, ...envelope };
    store.receive('msg_1', created);
    expect(store.receive('msg_2', created)).toEqual({ outcome: 'stored', kind: 'connection', replaced: 1 });
    expect(store.connections()).toEqual([created]);
  });

  it('when more ids arrive than it remembers, then the oldest are forgotten', () => {
    const store = new WebhookDeduplicator({ maxRememberedIds: 2 });
    expect([store.markSeen('a'), store.markSeen('b'), store.markSeen('c'), store.markSeen('a'), store.markSeen('c')]).toEqual([true, true, true, true, false]);
  });
});
