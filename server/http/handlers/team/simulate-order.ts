import type { operations } from '../../../../generated/team/schema.js';
import { completedStatus, parseStatus, simulationPath } from '../../../domain/lab-orders/lifecycle.js';
import { toOrderView } from '../../../domain/lab-orders/order.js';
import { awaitsRegistration, kitSimulationRefusal, kitLifecycle, UNREGISTERED_KIT_DEFAULT_TARGET } from '../../../domain/lab-orders/testkit.js';
import type { CollectionMethod } from '../../../domain/lab-tests/catalog.js';
import { startSimulation } from '../../../jobs/lab-orders/simulator.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { requireOrder } from './order-views.js';

/**
 * POST /v3/order/{order_id}/test: Simulate an order. Stores the simulation (its first
 * step due now, or, when it replaces a walk in progress, `delay` after the order's last
 * status change) and wakes the simulator; the steps run in the background.
 */
export const simulateOrder =
  (deps: Deps): Handler<operations['simulateOrder'], TeamContext> =>
  async ({ path, query, body }, { teamId }) => {
    // The walk is decided from the order as read, and stored only if the order is still in that
    // status; else (cancelled or moved meanwhile) it is decided again from the order as it is
    // now. Each round follows a change of the order committed meanwhile, and ends in a walk
    // stored or a refusal (a cancelled or finished order has no path).
    for (;;) {
      const order = await requireOrder(deps, teamId, path.order_id);
      const target = await startOrderSimulation(deps, { teamId, order, query, body });
      if (target !== null) {
        deps.labSimulations?.wake();
        return { status: 200, body: { order: toOrderView(order), status: 'success', message: `Simulating the order to ${target}` } };
      }
    }
  };

type SimulateRequest = Parameters<Handler<operations['simulateOrder'], TeamContext>>[0];

/** Decides the walk of `order` (a 422 when the target cannot be reached) and stores it; its target, or null when the order moved since it was read. */
async function startOrderSimulation(deps: Deps, input: { teamId: string; order: Awaited<ReturnType<typeof requireOrder>>; query: SimulateRequest['query']; body: SimulateRequest['body'] }): Promise<string | null> {
  const { order, query, body, teamId } = input;
  const method = order.method as CollectionMethod;
  const target = query.final_status ?? (awaitsRegistration(order) ? UNREGISTERED_KIT_DEFAULT_TARGET : completedStatus(method));
  const parsed = parseStatus(target);
  if (!parsed || parsed.method !== method) {
    throw ValidationFailure.single(['query', 'final_status'], `${target} is not a status of a ${method} order`);
  }
  const steps = simulationPath(order.status, target, kitLifecycle(order));
  if (!steps) {
    throw ValidationFailure.single(['query', 'final_status'], `${target} cannot be reached from the order's status ${order.status}`);
  }
  const unregistered = kitSimulationRefusal(order, steps);
  if (unregistered) throw ValidationFailure.single(['query', 'final_status'], unregistered);
  const flags = { interpretation: body?.interpretation ?? 'normal', result_types: body?.result_types ?? null, has_missing_results: body?.has_missing_results ?? null };
  const started = await startSimulation(deps.db, { order_id: order.id, team_id: teamId, target_status: target, delay_ms: (query.delay ?? 0) * 1000, flags, from_status: order.status, now: deps.now });
  return started === null ? null : target;
}
