/**
 * The rules of webhook endpoints and their deliveries: which URLs are accepted,
 * what a signing secret looks like, when a failed attempt is tried again, and
 * the message id of an event, which event-type filters an endpoint may have. No I/O
 * here. (Which event types an endpoint's filter lets through is applied in SQL by the
 * outbox: storage/repositories/events.ts.)
 */
import { randomBytes } from 'node:crypto';
import { EVENT_TYPES } from '../../shared/event-types.js';

/**
 * Retry delays after the 1st, 2nd, ... failed attempt (the management API's
 * documented schedule): 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h. After
 * the attempt that follows the last delay, the delivery is `failed`.
 */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 10_800_000, 21_600_000];

/**
 * Events, with their deliveries, are kept this many days after they were emitted
 * (WEBHOOK_RETENTION_DAYS): well past the default retry schedule (about 11 hours), time
 * enough to look at a week's deliveries and replay them.
 */
export const DEFAULT_EVENT_RETENTION_DAYS = 7;

/** An endpoint must answer 2xx within this time, or the attempt failed (the documented 15 s). */
export const DEFAULT_DELIVERY_TIMEOUT_MS = 15_000;

/** Attempts a delivery gets before it is `failed`: the first one plus one per retry delay. */
export const maxAttempts = (schedule: readonly number[]): number => schedule.length + 1;

/**
 * What happens after attempt number `attempt` (1-based) failed: retried after
 * the schedule's delay for it, or no more attempts (null).
 */
export function retryDelayAfter(attempt: number, schedule: readonly number[]): number | null {
  if (attempt >= maxAttempts(schedule)) return null;
  return schedule[Math.max(0, attempt - 1)] ?? null;
}

// ---- what an endpoint answered -------------------------------------------------------------

/**
 * How much of an endpoint's response body a delivery keeps: its first 4096 bytes. Longer bodies
 * are cut back to the last whole UTF-8 character within them and marked truncated.
 */
export const RESPONSE_BODY_LIMIT_BYTES = 4096;

const utf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/**
 * The kept text of a response body from its first bytes: `head` holds the body's first bytes,
 * at least `limit + 1` of them when the body is longer than `limit` (`exceeded`). A cut falls
 * before a character whose bytes would straddle it; bytes that are not UTF-8 become U+FFFD, and so
 * does NUL (PostgreSQL text cannot hold it).
 */
export function keptResponseBody(head: Uint8Array, exceeded: boolean, limit = RESPONSE_BODY_LIMIT_BYTES): { body: string; truncated: boolean } {
  let end = Math.min(head.length, limit);
  if (exceeded) {
    // Back off while the first byte left out continues a character (10xxxxxx): at most 3 bytes.
    let back = 0;
    while (end > 0 && back < 3 && end < head.length && (head[end]! & 0xc0) === 0x80) {
      end -= 1;
      back += 1;
    }
  }
  return { body: utf8.decode(head.subarray(0, end)).replace(/\u0000/g, '\ufffd'), truncated: exceeded };
}

/** `50,100,200` (milliseconds) as a schedule; throws on anything else. */
export function parseRetrySchedule(text: string, name = 'WEBHOOK_RETRY_SCHEDULE_MS'): number[] {
  const parts = text.split(',').map((part) => part.trim());
  const delays = parts.map(Number);
  if (parts.some((part) => part === '') || delays.some((delay) => !Number.isInteger(delay) || delay < 0)) {
    throw new Error(`${name} must be comma-separated non-negative integers (milliseconds), e.g. 50,100,200; got "${text}"`);
  }
  return delays;
}

// ---- endpoint URLs -------------------------------------------------------------------------

/** localhost, 127.0.0.0/8 and [::1]: the only hosts plain http:// is accepted for. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Why a URL cannot be a webhook endpoint, or null when it can: HTTPS, or plain
 * HTTP to a loopback host (local development).
 */
export function endpointUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Not a valid URL';
  }
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:') {
    return isLoopbackHost(parsed.hostname)
      ? null
      : `HTTPS is required: http:// is accepted only for loopback hosts (localhost, 127.0.0.0/8, [::1]), not ${parsed.hostname}`;
  }
  return `Only https:// URLs (or http:// to a loopback host) are accepted, not ${parsed.protocol}`;
}

// ---- event-type filters --------------------------------------------------------------------

/**
 * The known event types an entry of an endpoint's `event_types` lets through: the type itself,
 * or, for a prefix `<prefix>.*`, every type that starts with `<prefix>.` (as the outbox applies it).
 */
export function eventTypesMatching(entry: string, known: readonly string[] = EVENT_TYPES): string[] {
  if (entry.endsWith('.*')) {
    const prefix = entry.slice(0, -1);
    return known.filter((type) => type.startsWith(prefix));
  }
  return known.includes(entry) ? [entry] : [];
}

/**
 * Why an entry of an endpoint's `event_types` cannot be one, or null when it can: it must be a
 * known event type (the team document's `webhooks`) or a prefix `<prefix>.*` that at least one
 * known type falls under; anything else would let no event through.
 */
export function eventTypeFilterProblem(entry: string, known: readonly string[] = EVENT_TYPES): string | null {
  if (eventTypesMatching(entry, known).length > 0) return null;
  if (entry.endsWith('.*')) return `${entry} matches no event type: no event type starts with ${entry.slice(0, -1)}`;
  const asPrefix = `${entry}.*`;
  const hint = eventTypesMatching(asPrefix, known).length > 0 ? `; ${asPrefix} takes every event type under ${entry}` : '';
  return `${entry} is not an event type${hint}`;
}

// ---- secrets -------------------------------------------------------------------------------

export const SECRET_PREFIX = 'whsec_';
/** Random bytes of a generated secret; secrets given by an operator need at least as many. */
export const SECRET_BYTES = 24;

/** A Standard Webhooks signing secret: `whsec_` and the base64 of 24 random bytes. */
export const newWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;

/** Why a secret given by an operator (WEBHOOK_SECRET) cannot be used, or null when it can. */
export function secretProblem(secret: string): string | null {
  if (!secret.startsWith(SECRET_PREFIX)) return `must start with ${SECRET_PREFIX}`;
  const key = secret.slice(SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key) || key.length % 4 === 1) return `must be ${SECRET_PREFIX} followed by standard base64`;
  const bytes = Buffer.from(key, 'base64').length;
  if (bytes < SECRET_BYTES) return `must encode at least ${SECRET_BYTES} bytes after ${SECRET_PREFIX}, got ${bytes}`;
  return null;
}

/** The Standard Webhooks message id of an event: stable across retries and replays. */
export const webhookMessageId = (eventId: string) => `msg_${eventId.replace(/-/g, '')}`;

const MESSAGE_ID = /^msg_([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/;

/** The event id a message id names (the inverse of webhookMessageId), or null when it is not one. */
export function eventIdOfMessageId(messageId: string): string | null {
  const parts = MESSAGE_ID.exec(messageId);
  return parts ? parts.slice(1).join('-') : null;
}
