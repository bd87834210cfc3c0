/** The endpoint and retry rules, and the WEBHOOK_* configuration. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadConfig } from '../../server/config.js';
import { EVENT_TYPES } from '../../server/shared/event-types.js';
import {
  DEFAULT_RETRY_SCHEDULE_MS,
  endpointUrlProblem,
  eventIdOfMessageId,
  eventTypeFilterProblem,
  eventTypesMatching,
  keptResponseBody,
  maxAttempts,
  newWebhookSecret,
  parseRetrySchedule,
  retryDelayAfter,
  secretProblem,
  webhookMessageId,
} from '../../server/domain/webhooks/rules.js';

describe('endpoint URLs', () => {
  it.each(['https://hooks.example.com/vital', 'http://localhost:4040/', 'http://127.0.0.1:4040/hooks', 'http://127.10.0.1/', 'http://[::1]:4040/'])(
    'when the URL is %s, then it is accepted',
    (url) => {
      expect(endpointUrlProblem(url)).toBeNull();
    },
  );

  it.each([
    ['http://hooks.example.com/vital', /HTTPS is required/],
    ['http://10.0.0.5/', /HTTPS is required/],
    ['http://localhost.example.com/', /HTTPS is required/],
    ['ftp://hooks.example.com/', /Only https/],
    ['not a url', /Not a valid URL/],
  ])('when the URL is %s, then it is refused', (url, problem) => {
    expect(endpointUrlProblem(url)).toMatch(problem);
  });
});

describe('event-type filters', () => {
  const documented = Object.keys(
    (JSON.parse(readFileSync(new URL('../../generated/team/openapi.json', import.meta.url), 'utf8')) as { webhooks: Record<string, unknown> }).webhooks,
  );

  it("when the known event types are read, then they are the team document's webhooks, so the filter rule follows the spec", () => {
    expect([...EVENT_TYPES].sort()).toEqual([...documented].sort());
  });

  it.each(['labtest.order.updated', 'provider.connection.created', 'labtest.*', 'labtest.order.*', 'daily.data.*', 'historical.data.sleep.*', 'daily.timeseries.*'])(
    'when the filter entry is %s, then it is accepted',
    (entry) => {
      expect(eventTypeFilterProblem(entry)).toBeNull();
      expect(eventTypesMatching(entry).length).toBeGreaterThan(0);
    },
  );

  it.each([
    ['labtest.bogus', 'labtest.bogus is not an event type'],
    ['labtest', 'labtest is not an event type; labtest.* takes every event type under labtest'],
    ['daily.data', 'daily.data is not an event type; daily.data.* takes every event type under daily.data'],
    ['labtest.order.updated.*', 'labtest.order.updated.* matches no event type: no event type starts with labtest.order.updated.'],
    ['lab.*', 'lab.* matches no event type: no event type starts with lab.'],
    ['historical.data.sleep', 'historical.data.sleep is not an event type; historical.data.sleep.* takes every event type under historical.data.sleep'],
  ])('when the filter entry is %s, then it is refused: %s', (entry, problem) => {
    expect(eventTypeFilterProblem(entry)).toBe(problem);
    expect(eventTypesMatching(entry)).toEqual([]);
  });

  it('when a prefix is matched, then whole segments only: labtest.order.* takes the order events and not labtest.result.critical', () => {
    expect(eventTypesMatching('labtest.order.*').sort()).toEqual(['labtest.order.created', 'labtest.order.updated']);
    expect(eventTypesMatching('labtest.*').sort()).toEqual(['labtest.appointment.created', 'labtest.appointment.updated', 'labtest.match_review.created', 'labtest.order.created', 'labtest.order.updated', 'labtest.result.critical']);
  });
});

describe('secrets', () => {
  it('when a secret is generated, then it is whsec_ and the standard base64 of 24 random bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(secret);
    expect(secretProblem(secret)).toBeNull();
  });

  it.each([
    ['MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', /must start with whsec_/],
    ['whsec_c2hvcnQ=', /at least 24 bytes/],
    ['whsec_not base64!', /standard base64/],
  ])('when an operator gives %s, then it is refused', (secret, problem) => {
    expect(secretProblem(secret)).toMatch(problem);
  });
});

describe('retry schedule', () => {
  it('when the documented schedule is used, then attempts are retried after 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h, then failed', () => {
    expect(DEFAULT_RETRY_SCHEDULE_MS).toEqual([5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 10_800_000, 21_600_000]);
    expect(maxAttempts(DEFAULT_RETRY_SCHEDULE_MS)).toBe(9);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((attempt) => retryDelayAfter(attempt, DEFAULT_RETRY_SCHEDULE_MS))).toEqual([...DEFAULT_RETRY_SCHEDULE_MS, null]);
  });

  it('when a schedule is given as text, then it is parsed, and anything but integers is refused', () => {
    expect(parseRetrySchedule('50, 100,200')).toEqual([50, 100, 200]);
    expect(() => parseRetrySchedule('50,,100')).toThrow(/WEBHOOK_RETRY_SCHEDULE_MS/);
    expect(() => parseRetrySchedule('1s')).toThrow(/non-negative integers/);
  });
});

describe('PGLITE_SHARED_BUFFERS configuration', () => {
  it('when unset, then 32MB; when set to a size, then that size; otherwise a clear error', () => {
    expect(loadConfig({}).pgliteSharedBuffers).toBe('32MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '64MB' }).pgliteSharedBuffers).toBe('64MB');
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: 'lots' })).toThrow('PGLITE_SHARED_BUFFERS must be a size such as 32MB');
  });
});

describe('WEBHOOK_* configuration', () => {
  it('when nothing is set, then the worker runs with the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      webhookUrl: undefined,
      webhookSecret: undefined,
      webhookRetentionDays: 7,
      webhookDelivery: { enabled: true, retryScheduleMs: DEFAULT_RETRY_SCHEDULE_MS, timeoutMs: 15_000, concurrency: 32, pollIntervalMs: 250, leaseMs: 60_000, gcEveryAttempts: 2500 },
    });
  });

  it('when WEBHOOK_RETENTION_DAYS is not a whole number of 0 or more, then the start fails naming it', () => {
    for (const value of ['-1', '1.5', 'week']) {
      expect(() => loadConfig({ WEBHOOK_RETENTION_DAYS: value })).toThrow(`WEBHOOK_RETENTION_DAYS must be a whole number, 0 or more, got "${value}"`);
    }
    expect(loadConfig({ WEBHOOK_RETENTION_DAYS: '30' }).webhookRetentionDays).toBe(30);
  });

  it('when the variables are set, then they are used', () => {
    const secret = newWebhookSecret();
    const config = loadConfig({
      WEBHOOK_URL: 'http://127.0.0.1:4040/',
      WEBHOOK_SECRET: secret,
      WEBHOOK_RETRY_SCHEDULE_MS: '50,100,200',
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_CONCURRENCY: '8',
      WEBHOOK_WORKER: 'false',
      WEBHOOK_RETENTION_DAYS: '0',
      WEBHOOK_GC_ATTEMPTS: '0',
    });
    expect(config).toMatchObject({
      webhookUrl: 'http://127.0.0.1:4040/',
      webhookSecret: secret,
      webhookRetentionDays: 0,
      webhookDelivery: { enabled: false, retryScheduleMs: [50, 100, 200], timeoutMs: 1000, concurrency: 8, leaseMs: 60_000, gcEveryAttempts: 0 },
    });
  });

  it('when WEBHOOK_URL is plain http to another host or WEBHOOK_SECRET is malformed, then loading fails with the reason', () => {
    expect(() => loadConfig({ WEBHOOK_URL: 'http://hooks.example.com/' })).toThrow(/WEBHOOK_URL: HTTPS is required/);
    expect(() => loadConfig({ WEBHOOK_SECRET: 'secret' })).toThrow(/WEBHOOK_SECRET must start with whsec_/);
    expect(() => loadConfig({ WEBHOOK_CONCURRENCY: '0' })).toThrow(/WEBHOOK_CONCURRENCY must be a positive integer/);
  });
});

describe('message ids', () => {
  it('when an event id is made a message id, then eventIdOfMessageId gives the event id back', () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        expect(eventIdOfMessageId(webhookMessageId(id))).toBe(id);
      }),
    );
  });

  it.each(['msg_', 'msg_2c3d4e5f6a7b4c8d9e0f1a2b3c4d5e6', 'msg_2C3D4E5F6A7B4C8D9E0F1A2B3C4D5E6F', '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f', 'msg_2c3d4e5f6a7b4c8d9e0f1a2b3c4d5e6fa'])(
    'when %j is not a message id of ours, then it names no event',
    (text) => {
      expect(eventIdOfMessageId(text)).toBeNull();
    },
  );
});

describe('keptResponseBody', () => {
  const head = (text: string, limit: number) => new TextEncoder().encode(text).subarray(0, limit + 1);
  const kept = (text: string, limit: number) => keptResponseBody(head(text, limit), new TextEncoder().encode(text).length > limit, limit);

  it('when a body fits the limit, then it is kept whole and not truncated', () => {
    expect(kept('héllo', 6)).toEqual({ body: 'héllo', truncated: false });
    expect(kept('', 6)).toEqual({ body: '', truncated: false });
  });

  it('when a character of 2, 3 or 4 bytes straddles the limit, then the cut falls before it', () => {
    expect(kept('abcé', 4)).toEqual({ body: 'abc', truncated: true });
    expect(kept('ab€', 4)).toEqual({ body: 'ab', truncated: true });
    expect(kept('a😀', 4)).toEqual({ body: 'a', truncated: true });
    expect(kept('😀😀', 4)).toEqual({ body: '😀', truncated: true });
  });

  it('when any text is cut, then the kept text is a prefix of it of at most the limit in bytes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }).filter((t) => !t.includes('\u0000')), fc.integer({ min: 0, max: 30 }), (text, limit) => {
        const { body, truncated } = kept(text, limit);
        expect(text.startsWith(body)).toBe(true);
        expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(limit);
        expect(truncated).toBe(new TextEncoder().encode(text).length > limit);
      }),
    );
  });

  it('when the bytes are not UTF-8 or hold NUL, then those read as U+FFFD', () => {
    expect(keptResponseBody(Uint8Array.from([0x6f, 0x6b, 0x00, 0xff]), false)).toEqual({ body: 'ok\ufffd\ufffd', truncated: false });
  });
});
