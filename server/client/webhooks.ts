/**
 * Receiving the API's webhooks: verify a delivery's signature (Standard
 * Webhooks, with the endpoint's `whsec_` secret), get the typed event, and
 * keep the latest data with the deduplication rules the event descriptions
 * give.
 *
 *   app.post('/webhooks', express.raw({ type: 'application/json' }), (req, res) => {
 *     const event = verifyWebhook(secret, req.headers, req.body); // throws InvalidWebhookError
 *     store.receive(req.header('webhook-id')!, event);
 *     res.sendStatus(204);
 *   });
 *
 * Deliveries are retried until answered 2xx (the same `webhook-id` on every
 * retry) and their order is not guaranteed. Each also carries the same id,
 * timestamp and signature as `svix-id`, `svix-timestamp` and `svix-signature`:
 * code that verifies with the Svix libraries works unchanged; `verifyWebhook`
 * reads the `webhook-*` headers.
 */
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { components, webhooks as TeamWebhooks } from '../../generated/team/schema.js';
import { EVENT_TYPES as SHARED_EVENT_TYPES } from '../shared/event-types.js';
import { WEBHOOK_HEADERS } from '../shared/wire.js';

type Schemas = components['schemas'];
type PayloadOf<Operation> = Operation extends { post: { requestBody: { content: { 'application/json': infer Payload } } } } ? Payload : never;

/** Every event the team API documents (its `webhooks`), as a union discriminated by `event_type`. */
export type WebhookEvent = { [EventType in keyof TeamWebhooks]: PayloadOf<TeamWebhooks[EventType]> }[keyof TeamWebhooks];
export type WebhookEventType = WebhookEvent['event_type'];
/** The event of one type, e.g. `WebhookEventOf<'provider.connection.created'>`. */
export type WebhookEventOf<T extends WebhookEventType> = WebhookEvent extends infer E ? (E extends { event_type: infer U } ? (T extends U ? E & { event_type: T } : never) : never) : never;

/** Summaries: `data` is the summary, identified by `data.id`. */
export type SummaryEvent = Schemas['DailyActivityEvent'] | Schemas['DailySleepEvent'] | Schemas['DailyBodyEvent'] | Schemas['DailyWorkoutsEvent'] | Schemas['DailySleepCycleEvent'] | Schemas['DailyProfileEvent'] | Schemas['DailyMealEvent']
  | Schemas['DailyElectrocardiogramEvent'] | Schemas['DailyMenstrualCycleEvent'];
/** Timeseries sample batches: `data.data` is the array of samples (a lab order's results for `cholesterol`, `ige`, `igg`). */
export type TimeseriesEvent = Schemas['DailyTimeseriesEvent'] | Schemas['DailyTimeseriesSamplesEvent'] | Schemas['DailyLabTimeseriesEvent'];
/** A point, interval (`start`, `end`), blood pressure (`systolic`, `diastolic`), note or lab result sample. */
export type TimeseriesSample = Schemas['ClientFacingSample'] | Schemas['LabTimeseriesSample'];
/** Deprecated hypnogram samples, replaced by the sleep_cycle summaries: ignore them. */
export type HypnogramEvent = Schemas['HypnogramEvent'];
export type HistoricalPullEvent = Schemas['HistoricalPullCompletedEvent'] | Schemas['HistoricalPullOtherResourceEvent']
  | Schemas['HistoricalPullElectrocardiogramEvent'] | Schemas['HistoricalPullMenstrualCycleEvent'] | Schemas['HistoricalPullLabTimeseriesEvent'];
export type ConnectionCreatedEvent = Schemas['ProviderConnectionCreatedEvent'];
/** `provider.device.created` / `provider.device.updated`: `data` is the device as *Get a user's device* answers it. */
export type DeviceChangedEvent = Schemas['ProviderDeviceChangedEvent'];
/** A connection stopped working: the user must link the provider again. */
export type ConnectionErrorEvent = Schemas['ProviderConnectionErrorEvent'];
export type WorkoutStreamEvent = Schemas['WorkoutStreamEvent'];
/** `labtest.order.created` / `labtest.order.updated`: `data` is the order, its newest status in `data.last_event`. */
export type LabOrderEvent = Schemas['LabOrderChangedEvent'];
/** A lab order's results hold a critical value: read them with `GET /v3/order/{order_id}/result`. */
export type LabResultCriticalEvent = Schemas['LabResultCriticalEvent'];
/** `labtest.match_review.created`: a result matched no order; read it with `GET /v3/unmatched_result/{id}`. */
export type MatchReviewEvent = Schemas['MatchReviewEvent'];
/** `labtest.appointment.created` / `labtest.appointment.updated`: `data` is the appointment, its newest change in `data.event_status`. */
export type AppointmentEvent = Schemas['AppointmentChangedEvent'];
/** `lab_report.parsing_job.created` / `.updated`: `data` is the parsing job, its results once `completed`. */
export type ParsingJobEvent = Schemas['ParsingJobEvent'];

// Each family is one of the documented events (a compile error otherwise).
type Families = SummaryEvent | TimeseriesEvent | HypnogramEvent | HistoricalPullEvent | ConnectionCreatedEvent | ConnectionErrorEvent | WorkoutStreamEvent | LabOrderEvent
  | LabResultCriticalEvent | MatchReviewEvent | DeviceChangedEvent | AppointmentEvent | ParsingJobEvent;
const everyFamilyIsAnEvent: [Families] extends [WebhookEvent] ? ([WebhookEvent] extends [Families] ? true : false) : false = true;
void everyFamilyIsAnEvent;

/** The headers a delivery carries, as Node (IncomingHttpHeaders), fetch (Headers) or a plain object gives them. */
export type WebhookHeaders = Headers | Record<string, string | readonly string[] | undefined>;

/** A delivery that must not be processed: bad or missing signature, stale timestamp, or a body that is not an event. */
export class InvalidWebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidWebhookError';
  }
}

const SIGNATURE_HEADERS = [WEBHOOK_HEADERS.id, WEBHOOK_HEADERS.timestamp, WEBHOOK_HEADERS.signature] as const;

function signatureHeaders(headers: WebhookHeaders): Record<string, string> {
  const found: Record<string, string> = {};
  if (headers instanceof Headers) {
    for (const name of SIGNATURE_HEADERS) {
      const value = headers.get(name);
      if (value !== null) found[name] = value;
    }
    return found;
  }
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (!(SIGNATURE_HEADERS as readonly string[]).includes(lower) || value === undefined) continue;
    found[lower] = typeof value === 'string' ? value : value.join(' ');
  }
  return found;
}

/**
 * Checks a delivery as Standard Webhooks says (HMAC-SHA256 of `id.timestamp.body` with the
 * secret; a timestamp within 5 minutes) and returns its event. Pass the body exactly as
 * received (before any JSON parsing). Throws InvalidWebhookError when it must be rejected
 * (answer 400 then).
 */
export function verifyWebhook(secret: string, headers: WebhookHeaders, rawBody: string | Uint8Array): WebhookEvent {
  let webhook: Webhook;
  try {
    webhook = new Webhook(secret);
  } catch (error) {
    throw new InvalidWebhookError(`Invalid webhook secret (expected whsec_ and base64): ${(error as Error).message}`);
  }
  const body = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  const found = signatureHeaders(headers);
  const missing = SIGNATURE_HEADERS.filter((name) => !found[name]);
  if (missing.length > 0) throw new InvalidWebhookError(`Invalid webhook: missing header${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  try {
    webhook.verify(body, found, { jsonParse: false });
  } catch (error) {
    if (error instanceof WebhookVerificationError) throw new InvalidWebhookError(`Invalid webhook signature: ${error.message}`);
    throw error;
  }
  return parseEvent(body.toString());
}

/**
 * The event of a (verified) body: the envelope's fields are checked, the payload is typed
 * by `event_type`. Event types this version does not know are returned as they are
 * (check with isKnownEventType): the list grows without notice.
 */
export function parseEvent(body: string | unknown): WebhookEvent {
  let value: unknown = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch (error) {
      throw new InvalidWebhookError(`Invalid webhook body: not JSON (${(error as Error).message})`);
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InvalidWebhookError('Invalid webhook body: not a JSON object');
  const envelope = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const field of ['event_type', 'team_id', 'user_id', 'client_user_id'] as const) {
    if (typeof envelope[field] !== 'string') problems.push(`${field} must be a string`);
  }
  if (typeof envelope.data !== 'object' || envelope.data === null || Array.isArray(envelope.data)) problems.push('data must be an object');
  if (problems.length > 0) throw new InvalidWebhookError(`Invalid webhook body: ${problems.join('; ')}`);
  return value as WebhookEvent;
}

// ---- event families --------------------------------------------------------------------------

/** Every event type of this version of the API (server/shared/event-types.ts). */
export const EVENT_TYPES = SHARED_EVENT_TYPES as readonly WebhookEventType[];

const KNOWN: ReadonlySet<string> = new Set<string>(EVENT_TYPES);
export const isKnownEventType = (eventType: string): eventType is WebhookEventType => KNOWN.has(eventType);

/** `daily.data.glucose.created` -> `glucose`; null for types outside `daily.data.*` and `historical.data.*`. */
export function resourceOf(eventType: string): string | null {
  const match = /^(?:daily|historical)\.data\.([a-z0-9_]+)\.[a-z]+$/.exec(eventType);
  return match?.[1] ?? null;
}

export const isHypnogramEvent = (event: WebhookEvent): event is HypnogramEvent => /(^|\.)hypnogram\./.test(event.event_type);
export const isHistoricalPullEvent = (event: WebhookEvent): event is HistoricalPullEvent => event.event_type.startsWith('historical.data.');
export const isConnectionCreatedEvent = (event: WebhookEvent): event is ConnectionCreatedEvent => event.event_type === 'provider.connection.created';
export const isConnectionErrorEvent = (event: WebhookEvent): event is ConnectionErrorEvent => event.event_type === 'provider.connection.error';
export const isLabOrderEvent = (event: WebhookEvent): event is LabOrderEvent => event.event_type.startsWith('labtest.order.');
export const isWorkoutStreamEvent = (event: WebhookEvent): event is WorkoutStreamEvent => event.event_type.startsWith('daily.data.workout_stream.');
export const isLabResultCriticalEvent = (event: WebhookEvent): event is LabResultCriticalEvent => event.event_type === 'labtest.result.critical';
/** Sample batches: `daily.data.<resource>.*` whose `data.data` is an array (workout streams excluded). */
export const isTimeseriesEvent = (event: WebhookEvent): event is TimeseriesEvent =>
  event.event_type.startsWith('daily.data.') && !isWorkoutStreamEvent(event) && Array.isArray((event.data as { data?: unknown }).data);
/** Summaries: `daily.data.<resource>.*` whose `data.id` identifies the summary. */
export const isSummaryEvent = (event: WebhookEvent): event is SummaryEvent =>
  event.event_type.startsWith('daily.data.') && !isWorkoutStreamEvent(event) && !isTimeseriesEvent(event) && typeof (event.data as { id?: unknown }).id === 'string';

// ---- deduplication -----------------------------------------------------------------------------

export type ReceiveResult =
  /** The same `webhook-id` was received before (a retry or a replay): nothing changed. */
  | { outcome: 'duplicate' }
  /** Not processed: a deprecated hypnogram event (use sleep_cycle), or an event type this version does not know. */
  | { outcome: 'ignored'; reason: string }
  /** Stored; `replaced` counts the earlier versions or samples it superseded. */
  | { outcome: 'stored'; kind: 'summary' | 'timeseries' | 'historical_pull' | 'connection' | 'connection_error' | 'workout_stream' | 'lab_order'; replaced: number }
  /** An order event older than the one kept for its order (deliveries are not ordered): the newer one stays. */
  | { outcome: 'stale'; kind: 'lab_order' };

export interface StoredSummary {
  resource: string;
  event_type: string;
  user_id: string;
  data: SummaryEvent['data'];
}

/** A sample as kept: its fields (by kind) and its key's parts. */
export type StoredSample = TimeseriesSample & {
  resource: string;
  user_id: string;
  provider: string;
  source_type: string | null;
};

export interface WebhookDeduplicatorOptions {
  /** How many `webhook-id`s are remembered (oldest forgotten first); default 100,000. */
  maxRememberedIds?: number;
}

/**
 * An in-memory store that applies the events' deduplication rules:
 *
 * - a delivery whose `webhook-id` was already received is ignored (retries, replays);
 * - summaries: the latest version received per `data.id` replaces earlier ones;
 * - timeseries samples: the latest value received per compound key (resource type from
 *   `event_type`, `data.source.provider`, `data.source.type`, sample `timestamp`) replaces
 *   earlier ones; keys are kept per user, and timestamps compared as instants; a lab's samples
 *   (source type `lab`) are keyed by their `type` too, as one report times every cholesterol
 *   fraction alike;
 * - hypnogram events are ignored in favour of the sleep_cycle summaries;
 * - historical pulls are kept per (user, provider, resource), connections and connection errors
 *   per (user, provider),
 *   workout stream notices per workout;
 * - unknown event types are ignored (tolerated, not an error).
 */
export class WebhookDeduplicator {
  private readonly seen = new Set<string>();
  private readonly maxRememberedIds: number;
  private readonly summaryById = new Map<string, StoredSummary>();
  private readonly sampleByKey = new Map<string, StoredSample>();
  private readonly pulls = new Map<string, HistoricalPullEvent>();
  private readonly connectionByKey = new Map<string, ConnectionCreatedEvent>();
  private readonly connectionErrorByKey = new Map<string, ConnectionErrorEvent>();
  private readonly orderById = new Map<string, LabOrderEvent>();
  private readonly streams = new Map<string, WorkoutStreamEvent>();

  constructor(options: WebhookDeduplicatorOptions = {}) {
    this.maxRememberedIds = options.maxRememberedIds ?? 100_000;
  }

  /** Remembers a `webhook-id`; false when it was seen before. */
  markSeen(webhookId: string): boolean {
    if (this.seen.has(webhookId)) return false;
    this.seen.add(webhookId);
    if (this.seen.size > this.maxRememberedIds) {
      const oldest = this.seen.values().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    return true;
  }

  /** Applies one verified delivery (its `webhook-id` header and event). */
  receive(webhookId: string, event: WebhookEvent): ReceiveResult {
    if (!this.markSeen(webhookId)) return { outcome: 'duplicate' };
    const eventType: string = event.event_type;
    if (isHypnogramEvent(event)) return { outcome: 'ignored', reason: 'hypnogram events are deprecated: the sleep_cycle summaries replace them' };
    if (!isKnownEventType(eventType)) return { outcome: 'ignored', reason: `unknown event type ${eventType}` };
    if (isConnectionCreatedEvent(event)) {
      const key = `${event.user_id}|${event.data.provider.slug}`;
      const replaced = this.connectionByKey.has(key) ? 1 : 0;
      this.connectionByKey.set(key, event);
      return { outcome: 'stored', kind: 'connection', replaced };
    }
    if (isConnectionErrorEvent(event)) {
      const key = `${event.user_id}|${event.data.provider}`;
      const replaced = this.connectionErrorByKey.has(key) ? 1 : 0;
      this.connectionErrorByKey.set(key, event);
      return { outcome: 'stored', kind: 'connection_error', replaced };
    }
    if (isLabOrderEvent(event)) {
      // The newest status wins: a later event has a larger last_event.id.
      const kept = this.orderById.get(event.data.id);
      if (kept && kept.data.last_event.id > event.data.last_event.id) return { outcome: 'stale', kind: 'lab_order' };
      this.orderById.set(event.data.id, event);
      return { outcome: 'stored', kind: 'lab_order', replaced: kept ? 1 : 0 };
    }
    if (isHistoricalPullEvent(event)) {
      const key = `${event.user_id}|${event.data.provider}|${resourceOf(event.event_type)}`;
      const replaced = this.pulls.has(key) ? 1 : 0;
      this.pulls.set(key, event);
      return { outcome: 'stored', kind: 'historical_pull', replaced };
    }
    if (isWorkoutStreamEvent(event)) {
      const replaced = this.streams.has(event.data.workout_id) ? 1 : 0;
      this.streams.set(event.data.workout_id, event);
      return { outcome: 'stored', kind: 'workout_stream', replaced };
    }
    const resource = resourceOf(event.event_type) ?? event.event_type;
    if (isTimeseriesEvent(event)) {
      let replaced = 0;
      const { source } = event.data;
      for (const sample of event.data.data) {
        const stored: StoredSample = { ...sample, resource, user_id: event.user_id, provider: source.provider, source_type: source.type ?? null };
        const key = sampleKey(stored);
        if (this.sampleByKey.has(key)) replaced += 1;
        this.sampleByKey.set(key, stored);
      }
      return { outcome: 'stored', kind: 'timeseries', replaced };
    }
    if (isSummaryEvent(event)) {
      const key = `${resource}|${event.data.id}`;
      const replaced = this.summaryById.has(key) ? 1 : 0;
      this.summaryById.set(key, { resource, event_type: event.event_type, user_id: event.user_id, data: event.data });
      return { outcome: 'stored', kind: 'summary', replaced };
    }
    return { outcome: 'ignored', reason: `${eventType} has no data this store keeps` };
  }

  /** The latest version of a summary, by resource (`sleep`, `sleep_cycle`, ...) and id. */
  summary(resource: string, id: string): StoredSummary | undefined {
    return this.summaryById.get(`${resource}|${id}`);
  }

  summaries(resource?: string): StoredSummary[] {
    return [...this.summaryById.values()].filter((summary) => resource === undefined || summary.resource === resource);
  }

  /** The latest value of every sample key, optionally of one resource and user, oldest sample first. */
  samples(filter: { resource?: string; user_id?: string } = {}): StoredSample[] {
    return [...this.sampleByKey.values()]
      .filter((sample) => (filter.resource === undefined || sample.resource === filter.resource) && (filter.user_id === undefined || sample.user_id === filter.user_id))
      .sort((a, b) => instant(a.timestamp).localeCompare(instant(b.timestamp)));
  }

  historicalPulls(): HistoricalPullEvent[] {
    return [...this.pulls.values()];
  }

  connections(): ConnectionCreatedEvent[] {
    return [...this.connectionByKey.values()];
  }

  /** The latest `provider.connection.error` of each connection (user, provider) received. */
  connectionErrors(): ConnectionErrorEvent[] {
    return [...this.connectionErrorByKey.values()];
  }

  workoutStreams(): WorkoutStreamEvent[] {
    return [...this.streams.values()];
  }

  /** The newest event of each order (by `data.last_event.id`). */
  labOrders(): LabOrderEvent[] {
    return [...this.orderById.values()];
  }
}

/** `2026-11-21T07:30:00+01:00` and `2026-11-21T06:30:00Z` are the same sample time. */
function instant(timestamp: string): string {
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? timestamp : new Date(ms).toISOString();
}

function sampleKey(sample: StoredSample): string {
  const parts = [sample.user_id, sample.resource, sample.provider, sample.source_type ?? '', instant(sample.timestamp)];
  // A lab report gives its fractions (total, LDL, HDL...) one instant: the sample's type tells them apart.
  if (sample.source_type === 'lab') parts.push(String(sample.type ?? ''));
  return parts.join('|');
}
