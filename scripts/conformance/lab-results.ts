/**
 * What the checks of the lab results operations share: an order placed through the API
 * (on the first walk-in lab test the team lists), an order simulated to completion and
 * its results, waited for while the target's simulator walks it (the steps run in the
 * background; a mock answers its examples at once).
 */
import type { TeamClient, TeamSchemas } from '../../server/client/index.js';
import { check, fail, show, type Outcome } from './assertions.js';
import type { CheckContext } from './context.js';
import { must, notOnMock, type CheckDefinition } from './operation.js';
import { otherTeamClient } from './requests.js';
import { MANAGEMENT } from './shared-checks.js';
import { orderBody, UNKNOWN_ID } from './values.js';

type Order = TeamSchemas['Order'];

/** How long a check waits for the target's simulator to complete an order. */
const RESULTS_WAIT_MS = 20_000;

/** values.ts's order body, on the given lab test, with an ordering physician (printed on the requisition). */
export const orderRequestBody = (userId: string, labTestId: string): TeamSchemas['CreateOrderRequest'] => ({
  ...orderBody(userId),
  order_set: { lab_test_ids: [labTestId] },
  physician: { first_name: 'Jack', last_name: 'Smith', npi: '1234567893' },
});

/** The id of a walk-in lab test of the client's team (every team starts with one per method). */
export async function walkInLabTestId(client: TeamClient): Promise<string> {
  const page = must('listLabTests', await client.GET('/v3/lab_test', { params: { query: { lab_test_limit: 100 } } }));
  const test = page.data.find((candidate) => candidate.method === 'walk_in_test') ?? page.data[0];
  if (!test) fail('the team lists no lab test to order');
  return test.id;
}

/** A new order of a new user of the client's team. */
export async function placeOrder(client: TeamClient, userId: string): Promise<Order> {
  const answer = must('createOrder', await client.POST('/v3/order', { body: orderRequestBody(userId, await walkInLabTestId(client)) }));
  return answer.order as Order;
}

/** Starts the simulation of the order to its completed status (with critical results, the richest report). */
export async function simulateToCompletion(client: TeamClient, orderId: string): Promise<void> {
  must('simulateOrder', await client.POST('/v3/order/{order_id}/test', { params: { path: { order_id: orderId } }, body: { interpretation: 'critical', has_missing_results: true } }));
}

/** Reads the order's results until they exist (the 400 of an order not yet completed), or fails after RESULTS_WAIT_MS. */
export async function waitForResults(client: TeamClient, orderId: string): Promise<void> {
  const until = Date.now() + RESULTS_WAIT_MS;
  for (;;) {
    const read = await client.GET('/v3/order/{order_id}/result/metadata', { params: { path: { order_id: orderId } } });
    if (read.response.status === 200) return;
    check(read.response.status === 400, `waiting for the results of order ${orderId}: ${read.response.status} ${show(read.error)}`);
    if (Date.now() > until) fail(`order ${orderId} has no results ${RESULTS_WAIT_MS / 1000} s after its simulation started: ${show(read.error)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A new order of the client's team, simulated to completion, with its results. */
export async function completedOrder(client: TeamClient, userId: string): Promise<Order> {
  const order = await placeOrder(client, userId);
  await simulateToCompletion(client, order.id);
  await waitForResults(client, order.id);
  return order;
}

const completed = new WeakMap<CheckContext, Promise<Order>>();

/** The run's completed order (made once per run, of the run's main user). */
export function runCompletedOrder(t: CheckContext): Promise<Order> {
  let made = completed.get(t);
  if (!made) {
    made = t.fixtures.user().then((user) => (t.isMock ? placeOrder(t.team, user.user_id) : completedOrder(t.team, user.user_id)));
    completed.set(t, made);
  }
  return made;
}

/** A fresh order of the run's team that has not reached its results. */
export async function newOrder(t: CheckContext): Promise<Order> {
  return placeOrder(t.team, (await t.fixtures.createUser()).user_id);
}

/**
 * A new walk-in order of the run's user, through createOrder: the answer on a server, the
 * first example on a mock (`onMock: 'example'`), or a failed check where a server is required.
 */
export async function fixtureOrder(t: CheckContext, onMock: 'example' | 'server only' = 'server only'): Promise<TeamSchemas['OrderResponse']> {
  const { user_id } = await t.fixtures.user();
  const answer = await t.team.POST('/v3/order', { body: orderBody(user_id) });
  return onMock === 'example'
    ? t.expect.successOrFirstExample<TeamSchemas['OrderResponse']>('team', 'createOrder', answer)
    : t.expect.success<TeamSchemas['OrderResponse']>('team', 'createOrder', answer);
}

/** The check every operation on one order has: another team's key gets a 404 for the team's order. */
export const otherTeamsOrder = (operationId: string, call: (client: TeamClient, orderId: string) => Promise<Outcome>): CheckDefinition =>
  notOnMock(
    'credentials',
    "404 for the team's order with another team's key",
    async (t) => {
      const created = await fixtureOrder(t);
      t.expect.error('team', operationId, await call(await otherTeamClient(t), created.order.id), 404);
    },
    MANAGEMENT,
  );

/** The id of the order's transaction (an unknown id when the answer names none, as a mock's example may not). */
export const transactionOf = (order: Order): string => order.order_transaction?.id ?? UNKNOWN_ID;

/** How long a check waits for the target's simulator to walk an order to a status. */
const STATUS_WAIT_MS = 20_000;

/**
 * A new walk-in order of the client's team whose sample failed, simulated to
 * `redraw_available`: an order POST /v3/order/{order_id}/redraw accepts.
 */
export async function redrawableOrder(client: TeamClient, userId: string): Promise<Order> {
  const order = must('createOrder', await client.POST('/v3/order', { body: orderBody(userId) })).order as Order;
  const finalStatus = 'collecting_sample.walk_in_test.redraw_available';
  must('simulateOrder', await client.POST('/v3/order/{order_id}/test', { params: { path: { order_id: order.id }, query: { final_status: finalStatus } }, body: {} }));
  const until = Date.now() + STATUS_WAIT_MS;
  for (;;) {
    const read = must('getOrder', await client.GET('/v3/order/{order_id}', { params: { path: { order_id: order.id } } }));
    if (read.last_event.status === finalStatus) return read as Order;
    if (Date.now() > until) fail(`order ${order.id} is at ${read.last_event.status}, not ${finalStatus}, ${STATUS_WAIT_MS / 1000} s after its simulation started`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
