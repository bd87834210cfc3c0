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
    const order = await requireOrder(deps, teamId, path.order_id);
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
    await startSimulation(deps.db, { order_id: order.id, team_id: teamId, target_status: target, delay_ms: (query.delay ?? 0) * 1000, flags, now: deps.now });
    deps.labSimulations?.wake();
    return { status: 200, body: { order: toOrderView(order), status: 'success', message: `Simulating the order to ${target}` } };
  };
