/**
 * What a team changes of an order besides cancelling it: its activation day (PATCH
 * /v3/order/{order_id}), an on-site draw (PATCH .../draw_completed) and its communication
 * settings (GET/PATCH .../communication_settings).
 */
import { describe, expect, it } from 'vitest';
import { listEventPayloads } from '../storage/stored-state.js';
import { orderBody, STANDARD } from './lab-order-fixtures.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type ApiApp, type TeamSchemas } from './helpers.js';

type OrderResponse = TeamSchemas['OrderResponse'];
type Order = TeamSchemas['Order'];
const ON_SITE = STANDARD.on_site_collection!.id;

async function placeOrder(ctx: ApiApp, overrides: Record<string, unknown> = {}, key?: string): Promise<Order> {
  const user = await ctx.newUser({}, key);
  return expectStatus<OrderResponse>(await ctx.team(key).post('/v3/order').send(orderBody(user.user_id, overrides)), 200).order;
}

const updates = async (ctx: ApiApp, orderId: string) =>
  (await listEventPayloads<{ data: Order }>(ctx.server.db, { team_id: ctx.server.teamId, event_type: 'labtest.order.updated' })).filter((e) => e.data.id === orderId).map((e) => e.data);

describe.each(apiEngines)('updateOrder, updateOrderDrawCompleted and the communication settings on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  it('when a received order gets an activation day, then it is held until then (the list says scheduled), updated_at moves, its events stay, and a webhook says so; null releases it', async () => {
    const order = await placeOrder(ctx);
    ctx.server.setNow(new Date(Date.parse(order.created_at) + 60_000));
    const held = expectStatus<OrderResponse>(await ctx.team().patch(`/v3/order/${order.id}`).send({ activate_by: '2046-12-01' }), 200).order;
    ctx.server.setNow(null);
    expect(held.activate_by).toBe('2046-12-01');
    expect(held.updated_at > order.updated_at).toBe(true);
    expect(held.events).toEqual(order.events);
    expect(expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200)).toEqual(held);
    const scheduled = expectStatus<TeamSchemas['OrderPage']>(await ctx.team().get(`/v3/orders?order_activation_types=scheduled&search_input=${order.id}`), 200);
    expect(scheduled.orders.map((o) => o.id)).toEqual([order.id]);
    expect((await updates(ctx, order.id)).map((o) => o.activate_by)).toEqual(['2046-12-01']);
    const released = expectStatus<OrderResponse>(await ctx.team().patch(`/v3/order/${order.id}`).send({ activate_by: null }), 200).order;
    expect(released.activate_by).toBeNull();
    const current = expectStatus<TeamSchemas['OrderPage']>(await ctx.team().get(`/v3/orders?order_activation_types=current&search_input=${order.id}`), 200);
    expect(current.orders.map((o) => o.id)).toEqual([order.id]);
  });

  it('when the order is past received, the day is before today, or the body lacks activate_by, then 400 or 422 naming it, and the order is unchanged', async () => {
    const order = await placeOrder(ctx);
    expectValidation(await ctx.team().patch(`/v3/order/${order.id}`).send({ activate_by: '2001-01-01' }), [{ loc: ['body', 'activate_by'], msg: /before today/ }]);
    expectValidation(await ctx.team().patch(`/v3/order/${order.id}`).send({}), [{ loc: ['body', 'activate_by'] }]);
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/cancel`), 200);
    expectDetail(await ctx.team().patch(`/v3/order/${order.id}`).send({ activate_by: '2046-12-01' }), 400,
      'The activation day of an order can change only while it is received; this one is cancelled.walk_in_test.cancelled.');
    expect(expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200).activate_by).toBeNull();
  });

  it('when an on-site order is drawn from ordered, then the requisition is created on the way and it reaches draw_completed, each with its webhook; a simulation completes it', async () => {
    const order = await placeOrder(ctx, { order_set: { lab_test_ids: [ON_SITE] } });
    const drawn = expectStatus<OrderResponse>(await ctx.team().patch(`/v3/order/${order.id}/draw_completed`), 200);
    expect(drawn.message).toBe('Draw completed');
    expect(drawn.order.events.map((e) => e.status)).toEqual(['received.on_site_collection.ordered', 'received.on_site_collection.requisition_created', 'sample_with_lab.on_site_collection.draw_completed']);
    // One transaction's events share their time: their order in the feed is not theirs, so compare them sorted.
    expect((await updates(ctx, order.id)).map((o) => o.last_event.status).sort()).toEqual(['received.on_site_collection.requisition_created', 'sample_with_lab.on_site_collection.draw_completed']);
    expectDetail(await ctx.team().patch(`/v3/order/${order.id}/draw_completed`), 400,
      'The draw can be recorded while the order is ordered, requisition_created or requisition_bypassed; this one is sample_with_lab.on_site_collection.draw_completed.');
  });

  it('when the order is of another method, cancelled, unknown or another team\'s, then 400 or 404, and nothing changes', async () => {
    const walkIn = await placeOrder(ctx);
    expectDetail(await ctx.team().patch(`/v3/order/${walkIn.id}/draw_completed`), 400, 'Only an on_site_collection order records its draw; this one is a walk_in_test order.');
    const cancelled = await placeOrder(ctx, { order_set: { lab_test_ids: [ON_SITE] } });
    expectStatus(await ctx.team().post(`/v3/order/${cancelled.id}/cancel`), 200);
    expectDetail(await ctx.team().patch(`/v3/order/${cancelled.id}/draw_completed`), 400, /this one is cancelled\.on_site_collection\.cancelled/);
    expectDetail(await ctx.team().patch(`/v3/order/${UNKNOWN_ID}/draw_completed`), 404);
    const other = await ctx.otherTeam();
    const theirs = await placeOrder(ctx, { order_set: { lab_test_ids: [ON_SITE] } }, other.apiKey);
    expectDetail(await ctx.team().patch(`/v3/order/${theirs.id}/draw_completed`), 404);
    expectDetail(await ctx.team().patch(`/v3/order/${theirs.id}`).send({ activate_by: null }), 404);
    expectDetail(await ctx.team().get(`/v3/order/${theirs.id}/communication_settings`), 404);
    expectDetail(await ctx.team().patch(`/v3/order/${theirs.id}/communication_settings`).send({ sms_enabled: false }), 404);
    const read = expectStatus<Order>(await ctx.team(other.apiKey).get(`/v3/order/${theirs.id}`), 200);
    expect(read.events).toHaveLength(1);
    expect(expectStatus<TeamSchemas['OrderCommunicationSettings']>(await ctx.team(other.apiKey).get(`/v3/order/${theirs.id}/communication_settings`), 200).sms_enabled).toBe(true);
  });

  it('when text messages are turned off, then the settings read so, in any status, and the order itself does not change', async () => {
    const order = await placeOrder(ctx);
    expect(expectStatus(await ctx.team().get(`/v3/order/${order.id}/communication_settings`), 200)).toEqual({ order_id: order.id, sms_enabled: true });
    expect(expectStatus(await ctx.team().patch(`/v3/order/${order.id}/communication_settings`).send({ sms_enabled: false }), 200)).toEqual({ order_id: order.id, sms_enabled: false });
    expect(expectStatus(await ctx.team().get(`/v3/order/${order.id}/communication_settings`), 200)).toEqual({ order_id: order.id, sms_enabled: false });
    expect(expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200)).toEqual(order);
    expectValidation(await ctx.team().patch(`/v3/order/${order.id}/communication_settings`).send({ sms_enabled: 'no' }), [{ loc: ['body', 'sms_enabled'] }]);
    expectStatus(await ctx.team().post(`/v3/order/${order.id}/cancel`), 200);
    expect(expectStatus(await ctx.team().patch(`/v3/order/${order.id}/communication_settings`).send({ sms_enabled: true }), 200)).toEqual({ order_id: order.id, sms_enabled: true });
    expect(await updates(ctx, order.id)).toHaveLength(1);
  });
});
