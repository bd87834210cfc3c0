import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheRegistry } from '../../../server/shared/cache.js';
import type { Database } from '../../../server/storage/database.js';
import { createLabOrderCaches, type LabOrderCaches } from '../../../server/storage/repositories/lab-order-caches.js';
import { listOrders, type OrderListFilter } from '../../../server/storage/repositories/lab-order-list.js';
import { insertOrders, transitionOrder, type NewLabOrder } from '../../../server/storage/repositories/lab-orders.js';
import { engineCases, seedTeam, SETUP_TIMEOUT_MS, useTestDatabase } from '../helpers.js';

const NO_FILTER: OrderListFilter = {
  search_input: null, created_from: null, created_to: null, updated_from: null, updated_to: null, low_statuses: null, methods: null,
  is_critical: null, interpretation: null, user_id: null, patient_name: null, receiver_name: null, order_ids: null, activation: null,
};

const labTest = Object.freeze({ id: randomUUID(), name: 'Panel', markers: Object.freeze([Object.freeze({ name: 'Glucose', unit: 'mg/dL' })]) });

function newOrder(teamId: string, userId: string, second: number): NewLabOrder {
  return {
    id: randomUUID(), team_id: teamId, user_id: userId, lab_test_id: labTest.id, method: 'walk_in_test', status: 'received.walk_in_test.ordered',
    low_status: 'ordered', patient_name: 'maria lopez', sample_id: `SB${second}`, activate_by: null, receiver_name: 'maria lopez',
    body: { notes: '', lab_test: labTest }, at: new Date(Date.UTC(2040, 0, 1, 0, 0, second)).toISOString(),
  };
}

/**
 * Two apps on one database, each with its own caches (its own CacheRegistry), as two server
 * processes are: on PostgreSQL each app has its own connection pool too. What one writes (or
 * what is written straight to the database) is what the other's next read of the list answers,
 * whatever the list kept: totals, lists of ids, records, lab test values.
 */
describe.each(engineCases)('the order list read by one app after another writes, on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('two apps on one database', () => {
    const ctx = useTestDatabase(engine);
    let other: Database;
    beforeAll(async () => {
      other = engine.kind === 'postgres' ? await ctx.test.openAnother() : ctx.db;
    }, SETUP_TIMEOUT_MS);
    afterAll(async () => {
      if (other !== ctx.db) await other.close();
    });

    const apps = () => {
      const reader = createLabOrderCaches(new CacheRegistry());
      const writer = createLabOrderCaches(new CacheRegistry());
      return { reader, writer };
    };
    const seed = async () => {
      const { team } = await seedTeam(ctx.db);
      const user = (await ctx.db.one<{ id: string }>(`INSERT INTO users (team_id, client_user_id) VALUES ($1, 'patient-1') RETURNING id`, [team.id]))!;
      return { teamId: team.id, userId: user.id };
    };
    /** Read three times (by OFFSET, then every id, then a slice): every kind of entry the list keeps is filled. */
    const readThrice = async (caches: LabOrderCaches, teamId: string, filter: Partial<OrderListFilter> = {}) => {
      let last: Awaited<ReturnType<typeof listOrders>> | null = null;
      for (let i = 0; i < 3; i += 1) last = await listOrders(ctx.db, teamId, { ...NO_FILTER, ...filter }, { key: 'created_at', direction: 'asc' }, { page: 1, size: 10 }, caches);
      return last!;
    };
    const summary = (page: Awaited<ReturnType<typeof listOrders>>) => ({
      total: page.total,
      orders: page.orders.map((order) => ({ id: order.id, status: order.status, client_user_id: order.client_user_id, lab_test: order.body.lab_test })),
    });

    it('when the other app stores orders and moves one, then the reader\'s next read answers them, with the total and each kept order as they are now', async () => {
      const { reader, writer } = apps();
      const { teamId, userId } = await seed();
      const [first] = await insertOrders(other, [newOrder(teamId, userId, 1), newOrder(teamId, userId, 2)], { labTestValues: writer.labTestValues, labTestSnapshots: writer.labTestSnapshots });
      const before = await readThrice(reader, teamId);
      expect(before.total).toBe(2);
      expect(reader.orderRecords.size).toBe(2);
      expect(reader.orderTotals.size).toBeGreaterThan(0);

      const [third] = await insertOrders(other, [newOrder(teamId, userId, 3)], { labTestValues: writer.labTestValues });
      await transitionOrder(other, { team_id: teamId, order_id: first!.id, from: first!.status, to: 'cancelled.walk_in_test.cancelled', low_status: 'cancelled', status_detail: null, at: new Date().toISOString() }, writer.labTestValues);
      const after = await listOrders(ctx.db, teamId, NO_FILTER, { key: 'created_at', direction: 'asc' }, { page: 1, size: 10 }, reader);
      const uncached = await listOrders(ctx.db, teamId, NO_FILTER, { key: 'created_at', direction: 'asc' }, { page: 1, size: 10 });
      expect(summary(after)).toEqual(summary(uncached));
      expect(after.total).toBe(3);
      expect(after.orders.map((order) => order.id)).toContain(third!.id);
      expect(after.orders.find((order) => order.id === first!.id)!.status).toBe('cancelled.walk_in_test.cancelled');
      // A filter the reader kept (its total and its ids) sees the change too.
      const cancelled = await readThrice(reader, teamId, { low_statuses: ['cancelled'] });
      await transitionOrder(other, { team_id: teamId, order_id: third!.id, from: third!.status, to: 'cancelled.walk_in_test.cancelled', low_status: 'cancelled', status_detail: null, at: new Date().toISOString() });
      expect(cancelled.total).toBe(1);
      const cancelledAfter = await listOrders(ctx.db, teamId, { ...NO_FILTER, low_statuses: ['cancelled'] }, { key: 'created_at', direction: 'asc' }, { page: 1, size: 10 }, reader);
      expect(cancelledAfter.orders.map((order) => order.id)).toEqual([first!.id, third!.id]);
      expect(cancelledAfter.total).toBe(2);
    });

    it("when a user's client_user_id is changed straight in the database, then the reader's kept orders of that user answer the new one", async () => {
      const { reader } = apps();
      const { teamId, userId } = await seed();
      await insertOrders(other, [newOrder(teamId, userId, 1), newOrder(teamId, userId, 2)]);
      const before = await readThrice(reader, teamId);
      expect(before.orders.map((order) => order.client_user_id)).toEqual(['patient-1', 'patient-1']);
      // Kept and found current at the team's generation: only a move of the generation (migration 025) or of the row version tells.
      expect(before.orders.every((order) => reader.orderRecords.get(order.id)?.record === order)).toBe(true);
      await other.query(`UPDATE users SET client_user_id = 'patient-1-renamed' WHERE id = $1`, [userId]);
      const after = await listOrders(ctx.db, teamId, NO_FILTER, { key: 'created_at', direction: 'asc' }, { page: 1, size: 10 }, reader);
      expect(after.orders.map((order) => order.client_user_id)).toEqual(['patient-1-renamed', 'patient-1-renamed']);
    });

    it('when orders go with their user (deleted straight in the database), then the reader no longer lists or counts them', async () => {
      const { reader } = apps();
      const { teamId, userId } = await seed();
      const stays = (await ctx.db.one<{ id: string }>(`INSERT INTO users (team_id, client_user_id) VALUES ($1, 'patient-2') RETURNING id`, [teamId]))!.id;
      const [, kept] = await insertOrders(other, [newOrder(teamId, userId, 1), newOrder(teamId, stays, 2)]);
      expect((await readThrice(reader, teamId)).total).toBe(2);
      await other.query(`DELETE FROM users WHERE id = $1`, [userId]);
      const after = await listOrders(ctx.db, teamId, NO_FILTER, { key: 'created_at', direction: 'asc' }, { page: 1, size: 10 }, reader);
      expect(after.orders.map((order) => order.id)).toEqual([kept!.id]);
      expect(after.total).toBe(1);
    });
  });
});
