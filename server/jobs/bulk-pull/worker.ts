/**
 * The bulk historical pull worker: claims pending triggers per (team, provider)
 * bucket as fast as the bucket's throttle allows, and pulls them in the
 * background. Any number of processes may run one on the same database:
 *
 * - Claiming a bucket's triggers happens in one transaction that locks the
 *   bucket's row (`pull_throttle_buckets`, SELECT ... FOR UPDATE), reads the
 *   starts still inside the window (or counts the running triggers, for a
 *   concurrency cap), claims exactly the allowance (FOR UPDATE SKIP LOCKED), and
 *   stores the new starts. Processes take turns on the row, so together they
 *   never start more than the allowance.
 * - While a bucket has pending work its allowance is used at once; when its
 *   window is full the worker sleeps until the earliest slot frees (stored as
 *   `next_slot_ms`), and a finished pull wakes it at once.
 * - A claim is a lease: the worker renews its running claims, and claims not
 *   renewed for `leaseMs` (a killed process) are put back to pending. Each chunk
 *   re-checks the claim, so a worker that lost its claim changes nothing.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { allowance, policyFor, startsInWindow, type PolicyOverrides, type ThrottlePolicy } from '../../domain/throttle/policy.js';
import type { Logger } from '../../logger.js';
import { databaseNow } from '../../storage/database-clock.js';
import type { Database } from '../../storage/database.js';
import {
  claimBucketTriggers,
  countRunningTriggers,
  finishClaimedTrigger,
  releaseClaimedTrigger,
  renewClaims,
  requeueExpiredClaims,
  type TriggerClaim,
} from '../../storage/repositories/bulk-claims.js';
import { vacuumBulkPullTables } from '../../storage/repositories/bulk-pull-housekeeping.js';
import { completeBulkOpIfDone, completeFinishedBulkOps } from '../../storage/repositories/bulk-ops.js';
import { listPendingBuckets, lockBucket, markBucketsWithPendingTriggers, saveBucket, type PullBucketRecord } from '../../storage/repositories/pull-buckets.js';
import { systemClock, type Clock } from '../clock.js';
import { DEFAULT_BULK_PULL_SETTINGS, type BulkPullSettings } from './options.js';
import { pullNextChunk } from './pull.js';
import { retriesExhaustedError } from '../../domain/introspection/statistics.js';
import type { TriggerSignal } from './signals.js';

/**
 * Lets I/O callbacks (HTTP requests) run before the next transaction. PGlite runs queries
 * synchronously in WebAssembly and settles them in microtasks, so a worker queueing
 * transactions back to back would otherwise keep the event loop from serving requests.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** On PGlite, vacuum the engine's tables after this many ended triggers (at most once per reconcile period). */
const VACUUM_EVERY_TRIGGERS = 5_000;

/** What a pull function gets besides its claim. */
export interface PullContext {
  db: Database;
  clock: Clock;
  /** True once the worker is stopping: a long pull may stop between two chunks and leave its trigger to a later run. */
  stopping(): boolean;
  /** Ends the claimed trigger (and its op when it was the last), in one transaction. */
  finish(outcome: 'processed' | 'failed', error?: string | null): Promise<void>;
  /** Puts the trigger back to pending without counting the attempt (when stopping); its progress stays. */
  release(): Promise<void>;
}

/** Pulls one claimed trigger to its end (or until the worker stops). */
export type PullFunction = (claim: TriggerClaim, context: PullContext) => Promise<void>;

export interface BulkPullWorkerOptions extends Partial<Omit<BulkPullSettings, 'enabled'>> {
  db: Database;
  logger: Logger;
  clock?: Clock;
  /** Unique per process (default: host, pid and a random suffix). */
  workerId?: string;
  /** Put every running trigger back to pending at start: right when no other process can hold claims (PGlite). */
  requeueOnStart?: boolean;
  /** How often buckets and ops are reconciled with the triggers (safety net), default 60 s. */
  reconcileMs?: number;
  /** Replaces the chunked synthetic pull (tests, benchmarks). */
  pull?: PullFunction;
  /** The app's enqueue signal: the worker claims at once when a trigger of this process enqueued work (else at its next poll). */
  signal?: TriggerSignal;
  /** Called after every trigger this worker ended (tests, benchmarks). */
  onTriggerEnded?: (claim: TriggerClaim, state: 'processed' | 'failed' | 'released' | 'lost') => void;
}

export interface BulkPullStats {
  /** Triggers claimed by this worker. */
  claimed: number;
  /** Triggers this worker ended, by how. */
  processed: number;
  failed: number;
  released: number;
  lost: number;
  /** Scheduling passes, and the milliseconds spent in them (claiming and housekeeping, not pulling). */
  ticks: number;
  tickMs: number;
  /** Milliseconds spent in claim transactions (part of tickMs). */
  claimMs: number;
}

interface ClaimResult {
  claims: TriggerClaim[];
  /** The time of the claim (epoch ms). */
  now: number;
  /** When the bucket next has room (window full), else null. */
  nextSlotAt: number | null;
  /** Allowance left after this claim (capped by what this process could take). */
  left: number;
  hasPending: boolean;
}

export class BulkPullWorker {
  readonly id: string;
  private readonly db: Database;
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly settings: Omit<BulkPullSettings, 'enabled'>;
  private readonly reconcileMs: number;
  private readonly pull: PullFunction;
  private readonly inFlight = new Map<string, Promise<void>>();
  private wake = new AbortController();
  private stopping = false;
  private loop: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  private lastRenew = Number.NEGATIVE_INFINITY;
  private lastRequeue = Number.NEGATIVE_INFINITY;
  private lastReconcile = Number.NEGATIVE_INFINITY;
  private rotation = 0;
  private endedSinceVacuum = 0;
  private lastVacuum = Number.NEGATIVE_INFINITY;
  readonly stats: BulkPullStats = { claimed: 0, processed: 0, failed: 0, released: 0, lost: 0, ticks: 0, tickMs: 0, claimMs: 0 };

  constructor(private readonly options: BulkPullWorkerOptions) {
    this.db = options.db;
    this.logger = options.logger;
    this.clock = options.clock ?? systemClock;
    this.id = options.workerId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    const { db: _db, logger: _logger, clock: _clock, workerId: _id, requeueOnStart: _r, reconcileMs, pull, onTriggerEnded: _e, signal: _s, ...settings } = options;
    this.settings = { ...DEFAULT_BULK_PULL_SETTINGS, ...settings };
    this.reconcileMs = reconcileMs ?? 60_000;
    this.pull = pull ?? ((claim, context) => this.pullChunks(claim, context));
  }

  /** The throttle of a provider's bucket, with this worker's overrides. */
  policyFor(provider: string): ThrottlePolicy {
    return policyFor(provider, this.settings.policies as PolicyOverrides);
  }

  /** Starts the background loop. */
  start(): this {
    if (this.loop) return this;
    this.unsubscribe = this.options.signal?.onEnqueued(() => this.kick()) ?? null;
    this.loop = this.run();
    return this;
  }

  /** Wakes the loop now (new work, or a slot freed). */
  kick(): void {
    this.wake.abort();
  }

  /** Number of triggers this worker is pulling now. */
  get running(): number {
    return this.inFlight.size;
  }

  /**
   * Stops claiming, lets running pulls end their current chunk and puts their
   * triggers back to pending (their progress is kept), then resolves.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    this.kick();
    await this.loop;
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /** Resolves when every pull this worker started has ended. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight.values()]);
  }

  private async run(): Promise<void> {
    if (this.options.requeueOnStart) {
      const requeued = await requeueExpiredClaims(this.db, { claimed_before: Date.now() + 100 * 365 * 86_400_000 }).catch((error: unknown) => {
        this.logger.error({ err: error }, 'bulk pull: requeue at start failed');
        return 0;
      });
      if (requeued > 0) this.logger.info({ requeued }, 'bulk pull: requeued the triggers of a previous run');
    }
    while (!this.stopping) {
      // A new controller before the pass: a kick during the pass cuts the next sleep short.
      const wake = new AbortController();
      this.wake = wake;
      let nextWakeAt: number | null = null;
      try {
        nextWakeAt = (await this.tick()).nextWakeAt;
      } catch (error) {
        if (this.stopping) break;
        this.logger.error({ err: error }, 'bulk pull: scheduling pass failed');
        nextWakeAt = this.clock.now() + this.settings.pollMs * 4;
      }
      if (this.stopping) break;
      const now = this.clock.now();
      const delay = nextWakeAt === null ? this.settings.pollMs : Math.min(this.settings.pollMs, Math.max(0, nextWakeAt - now));
      if (delay > 0) await this.clock.sleep(delay, wake.signal);
    }
  }

  /**
   * One scheduling pass: housekeeping when due, then claims from every bucket whose
   * window has room, sharing this process's free pull slots fairly among them.
   * Returns when the loop must look again at the latest (a window frees), or null.
   */
  async tick(): Promise<{ nextWakeAt: number | null; claimed: number }> {
    const started = performance.now();
    try {
      const now = this.clock.now();
      await this.housekeeping(now);
      let nextWakeAt: number | null = null;
      const soonest = (at: number) => {
        if (nextWakeAt === null || at < nextWakeAt) nextWakeAt = at;
      };
      const buckets = await listPendingBuckets(this.db);
      let candidates: PullBucketRecord[] = [];
      for (const bucket of buckets) {
        if (bucket.next_slot_ms !== null && bucket.next_slot_ms > now) soonest(bucket.next_slot_ms);
        else candidates.push(bucket);
      }
      // Start at a different bucket each pass, so none is always served last.
      if (candidates.length > 1) {
        const offset = this.rotation++ % candidates.length;
        candidates = [...candidates.slice(offset), ...candidates.slice(0, offset)];
      }
      let claimed = 0;
      while (candidates.length > 0 && !this.stopping) {
        const again: PullBucketRecord[] = [];
        for (let i = 0; i < candidates.length; i += 1) {
          const free = this.settings.concurrency - this.inFlight.size;
          if (free <= 0) break;
          const share = Math.ceil(free / (candidates.length - i));
          const bucket = candidates[i]!;
          const result = await this.claim(bucket, share);
          claimed += result.claims.length;
          for (const claim of result.claims) this.startPull(claim);
          if (result.nextSlotAt !== null && result.nextSlotAt > result.now) soonest(result.nextSlotAt);
          if (result.claims.length === share && result.left > 0 && result.hasPending) again.push(bucket);
        }
        candidates = this.settings.concurrency - this.inFlight.size > 0 ? again : [];
      }
      return { nextWakeAt, claimed };
    } finally {
      this.stats.ticks += 1;
      this.stats.tickMs += performance.now() - started;
    }
  }

  private async housekeeping(now: number): Promise<void> {
    const { leaseMs } = this.settings;
    // Lease times come from the clock claims are stamped with: the given one, else the database's.
    const fake = this.options.clock !== undefined;
    if (this.inFlight.size > 0 && now - this.lastRenew >= leaseMs / 3) {
      this.lastRenew = now;
      await renewClaims(this.db, { worker_id: this.id, now: fake ? now : null });
    }
    if (now - this.lastRequeue >= leaseMs / 2) {
      this.lastRequeue = now;
      const requeued = await requeueExpiredClaims(this.db, fake ? { claimed_before: now - leaseMs } : { lease_ms: leaseMs });
      if (requeued > 0) this.logger.warn({ requeued, leaseMs }, 'bulk pull: requeued triggers whose claim expired');
    }
    if (now - this.lastReconcile >= this.reconcileMs) {
      this.lastReconcile = now;
      const marked = await markBucketsWithPendingTriggers(this.db);
      const ended = await completeFinishedBulkOps(this.db);
      if (marked > 0 || ended > 0) this.logger.info({ marked, ended }, 'bulk pull: reconciled buckets and ops');
    }
    // PGlite runs no autovacuum: every trigger leaves two dead row versions and the planner
    // would never see fresh statistics, so the worker vacuums its own tables now and then.
    if (this.db.kind === 'pglite' && this.endedSinceVacuum >= VACUUM_EVERY_TRIGGERS && now - this.lastVacuum >= this.reconcileMs) {
      this.lastVacuum = now;
      this.endedSinceVacuum = 0;
      await vacuumBulkPullTables(this.db);
    }
  }

  /**
   * Claims up to `max` triggers of the bucket within its throttle, in one transaction holding
   * the bucket's lock. The time of the claim is read once the lock is held (from the
   * database's clock unless a clock was given), so the starts recorded by all processes are
   * in lock order and never make a window look emptier than it is.
   */
  private async claim(bucket: { team_id: string; provider: string }, max: number): Promise<ClaimResult> {
    const started = performance.now();
    const policy = this.policyFor(bucket.provider);
    try {
      await yieldToEventLoop();
      return await this.db.transaction(async (tx) => {
        const state = await lockBucket(tx, bucket);
        const now = this.options.clock ? this.clock.now() : await databaseNow(tx);
        const running = policy.kind === 'concurrency' ? await countRunningTriggers(tx, bucket) : 0;
        const starts = startsInWindow(policy, state.recent_starts, now);
        const before = allowance(policy, starts, running, now);
        const wanted = Math.min(before.startNow, max);
        const claims =
          wanted > 0 ? await claimBucketTriggers(tx, { team_id: bucket.team_id, provider: bucket.provider, limit: wanted, worker_id: this.id, now }) : [];
        const newStarts = policy.kind === 'window' ? [...starts, ...claims.map(() => now)] : [];
        const after = allowance(policy, newStarts, running + claims.length, now);
        // Fewer than asked for: nothing claimable is left (until an enqueue or requeue marks the bucket again).
        const hasPending = wanted === 0 || claims.length === wanted;
        const nextSlotAt = after.startNow > 0 ? null : after.nextSlotAt;
        await saveBucket(tx, { ...bucket, recent_starts: newStarts, has_pending: hasPending, next_slot_ms: nextSlotAt });
        if (claims.length > 0) {
          this.logger.debug({ team_id: bucket.team_id, provider: bucket.provider, claimed: claims.length, at: now, worker: this.id }, 'bulk pull: claimed');
        }
        return { claims, now, nextSlotAt, left: after.startNow, hasPending };
      });
    } finally {
      this.stats.claimMs += performance.now() - started;
    }
  }

  private startPull(claim: TriggerClaim): void {
    const key = `${claim.op_id}:${claim.user_id}`;
    this.stats.claimed += 1;
    const run = this.runClaim(claim)
      .catch((error: unknown) => this.logger.error({ err: error, op_id: claim.op_id }, 'bulk pull: trigger handling failed'))
      .finally(() => {
        this.inFlight.delete(key);
        this.kick();
      });
    this.inFlight.set(key, run);
  }

  /**
   * Bookkeeping after a trigger's transaction committed. A finished trigger may have been its
   * op's last one: the op is ended here, after the commit (see finishClaimedTrigger). A crash
   * right before leaves it to the periodic reconciliation.
   */
  private async ended(claim: TriggerClaim, state: 'processed' | 'failed' | 'released' | 'lost'): Promise<void> {
    this.stats[state] += 1;
    this.endedSinceVacuum += 1;
    try {
      if (state === 'processed' || state === 'failed') {
        const op = await completeBulkOpIfDone(this.db, claim.op_id);
        if (op) {
          this.logger.info({ op_id: op.id, status: op.status, provider: op.provider, processed: op.processed, failed: op.failed }, 'bulk pull: operation ended');
        }
      }
    } finally {
      this.options.onTriggerEnded?.(claim, state);
    }
  }

  private context(claim: TriggerClaim): PullContext {
    return {
      db: this.db,
      clock: this.clock,
      stopping: () => this.stopping,
      finish: async (outcome, error = null) => {
        await yieldToEventLoop();
        const finished = await this.db.transaction((tx) => finishClaimedTrigger(tx, claim, { outcome, error }));
        await this.ended(claim, finished ? outcome : 'lost');
      },
      release: async () => {
        await yieldToEventLoop();
        const released = await this.db.transaction((tx) => releaseClaimedTrigger(tx, claim, { undo_attempt: true }));
        await this.ended(claim, released ? 'released' : 'lost');
      },
    };
  }

  private async runClaim(claim: TriggerClaim): Promise<void> {
    const context = this.context(claim);
    if (claim.attempts > this.settings.maxAttempts) {
      await context.finish('failed', retriesExhaustedError(claim.attempts - 1));
      return;
    }
    try {
      await this.pull(claim, context);
    } catch (error) {
      this.logger.warn({ err: error, op_id: claim.op_id, attempts: claim.attempts }, 'bulk pull: pull failed; the trigger goes back to pending');
      const released = await this.db.transaction((tx) => releaseClaimedTrigger(tx, claim, { undo_attempt: false }));
      await this.ended(claim, released ? 'released' : 'lost');
    }
  }

  /** The default pull: chunk after chunk, one transaction each, until done, lost or stopping. */
  private async pullChunks(claim: TriggerClaim, context: PullContext): Promise<void> {
    for (;;) {
      if (context.stopping()) return context.release();
      await yieldToEventLoop();
      const step = await this.db.transaction((tx) => pullNextChunk(tx, claim, { chunkDays: this.settings.chunkDays, source: this.settings.source }));
      if (step.outcome === 'lost') return this.ended(claim, 'lost');
      if (step.outcome === 'done') return this.ended(claim, step.state);
    }
  }
}

/** A started worker (see BulkPullWorker). */
export function startBulkPullWorker(options: BulkPullWorkerOptions): BulkPullWorker {
  return new BulkPullWorker(options).start();
}
