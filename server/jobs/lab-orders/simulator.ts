import { simulationPath, simulationStartsAt } from '../../domain/lab-orders/lifecycle.js';
import type { Logger } from '../../logger.js';
import type { Database } from '../../storage/database.js';
import { claimDueSimulation, deleteSimulation, lockSimulation, rescheduleSimulation, upsertSimulation, type SimulationRecord } from '../../storage/repositories/lab-order-simulation-queue.js';
import { findOrder, lockOrderStatus } from '../../storage/repositories/lab-orders.js';
import type { SimulationOptions } from '../../domain/lab-results/generate.js';
import { kitSimulationRefusal, kitLifecycle } from '../../domain/lab-orders/testkit.js';
import { LabOrderVacuum } from './maintenance.js';
import { applyTransition, type TransitionCaches } from './transition.js';
import { createLabAppointmentCaches } from '../lab-appointments/caches.js';
import type { AppointmentDeps } from '../lab-appointments/context.js';
import { simulateAppointmentStep } from '../lab-appointments/simulation.js';
import { CacheRegistry } from '../../shared/cache.js';

export interface LabOrderSimulatorOptions {
  db: Database;
  logger: Logger;
  now?: () => Date;
  /** How often due steps are looked for when nothing woke the simulator (default 250 ms). */
  pollMs?: number;
  /** The app's lab order caches (deps.caches.labOrders); without, lab tests are read with each order. */
  caches?: TransitionCaches | undefined;
  /**
   * The app's appointment caches and time zone formatters (deps.caches.labAppointments,
   * deps.caches.dataReads.formatters): the simulation books real appointments. Without, the
   * simulator makes its own appointment caches (a registry of its own: tests).
   */
  appointments?: Pick<AppointmentDeps, 'caches' | 'formatters'> | undefined;
}

/**
 * Starts the simulation of an order, or replaces the walk in progress, in one transaction, and
 * returns when its next step is due (domain simulationStartsAt): a new walk's first step at once;
 * a replacing walk's `delay_ms` after the order's last status change, never before now. The walk's
 * row is locked first, as a step does (then the order), so a step running at the same time is
 * waited for and its status change counts as the last one; the time is read once the row is held.
 * The order's row is locked next, and the walk is stored only if the order is still in
 * `from_status`, the status the caller decided the walk from: else nothing is written and the
 * answer is null, for the caller to decide again (the order was cancelled, or a step moved it,
 * since it was read; on PostgreSQL a walk stored after a cancellation was left queued).
 */
export async function startSimulation(
  db: Database,
  input: Omit<SimulationRecord, 'next_step_at'> & { from_status: string; now: () => Date },
): Promise<string | null> {
  const { now, from_status: fromStatus, ...simulation } = input;
  return db.transaction(async (tx) => {
    const replacing = await lockSimulation(tx, simulation.order_id);
    const locked = await lockOrderStatus(tx, simulation.team_id, simulation.order_id);
    if (locked?.status !== fromStatus) return null;
    const order = replacing ? await findOrder(tx, simulation.team_id, simulation.order_id) : null;
    const nextStepAt = simulationStartsAt({
      now: now().toISOString(),
      delayMs: simulation.delay_ms,
      replacing: order !== null,
      lastStatusChangeAt: order?.events.at(-1)?.created_at ?? '',
    });
    await upsertSimulation(tx, { ...simulation, next_step_at: nextStepAt });
    return nextStepAt;
  });
}

export type StepOutcome = 'stepped' | 'finished' | 'dropped' | 'idle';

/**
 * Runs the simulated order lifecycles (POST /v3/order/{order_id}/test). Each step is one
 * transaction: it claims the due simulation row (SKIP LOCKED, so processes share the
 * work), moves the order one status along its path (event, webhook and hook with it),
 * then reschedules the row or deletes it at the target. The rows are the whole state:
 * a restarted process resumes every simulation where it stopped, and a step that did not
 * commit is taken again, never twice (the order moves only from the status it was in).
 */
export class LabOrderSimulator {
  private readonly db: Database;
  private readonly logger: Logger;
  private readonly now: () => Date;
  private readonly pollMs: number;
  private readonly caches: TransitionCaches | undefined;
  private readonly appointments: Pick<AppointmentDeps, 'caches' | 'formatters'>;
  /** The steps' order writes, which schedule the PGlite vacuum of the order tables. */
  private readonly vacuum: LabOrderVacuum;
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;

  constructor(options: LabOrderSimulatorOptions) {
    this.db = options.db;
    this.logger = options.logger;
    this.now = options.now ?? (() => new Date());
    this.pollMs = options.pollMs ?? 250;
    this.caches = options.caches;
    this.appointments = options.appointments ?? { caches: createLabAppointmentCaches(new CacheRegistry({ freeze: false })) };
    this.vacuum = new LabOrderVacuum(options.db, options.logger);
  }

  start(): this {
    if (this.running) return this;
    this.running = true;
    this.loop = this.run();
    return this;
  }

  /** A simulation was started or changed: look for due steps now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    this.loop = null;
  }

  /** Takes one due step, if any. */
  async step(): Promise<StepOutcome> {
    const outcome = await this.stepInTransaction();
    if (outcome === 'stepped' || outcome === 'finished') this.vacuum.noteWrites(1);
    return outcome;
  }

  private async stepInTransaction(): Promise<StepOutcome> {
    return this.db.transaction(async (tx): Promise<StepOutcome> => {
      const simulation = await claimDueSimulation(tx, this.now().toISOString());
      if (!simulation) return 'idle';
      const locked = await lockOrderStatus(tx, simulation.team_id, simulation.order_id);
      // The step's time is read once the order's row is held: never older than the order's last event.
      const at = this.now().toISOString();
      const found = locked ? await findOrder(tx, simulation.team_id, simulation.order_id, this.caches?.labTestValues) : null;
      // An unregistered testkit walks its own path, and no further than its patient (domain testkit.ts).
      const path = found ? simulationPath(found.status, simulation.target_status, kitLifecycle(found)) : null;
      const order = path && found && kitSimulationRefusal(found, path) === null ? found : null;
      const next = path?.[0];
      if (!order || !next) {
        // The order went away, or reached (or moved past) the target by other means: nothing left to walk.
        await deleteSimulation(tx, simulation.order_id);
        return 'dropped';
      }
      const flags = simulation.flags as SimulationOptions;
      // An at-home or walk-in order's appointment_scheduled is a real appointment (jobs/lab-appointments/simulation.ts).
      const booked = await simulateAppointmentStep(tx, this.appointments, { order, to: next, at, flags, caches: this.caches });
      if (!booked) await applyTransition(tx, order, next, { at, flags, caches: this.caches });
      if (next === simulation.target_status) {
        await deleteSimulation(tx, simulation.order_id);
        return 'finished';
      }
      await rescheduleSimulation(tx, simulation.order_id, new Date(Date.parse(at) + simulation.delay_ms).toISOString());
      return 'stepped';
    });
  }

  /** Takes every step due now, one transaction each; returns how many it took. */
  async runDue(): Promise<number> {
    let steps = 0;
    while ((await this.step()) !== 'idle') steps += 1;
    return steps;
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.woken = false;
      try {
        await this.runDue();
      } catch (error) {
        this.logger.error({ err: error }, 'lab order simulation step failed; retrying at the next poll');
      }
      if (!this.running || this.woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }
}
