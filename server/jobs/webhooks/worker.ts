/**
 * The delivery worker: claims due deliveries from the outbox, sends each one
 * signed attempt (many at once, over keep-alive connections), and records the
 * outcome: `succeeded` on a 2xx, else a retry after the schedule's next delay,
 * or `failed` after the last attempt (replayable through the management API).
 *
 * Every server process may run one: claims use FOR UPDATE SKIP LOCKED and a
 * lease, so workers share the queue and a dead worker's claims are retried
 * once their lease expires. Outcomes are written in batches, one statement per
 * loop turn. Order of deliveries is not guaranteed.
 *
 * A claim costs about the same for 1 or 64 deliveries (its cost is the statement), so the worker
 * holds up to twice `concurrency`: `concurrency` attempts in flight and as many claimed ones
 * waiting for a free slot, and claims again once half of that is free. A claimed delivery
 * that waited so long that its attempt could outlast the lease is given back instead.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../logger.js';
import type { Database } from '../../storage/database.js';
import {
  claimDueDeliveries,
  completeDeliveries,
  releaseDeliveries,
  type ClaimedDelivery,
  type DeliveryOutcome,
} from '../../storage/repositories/webhooks.js';
import { DEFAULT_DELIVERY_TIMEOUT_MS, DEFAULT_RETRY_SCHEDULE_MS, retryDelayAfter, webhookMessageId } from '../../domain/webhooks/rules.js';
import { collectEvery, exposedGc, type GcFunction } from '../../shared/gc.js';
import { WebhookSender, type SendResult } from './sender.js';

export interface DeliveryWorkerOptions {
  /** Delays before the 2nd, 3rd, ... attempt (default: the documented 5 s ... 6 h). */
  retryScheduleMs?: readonly number[];
  /** Per-attempt timeout (default 15 s). */
  timeoutMs?: number;
  /** Attempts in flight at once (default 32). */
  concurrency?: number;
  /** How often the queue is polled when nothing is due (default 250 ms). */
  pollIntervalMs?: number;
  /** How long a claim holds before another worker may take the delivery (default 60 s; > timeoutMs). */
  leaseMs?: number;
  /** Shown in claimed_by and the logs (default host:pid:random). */
  name?: string;
  logger?: Logger;
  /** The signing clock (default: the system clock). */
  now?: () => Date;
  /**
   * A concurrent full garbage collection after every this many attempts (default 0: none). A
   * backlog of deliveries allocates fast and keeps little: each attempt's body, its claimed row
   * and its HTTP exchange live across a few event loop turns, long enough to reach the old
   * generation, which V8 lets grow far past what the server lives on before it collects it.
   */
  gcEveryAttempts?: number;
  /** The collector for gcEveryAttempts (default: the one --expose-gc exposes; none without it). */
  gc?: GcFunction;
}

export interface DeliveryWorkerStats {
  /** Attempts answered 2xx. */
  succeeded: number;
  /** Attempts that failed and were scheduled again. */
  retried: number;
  /** Deliveries that failed their last attempt. */
  failed: number;
  /** Claims made (one per attempt started). */
  claimed: number;
}

type State = 'idle' | 'running' | 'stopping' | 'stopped' | 'killed';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class DeliveryWorker {
  readonly name: string;
  readonly stats: DeliveryWorkerStats = { succeeded: 0, retried: 0, failed: 0, claimed: 0 };

  private readonly schedule: readonly number[];
  private readonly timeoutMs: number;
  private readonly concurrency: number;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly logger: Logger | undefined;
  private readonly sender: WebhookSender;

  private state: State = 'idle';
  private loopDone: Promise<void> = Promise.resolve();
  private readonly inFlight = new Map<string, { delivery: ClaimedDelivery; done: Promise<void> }>();
  /** Claimed, waiting for a free slot (with the time of their claim). */
  private queued: { delivery: ClaimedDelivery; claimedAt: number }[] = [];
  private outcomes: DeliveryOutcome[] = [];
  private released: { id: string; claim: string }[] = [];
  private claimCount = 0;
  private waiter: { minFree: number; wake: () => void } | null = null;
  private readonly attemptDone: () => void;

  constructor(
    private readonly db: Database,
    options: DeliveryWorkerOptions = {},
  ) {
    this.schedule = options.retryScheduleMs ?? DEFAULT_RETRY_SCHEDULE_MS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
    this.concurrency = options.concurrency ?? 32;
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.leaseMs = options.leaseMs ?? Math.max(60_000, this.timeoutMs * 2);
    if (!(this.concurrency >= 1)) throw new RangeError(`concurrency must be at least 1, got ${this.concurrency}`);
    if (!(this.leaseMs > this.timeoutMs)) throw new RangeError(`leaseMs (${this.leaseMs}) must exceed timeoutMs (${this.timeoutMs})`);
    this.name = options.name ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.logger = options.logger;
    this.sender = new WebhookSender({ timeoutMs: this.timeoutMs, maxSockets: this.concurrency, ...(options.now ? { now: options.now } : {}) });
    this.attemptDone = collectEvery(options.gcEveryAttempts ?? 0, options.gc ?? exposedGc());
  }

  /** Starts claiming and sending in the background. */
  start(): this {
    if (this.state !== 'idle') throw new Error(`The delivery worker was already started (${this.state})`);
    this.state = 'running';
    this.loopDone = this.loop();
    this.logger?.info({ worker: this.name, concurrency: this.concurrency, schedule: this.schedule }, 'webhook delivery worker started');
    return this;
  }

  /** Looks at the queue now instead of at the next poll (e.g. right after emitting events). */
  wake(): void {
    this.waiter?.wake();
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  /**
   * Stops claiming, lets the attempts in flight finish for up to `graceMs`, then interrupts
   * the rest and gives them back to the queue uncounted, and records every outcome.
   */
  async stop(options: { graceMs?: number } = {}): Promise<void> {
    if (this.state !== 'running') return;
    this.state = 'stopping';
    this.wake();
    await this.loopDone;
    this.released.push(...this.queued.map(({ delivery }) => ({ id: delivery.id, claim: delivery.claim })));
    this.queued = [];
    const pending = [...this.inFlight.values()].map((entry) => entry.done);
    if (pending.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, options.graceMs ?? 5_000);
      });
      await Promise.race([Promise.all(pending), grace]);
      clearTimeout(timer);
      this.sender.abortAll();
      await Promise.all(pending);
    }
    this.sender.close();
    try {
      await this.flush();
    } catch (error) {
      this.logger?.error({ err: error, worker: this.name }, 'could not record the last webhook outcomes');
    }
    this.state = 'stopped';
    this.logger?.info({ worker: this.name, ...this.stats }, 'webhook delivery worker stopped');
  }

  /**
   * Stops at once as if the process died: attempts in flight are cut off and nothing more
   * is written. Their claims stay until the lease expires; then any worker retries them.
   */
  kill(): void {
    if (this.state === 'stopped' || this.state === 'killed') return;
    this.state = 'killed';
    this.sender.close();
    this.queued = [];
    this.outcomes = [];
    this.released = [];
    this.wake();
  }

  // ---- the loop ------------------------------------------------------------------------------

  private async loop(): Promise<void> {
    while (this.state === 'running') {
      try {
        await this.flushReleased();
        const free = this.capacity - this.held;
        // Outcomes of finished attempts are recorded by the same statement that claims more.
        const outcomes = this.outcomes;
        this.outcomes = [];
        let claimed: ClaimedDelivery[];
        try {
          claimed = await claimDueDeliveries(this.db, { limit: free, claimedBy: `${this.name}#${++this.claimCount}`, leaseMs: this.leaseMs, outcomes });
        } catch (error) {
          this.outcomes.unshift(...outcomes);
          throw error;
        }
        // The state may have changed while the claim ran (stop() or kill()).
        const state = this.state as State;
        if (state === 'killed') return;
        if (state !== 'running') {
          this.released.push(...claimed.map(({ id, claim }) => ({ id, claim })));
          return;
        }
        const claimedAt = performance.now();
        for (const delivery of claimed) this.queued.push({ delivery, claimedAt });
        this.dispatchQueued();
        this.stats.claimed += claimed.length;
        // A full claim means more may be due: claim again once half of what the worker holds is free.
        const backlog = free > 0 && claimed.length === free;
        await this.idle(backlog ? Math.max(1, Math.floor(this.capacity / 2)) : 1);
      } catch (error) {
        if (this.state !== 'running') return;
        this.logger?.error({ err: error, worker: this.name }, 'webhook delivery worker: queue access failed; retrying');
        await sleep(this.pollIntervalMs);
      }
    }
  }

  /** Waits for the poll interval, or until `minFree` slots are free after an attempt ended. */
  private idle(minFree: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => wake(), this.pollIntervalMs);
      const wake = () => {
        clearTimeout(timer);
        this.waiter = null;
        resolve();
      };
      this.waiter = { minFree, wake };
    });
  }

  /** Deliveries held at most: in flight and claimed waiting. */
  private get capacity(): number {
    return this.concurrency * 2;
  }

  private get held(): number {
    return this.inFlight.size + this.queued.length;
  }

  /** Starts queued deliveries while slots are free; one that waited too long for its lease is given back. */
  private dispatchQueued(): void {
    while (this.inFlight.size < this.concurrency && this.queued.length > 0 && this.state === 'running') {
      const { delivery, claimedAt } = this.queued.shift()!;
      if (performance.now() - claimedAt + this.timeoutMs >= this.leaseMs) this.released.push({ id: delivery.id, claim: delivery.claim });
      else this.dispatch(delivery);
    }
  }

  private dispatch(delivery: ClaimedDelivery): void {
    const done = this.sender
      .send({ url: delivery.url, secret: delivery.secret, messageId: webhookMessageId(delivery.event_id), body: delivery.body })
      .then((result) => {
        this.inFlight.delete(delivery.id);
        this.attemptDone();
        if (this.state === 'killed') return;
        if (result.kind === 'aborted') this.released.push({ id: delivery.id, claim: delivery.claim });
        else this.outcomes.push(this.outcomeOf(delivery, result));
        this.dispatchQueued();
        const waiter = this.waiter;
        if (waiter && this.capacity - this.held >= waiter.minFree) waiter.wake();
      });
    this.inFlight.set(delivery.id, { delivery, done });
  }

  private outcomeOf(delivery: ClaimedDelivery, result: Exclude<SendResult, { kind: 'aborted' }>): DeliveryOutcome {
    const base = { id: delivery.id, claim: delivery.claim };
    if (result.kind === 'answered' && result.statusCode >= 200 && result.statusCode < 300) {
      this.stats.succeeded += 1;
      return { ...base, status: 'succeeded', status_code: result.statusCode, response_body: result.body, response_body_truncated: result.bodyTruncated, error: null, retry_in_ms: null };
    }
    const statusCode = result.kind === 'answered' ? result.statusCode : null;
    // No answer: no body (null), not an empty one.
    const response = result.kind === 'answered' ? { response_body: result.body, response_body_truncated: result.bodyTruncated } : { response_body: null, response_body_truncated: false };
    const error = result.kind === 'answered' ? `endpoint answered ${result.statusCode}` : result.error;
    const retryIn = retryDelayAfter(delivery.attempts, this.schedule);
    if (retryIn === null) {
      this.stats.failed += 1;
      this.logger?.warn({ worker: this.name, delivery: delivery.id, event_type: delivery.event_type, attempts: delivery.attempts, error }, 'webhook delivery failed');
      return { ...base, status: 'failed', status_code: statusCode, ...response, error, retry_in_ms: null };
    }
    this.stats.retried += 1;
    this.logger?.debug({ worker: this.name, delivery: delivery.id, attempts: delivery.attempts, retry_in_ms: retryIn, error }, 'webhook delivery attempt failed');
    return { ...base, status: 'pending', status_code: statusCode, ...response, error, retry_in_ms: retryIn };
  }

  /** Records the outcomes and releases gathered and not yet written. */
  private async flush(): Promise<void> {
    if (this.outcomes.length > 0) {
      const outcomes = this.outcomes;
      this.outcomes = [];
      await completeDeliveries(this.db, outcomes);
    }
    await this.flushReleased();
  }

  private async flushReleased(): Promise<void> {
    if (this.released.length === 0) return;
    const released = this.released;
    this.released = [];
    try {
      await releaseDeliveries(this.db, released);
    } catch (error) {
      if (this.state !== 'killed') this.released.unshift(...released);
      throw error;
    }
  }
}

/**
 * A server's worker asks for a collection every 2,500 attempts (WEBHOOK_GC_ATTEMPTS): without
 * it, V8 lets a large backlog of deliveries grow the old generation well past what the server
 * lives on; with it the peak stays down at about the same delivery rate
 * (`npm run bench:data-sync -- --first-sync`; figures in scripts/bench/RESULTS.md).
 */
export const DEFAULT_GC_EVERY_ATTEMPTS = 2500;

export interface WebhookDeliveryConfig {
  /** False: this process sends nothing (another process's worker does). */
  enabled: boolean;
  retryScheduleMs: readonly number[];
  timeoutMs: number;
  concurrency: number;
  pollIntervalMs: number;
  leaseMs: number;
  gcEveryAttempts: number;
}

/** The worker of a server process, from its configuration; null when disabled. */
export function startDeliveryWorker(db: Database, config: WebhookDeliveryConfig, logger?: Logger): DeliveryWorker | null {
  if (!config.enabled) return null;
  return new DeliveryWorker(db, {
    retryScheduleMs: config.retryScheduleMs,
    timeoutMs: config.timeoutMs,
    concurrency: config.concurrency,
    pollIntervalMs: config.pollIntervalMs,
    leaseMs: config.leaseMs,
    gcEveryAttempts: config.gcEveryAttempts,
    ...(logger ? { logger } : {}),
  }).start();
}
