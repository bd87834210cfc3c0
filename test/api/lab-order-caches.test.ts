import { describe, expect, it } from 'vitest';
import { createAppCaches } from '../../server/caches.js';
import { requisitionUrlKey } from '../../server/http/handlers/team/requisition-url.js';
import { orderBody } from './lab-order-fixtures.js';
import { apiEngines, expectStatus, useApiApp, type TeamSchemas } from './helpers.js';

type OrderResponse = TeamSchemas['OrderResponse'];
type OrderList = TeamSchemas['OrderPage'];

/**
 * The lab handlers' caches (lab-view-caches.ts) against writes they did not see: an order
 * changed straight in the database (as another server process would) is answered changed by the
 * next read of a page the app remembers, and two apps on one database share the key that signs
 * requisition form URLs.
 */
describe.each(apiEngines)('the lab handlers\' caches on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  it('when a page of orders is read again (its orders kept, its body remembered) and an order changes straight in the database, then the next read answers the change', async () => {
    const user = await ctx.newUser();
    const placed: TeamSchemas['Order'][] = [];
    for (let i = 0; i < 2; i += 1) placed.push(expectStatus<OrderResponse>(await ctx.team().post('/v3/order').send(orderBody(user.user_id)), 200).order);
    const read = async () => expectStatus<OrderList>(await ctx.team().get(`/v3/orders?user_id=${user.user_id}`), 200);
    await read();
    const before = await read();
    expect(await read()).toEqual(before);
    expect(before.orders.map((order) => order.status)).toEqual(['received', 'received']);
    const { labOrders, labViews } = ctx.server.deps.caches;
    expect(placed.every((order) => labOrders.orderRecords.get(order.id) !== undefined)).toBe(true);
    expect(labViews.orderPages.size).toBeGreaterThan(0);

    await ctx.server.db.query(`UPDATE lab_orders SET status = 'cancelled.walk_in_test.cancelled', low_status = 'cancelled' WHERE id = $1`, [placed[0]!.id]);
    const after = await read();
    expect(after.orders.find((order) => order.id === placed[0]!.id)!.status).toBe('cancelled');
    expect(after.orders.find((order) => order.id === placed[1]!.id)).toEqual(before.orders.find((order) => order.id === placed[1]!.id));
  });

  it('when another app on the same database reads the requisition URL key, then it is the key this app signs with', async () => {
    const mine = await requisitionUrlKey(ctx.server.deps);
    const other = { db: ctx.server.db, caches: createAppCaches(ctx.server.deps.config) };
    expect(await requisitionUrlKey(other)).toBe(mine);
    expect(ctx.server.deps.caches.labViews.requisitionUrlKey.get('requisition_form_url')).toBe(mine);
  });
});
