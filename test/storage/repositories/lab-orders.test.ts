import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../../server/storage/database.js';
import { eventBodySql } from '../../../server/storage/repositories/events.js';
import { CacheRegistry } from '../../../server/shared/cache.js';
import { createLabOrderCaches } from '../../../server/storage/repositories/lab-order-caches.js';
import { LAB_ORDER_STATISTICS_TARGET, vacuumLabOrders } from '../../../server/storage/repositories/lab-order-housekeeping.js';
import { isKeptOrder, listOrders, type OrderListFilter } from '../../../server/storage/repositories/lab-order-list.js';
import { findOrder, insertOrders, lockOrders, transitionOrder, transitionOrders, type LabOrderRecord, type NewLabOrder } from '../../../server/storage/repositories/lab-orders.js';
import { engineCases, seedTeam, useTestDatabase } from '../helpers.js';

const NO_FILTER: OrderListFilter = {
  search_input: null, created_from: null, created_to: null, updated_from: null, updated_to: null, low_statuses: null, methods: null,
  is_critical: null, interpretation: null, user_id: null, patient_name: null, receiver_name: null, order_ids: null, activation: null,
};

function newOrder(teamId: string, userId: string): NewLabOrder {
  return {
    id: randomUUID(), team_id: teamId, user_id: userId, lab_test_id: randomUUID(), method: 'walk_in_test', status: 'received.walk_in_test.ordered',
    low_status: 'ordered', patient_name: 'maria lopez', sample_id: `SB${Date.now()}${Math.random()}`, activate_by: null, receiver_name: 'maria lopez', body: { notes: '' }, at: new Date().toISOString(),
  };
}

const generationOf = async (db: Queryable, teamId: string) =>
  (await db.one<{ generation: string }>(`SELECT generation::text AS generation FROM lab_order_generations WHERE team_id = $1`, [teamId]))?.generation ?? null;

describe.each(engineCases)('lab orders repository on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('the team order generation (migration 015) and the list built on it', () => {
    const ctx = useTestDatabase(engine);
    const caches = createLabOrderCaches(new CacheRegistry());
    const seed = async () => {
      const { team } = await seedTeam(ctx.db);
      const user = (await ctx.db.one<{ id: string }>(`INSERT INTO users (team_id, client_user_id) VALUES ($1, $2) RETURNING id`, [team.id, randomUUID()]))!;
      return { teamId: team.id, userId: user.id };
    };

    it('when orders are written, then the generation moves once per committed transaction, and not for one rolled back', async () => {
      const { teamId, userId } = await seed();
      expect(await generationOf(ctx.db, teamId)).toBeNull();
      const [first] = await insertOrders(ctx.db, [newOrder(teamId, userId), newOrder(teamId, userId)]);
      expect(await generationOf(ctx.db, teamId)).toBe('1');
      await ctx.db.transaction(async (tx) => {
        await insertOrders(tx, [newOrder(teamId, userId)]);
        await transitionOrder(tx, { team_id: teamId, order_id: first!.id, from: first!.status, to: 'cancelled.walk_in_test.cancelled', low_status: 'cancelled', status_detail: null, at: new Date().toISOString() });
      });
      expect(await generationOf(ctx.db, teamId)).toBe('2');
      await expect(ctx.db.transaction(async (tx) => {
        await insertOrders(tx, [newOrder(teamId, userId)]);
        throw new Error('rolled back');
      })).rejects.toThrow('rolled back');
      expect(await generationOf(ctx.db, teamId)).toBe('2');
    });

    it('when orders are filtered by is_critical or interpretation, then an order without results (interpretation null) is not critical, and each filter counts and lists what it matches', async () => {
      const { teamId, userId } = await seed();
      const orders = (await insertOrders(ctx.db, [newOrder(teamId, userId), newOrder(teamId, userId), newOrder(teamId, userId)])).map((o) => o!.id);
      await ctx.db.query(`UPDATE lab_orders SET interpretation = v.interpretation FROM (VALUES ($1::uuid, 'critical'), ($2::uuid, 'normal')) AS v(id, interpretation) WHERE lab_orders.id = v.id`, [orders[0], orders[1]]);
      const ids = async (filter: Partial<OrderListFilter>) => {
        const page = await listOrders(ctx.db, teamId, { ...NO_FILTER, ...filter }, { key: 'created_at', direction: 'asc' }, { page: 1, size: 10 }, caches);
        expect(page.total).toBe(page.orders.length);
        return page.orders.map((o) => o.id).sort();
      };
      expect(await ids({ is_critical: true })).toEqual([orders[0]]);
      expect(await ids({ is_critical: false })).toEqual([orders[1], orders[2]].sort());
      expect(await ids({ interpretation: 'normal' })).toEqual([orders[1]]);
      expect(await ids({ interpretation: 'abnormal' })).toEqual([]);
      expect(await ids({ is_critical: false, interpretation: 'critical' })).toEqual([]);
    });

    it("when a team with orders is deleted, then its orders and its generation go with it", async () => {
      const { teamId, userId } = await seed();
      await insertOrders(ctx.db, [newOrder(teamId, userId)]);
      await ctx.db.query(`DELETE FROM teams WHERE id = $1`, [teamId]);
      expect(await generationOf(ctx.db, teamId)).toBeNull();
      expect(await ctx.db.one(`SELECT 1 FROM lab_orders WHERE team_id = $1`, [teamId])).toBeNull();
    });

    it('when an order changes, then the list answers a new record for it and the same frozen record for the others', async () => {
      const { teamId, userId } = await seed();
      const [a, b] = await insertOrders(ctx.db, [newOrder(teamId, userId), newOrder(teamId, userId)]);
      const read = () => listOrders(ctx.db, teamId, NO_FILTER, { key: 'created_at', direction: 'asc' }, { page: 1, size: 10 }, caches);
      await read();
      const before = await read();
      expect(before.total).toBe(2);
      expect(Object.isFrozen(before.orders[0]!.body)).toBe(true);
      await transitionOrder(ctx.db, { team_id: teamId, order_id: a!.id, from: a!.status, to: 'cancelled.walk_in_test.cancelled', low_status: 'cancelled', status_detail: null, at: new Date().toISOString() });
      const after = await read();
      const [changed, same] = [after.orders.find((o) => o.id === a!.id)!, after.orders.find((o) => o.id === b!.id)!];
      expect(changed.status).toBe('cancelled.walk_in_test.cancelled');
      expect(changed.events.map((e) => e.status)).toEqual(['received.walk_in_test.ordered', 'cancelled.walk_in_test.cancelled']);
      expect(same).toBe(before.orders.find((o) => o.id === b!.id));
      expect(after.total).toBe(2);
    });
  });

  describe.skipIf(!engine.available)('the orders the list keeps', () => {
    const ctx = useTestDatabase(engine);
    const caches = createLabOrderCaches(new CacheRegistry());

    it('when a page is read once, then its orders are not kept (nor frozen); read again, they are (frozen), and later reads answer those same records', async () => {
      const { team } = await seedTeam(ctx.db);
      const user = (await ctx.db.one<{ id: string }>(`INSERT INTO users (team_id, client_user_id) VALUES ($1, $2) RETURNING id`, [team.id, randomUUID()]))!;
      await insertOrders(ctx.db, [newOrder(team.id, user.id), newOrder(team.id, user.id)]);
      const read = () => listOrders(ctx.db, team.id, NO_FILTER, { key: 'created_at', direction: 'asc' }, { page: 1, size: 10 }, caches);
      const first = await read();
      expect(first.orders.some((order) => isKeptOrder(caches, order))).toBe(false);
      const second = await read();
      expect(second.orders.map((order) => order.id)).toEqual(first.orders.map((order) => order.id));
      second.orders.forEach((order, i) => expect(order).not.toBe(first.orders[i]));
      expect(second.orders.every((order) => isKeptOrder(caches, order))).toBe(true);
      // A kept record is shared with later reads: frozen through and through. One read once is the caller's own.
      expect(first.orders.some((order) => Object.isFrozen(order))).toBe(false);
      for (const order of second.orders) expect(Object.isFrozen(order) && Object.isFrozen(order.body) && Object.isFrozen(order.events)).toBe(true);
      const third = await read();
      third.orders.forEach((order, i) => expect(order).toBe(second.orders[i]));
    });
  });

  describe.skipIf(!engine.available)('insertOrders', () => {
    const ctx = useTestDatabase(engine);

    it('when orders are stored, then each record answered is the order as read back, and a user of another team stores nothing', async () => {
      const { team } = await seedTeam(ctx.db);
      const { team: other } = await seedTeam(ctx.db);
      const user = (await ctx.db.one<{ id: string }>(`INSERT INTO users (team_id, client_user_id) VALUES ($1, 'mine') RETURNING id`, [team.id]))!;
      const stranger = (await ctx.db.one<{ id: string }>(`INSERT INTO users (team_id, client_user_id) VALUES ($1, 'theirs') RETURNING id`, [other.id]))!;
      const labTest = { id: randomUUID(), name: 'Panel', markers: [{ name: 'Glucose', unit: 'mg/dL' }] };
      const withLabTest = (order: NewLabOrder): NewLabOrder => ({ ...order, body: { patient_details: { first_name: 'Zoë', dob: '1990-01-02' }, lab_test: labTest, notes: '' } });
      const inputs = [withLabTest(newOrder(team.id, user.id)), withLabTest(newOrder(team.id, stranger.id)), newOrder(team.id, user.id)];
      const stored = await insertOrders(ctx.db, inputs);
      expect(stored[1]).toBeNull();
      expect(await findOrder(ctx.db, team.id, inputs[1]!.id)).toBeNull();
      for (const record of [stored[0]!, stored[2]!]) expect(record).toEqual(await findOrder(ctx.db, team.id, record.id));
      expect(stored[0]!.body.lab_test).toEqual(labTest);
      expect(stored[0]!.lab_test_view).toEqual(expect.any(String));
      expect(stored[2]!.lab_test_view).toBeNull();
      expect(stored[0]!.client_user_id).toBe('mine');
    });

    it('when orders are stored with their events, then each event is the text its envelope makes, with the user\'s client_user_id and the first event\'s id, delivered to each endpoint that takes it', async () => {
      const { team } = await seedTeam(ctx.db);
      const { team: other } = await seedTeam(ctx.db);
      // A client_user_id that JSON escapes: the statement writes it, as JSON.stringify would.
      const clientUserId = `pat "ø" \\ ${'\n'}\u0001 ${randomUUID()}`;
      const user = (await ctx.db.one<{ id: string }>(`INSERT INTO users (team_id, client_user_id) VALUES ($1, $2) RETURNING id`, [team.id, clientUserId]))!;
      const stranger = (await ctx.db.one<{ id: string }>(`INSERT INTO users (team_id, client_user_id) VALUES ($1, 'theirs') RETURNING id`, [other.id]))!;
      const endpoint = async (types: string[] | null) => (await ctx.db.one<{ id: string }>(
        `INSERT INTO webhook_endpoints (team_id, url, secret, event_types) VALUES ($1, 'http://127.0.0.1:1/hook', 'whsec_x', $2) RETURNING id`, [team.id, types]))!.id;
      const takers = [await endpoint(null), await endpoint(['labtest.order.*'])];
      await endpoint(['labtest.order.updated']);
      const labTest = Object.freeze({ id: randomUUID(), name: 'Panel', markers: [{ name: 'Glucose', unit: 'mg/dL' }] });
      const inputs = [newOrder(team.id, user.id), newOrder(team.id, stranger.id), newOrder(team.id, user.id)].map((order) => ({ ...order, body: { lab_test: labTest, notes: '' } }));
      const envelope = (order: LabOrderRecord) => ({ event_type: 'labtest.order.created', data: { id: order.id, lab_test: order.body.lab_test, events: order.events, last_event: order.events[0] }, team_id: order.team_id, user_id: order.user_id, client_user_id: order.client_user_id });
      const stored = await insertOrders(ctx.db, inputs, { withEvent: (order) => ({ event: envelope(order), dedupKey: `labtest.order.created:${order.id}`, labTestView: order.lab_test_view }) });
      expect(stored[1]).toBeNull();
      for (const order of [stored[0]!, stored[2]!]) {
        expect(order.client_user_id).toBe(clientUserId);
        const event = (await ctx.db.one<{ id: string; body: string }>(`SELECT e.id, ${eventBodySql('e')} AS body FROM events e WHERE e.dedup_key = $1`, [`labtest.order.created:${order.id}`]))!;
        expect(event.body).toBe(JSON.stringify(envelope(order)));
        expect(order).toEqual(await findOrder(ctx.db, team.id, order.id));
        const deliveries = await ctx.db.query<{ endpoint_id: string }>(`SELECT endpoint_id FROM webhook_deliveries WHERE event_id = $1 AND status = 'pending'`, [event.id]);
        expect(deliveries.map((d) => d.endpoint_id).sort()).toEqual([...takers].sort());
      }
      expect(await ctx.db.one(`SELECT 1 FROM events WHERE dedup_key = $1`, [`labtest.order.created:${inputs[1]!.id}`])).toBeNull();
      // The first event's id was drawn ahead: the order's next event still comes after it.
      const moved = await transitionOrder(ctx.db, { team_id: team.id, order_id: stored[0]!.id, from: stored[0]!.status, to: 'cancelled.walk_in_test.cancelled', low_status: 'cancelled', status_detail: null, at: new Date().toISOString() });
      expect(moved).not.toBeNull();
      const events = (await findOrder(ctx.db, team.id, stored[0]!.id))!.events;
      expect(events.map((e) => e.status)).toEqual(['received.walk_in_test.ordered', 'cancelled.walk_in_test.cancelled']);
      expect(events[1]!.id).toBeGreaterThan(events[0]!.id);
    });
  });

  describe.skipIf(!engine.available)('the activation and recipient filters (migrations 021 and 022)', () => {
    const ctx = useTestDatabase(engine);
    const caches = createLabOrderCaches(new CacheRegistry());
    const seed = async () => {
      const { team } = await seedTeam(ctx.db);
      const user = (await ctx.db.one<{ id: string }>(`INSERT INTO users (team_id, client_user_id) VALUES ($1, $2) RETURNING id`, [team.id, randomUUID()]))!;
      return { teamId: team.id, userId: user.id };
    };
    // Each filter is read three times: by OFFSET, then its whole list of ids, then a slice of that list.
    const idsOf = async (teamId: string, filter: Partial<OrderListFilter>) => {
      const reads = [];
      for (let i = 0; i < 3; i += 1) reads.push(await listOrders(ctx.db, teamId, { ...NO_FILTER, ...filter }, { key: 'created_at', direction: 'asc' }, { page: 1, size: 10 }, caches));
      for (const read of reads) expect(read.total).toBe(read.orders.length);
      const ids = reads.map((read) => read.orders.map((order) => order.id));
      expect(ids[1]).toEqual(ids[0]);
      expect(ids[2]).toEqual(ids[0]);
      return ids[0]!;
    };

    it('when orders have an activate_by day before, on or after today, or none, then scheduled is the ones after today and current the others, day by day', async () => {
      const { teamId, userId } = await seed();
      const at = (i: number) => new Date(Date.UTC(2040, 5, 1, 0, 0, i)).toISOString();
      const [none, before, on, after] = await insertOrders(ctx.db, [null, '2040-06-14', '2040-06-15', '2040-06-16'].map((day, i) => ({ ...newOrder(teamId, userId), activate_by: day, at: at(i) })));
      expect(await idsOf(teamId, { activation: { type: 'scheduled', today: '2040-06-15' } })).toEqual([after!.id]);
      expect(await idsOf(teamId, { activation: { type: 'current', today: '2040-06-15' } })).toEqual([none!.id, before!.id, on!.id]);
      // A day later, with no write in between: the kept lists and totals are the day before's.
      expect(await idsOf(teamId, { activation: { type: 'scheduled', today: '2040-06-16' } })).toEqual([]);
      expect(await idsOf(teamId, { activation: { type: 'current', today: '2040-06-16' } })).toEqual([none!.id, before!.id, on!.id, after!.id]);
      expect(await idsOf(teamId, { activation: { type: 'scheduled', today: '2040-06-13' }, low_statuses: ['ordered'] })).toEqual([before!.id, on!.id, after!.id]);
    });

    it('when orders have recipients, then the recipient filter matches part of their names, and search_input matches them and the user id too', async () => {
      const { teamId, userId } = await seed();
      const other = (await ctx.db.one<{ id: string }>(`INSERT INTO users (team_id, client_user_id) VALUES ($1, $2) RETURNING id`, [teamId, randomUUID()]))!.id;
      const at = (i: number) => new Date(Date.UTC(2040, 5, 1, 0, 0, i)).toISOString();
      const [carmen, bea, zoe] = await insertOrders(ctx.db, [
        { ...newOrder(teamId, userId), patient_name: 'ana lopez', receiver_name: 'carmen ruiz', at: at(0) },
        { ...newOrder(teamId, other), patient_name: 'bea smith', receiver_name: 'bea smith', at: at(1) },
        { ...newOrder(teamId, other), patient_name: 'zoë 😀', receiver_name: 'émile zoë 😀', at: at(2) },
      ]);
      expect(await idsOf(teamId, { receiver_name: 'RUIZ' })).toEqual([carmen!.id]);
      expect(await idsOf(teamId, { receiver_name: ' smith ' })).toEqual([bea!.id]);
      expect(await idsOf(teamId, { receiver_name: 'lopez' })).toEqual([]);
      expect(await idsOf(teamId, { receiver_name: 'ÉMILE' })).toEqual([zoe!.id]);
      expect(await idsOf(teamId, { receiver_name: 'zoë' })).toEqual([zoe!.id]);
      expect(await idsOf(teamId, { patient_name: 'lopez', receiver_name: 'carmen' })).toEqual([carmen!.id]);
      expect(await idsOf(teamId, { search_input: 'Carmen' })).toEqual([carmen!.id]);
      expect(await idsOf(teamId, { search_input: 'Émile' })).toEqual([zoe!.id]);
      expect(await idsOf(teamId, { search_input: 'lopez' })).toEqual([carmen!.id]);
      expect(await idsOf(teamId, { search_input: other.toUpperCase() })).toEqual([bea!.id, zoe!.id]);
      // Another team's recipients are not listed.
      const { teamId: stranger } = await seed();
      expect(await idsOf(stranger, { receiver_name: 'carmen' })).toEqual([]);
    });
  });

  describe.skipIf(!engine.available)('the body (json, migration 018)', () => {
    const ctx = useTestDatabase(engine);

    it('when an order is stored, then its body is the text the server wrote; a status change with a patch adds its fields and keeps the others', async () => {
      const { team } = await seedTeam(ctx.db);
      const user = (await ctx.db.one<{ id: string }>(`INSERT INTO users (team_id, client_user_id) VALUES ($1, $2) RETURNING id`, [team.id, randomUUID()]))!;
      const body = { notes: 'first', patient_details: { last_name: 'Lopez', first_name: 'Maria' }, passthrough: null };
      const [order] = await insertOrders(ctx.db, [{ ...newOrder(team.id, user.id), body }]);
      const stored = async () => (await ctx.db.one<{ body: string; type: string }>(`SELECT body::text AS body, pg_typeof(body)::text AS type FROM lab_orders WHERE id = $1`, [order!.id]))!;
      expect(await stored()).toEqual({ body: JSON.stringify(body), type: 'json' });

      // No patch: the text stays as written.
      const moved = await transitionOrder(ctx.db, { team_id: team.id, order_id: order!.id, from: order!.status, to: 'received.walk_in_test.requisition_created', low_status: 'requisition_created', status_detail: null, at: new Date().toISOString() });
      expect(moved?.body).toEqual(body);
      expect((await stored()).body).toBe(JSON.stringify(body));

      const patched = await transitionOrder(ctx.db, {
        team_id: team.id, order_id: order!.id, from: 'received.walk_in_test.requisition_created', to: 'collecting_sample.walk_in_test.appointment_scheduled', low_status: 'appointment_scheduled',
        status_detail: null, at: new Date().toISOString(), body_patch: { notes: 'patched', details: { type: 'walk_in_test' } },
      });
      expect(patched?.body).toEqual({ ...body, notes: 'patched', details: { type: 'walk_in_test' } });
    });

    it('when an order of a transaction with a redraw moves, then the order it returns is the one a read gives after, its own status among its transaction orders', async () => {
      const { team } = await seedTeam(ctx.db);
      const user = (await ctx.db.one<{ id: string }>(`INSERT INTO users (team_id, client_user_id) VALUES ($1, $2) RETURNING id`, [team.id, randomUUID()]))!;
      const [parent] = await insertOrders(ctx.db, [newOrder(team.id, user.id)]);
      const [redraw] = await insertOrders(ctx.db, [{ ...newOrder(team.id, user.id), redraw_of: { transaction_id: parent!.transaction_id, parent_id: parent!.id } }]);
      for (const order of [redraw!, parent!]) {
        const to = 'received.walk_in_test.requisition_created';
        const moved = await transitionOrder(ctx.db, { team_id: team.id, order_id: order.id, from: order.status, to, low_status: 'requisition_created', status_detail: null, at: new Date().toISOString() });
        expect(moved).toEqual(await findOrder(ctx.db, team.id, order.id));
        expect(moved!.transaction_orders.map((t) => [t.id, t.status])).toEqual([[parent!.id, expect.any(String)], [redraw!.id, to]].map(([id, status]) => [id, id === order.id ? to : status]));
        expect(moved!.transaction_orders.find((t) => t.id === order.id)!.status_at).toBe(moved!.events.at(-1)!.created_at);
      }
    });
  });

  describe.skipIf(!engine.available)('lockOrders and transitionOrders (a batch)', () => {
    const ctx = useTestDatabase(engine);

    it('when orders are moved together, then each moved one is what transitionOrder gives it, one no longer in its status or of another team is null, and a transaction with two of them moves both', async () => {
      const { team } = await seedTeam(ctx.db);
      const { team: other } = await seedTeam(ctx.db);
      const user = (await ctx.db.one<{ id: string }>(`INSERT INTO users (team_id, client_user_id) VALUES ($1, $2) RETURNING id`, [team.id, randomUUID()]))!;
      const [a, b, stale] = (await insertOrders(ctx.db, [newOrder(team.id, user.id), newOrder(team.id, user.id), newOrder(team.id, user.id)])).map((o) => o!);
      const [redraw] = await insertOrders(ctx.db, [{ ...newOrder(team.id, user.id), redraw_of: { transaction_id: a!.transaction_id, parent_id: a!.id } }]);
      const to = 'received.walk_in_test.requisition_created';
      const move = (order: LabOrderRecord, teamId = team.id, from = order.status) =>
        ({ team_id: teamId, order_id: order.id, from, to, low_status: 'requisition_created', status_detail: null, at: new Date().toISOString(), body_patch: { notes: `moved ${order.id}` } });
      await ctx.db.transaction(async (tx) => {
        expect(await lockOrders(tx, [a!, b!, stale!, redraw!].map((o) => ({ team_id: team.id, order_id: o.id })).concat([{ team_id: other.id, order_id: b!.id }, { team_id: team.id, order_id: 'not-a-uuid' }])))
          .toEqual(new Set([a!.id, b!.id, stale!.id, redraw!.id]));
        const moved = await transitionOrders(tx, [move(a!), move(b!, other.id), move(stale!, team.id, 'completed.walk_in_test.completed'), move(redraw!), { ...move(b!), order_id: b!.id.toUpperCase() }]);
        expect(moved.map((order) => order?.id ?? null)).toEqual([a!.id, null, null, redraw!.id, b!.id]);
        for (const order of moved) if (order) expect(order).toEqual(await findOrder(tx, team.id, order.id));
        expect(moved[0]!.body.notes).toBe(`moved ${a!.id}`);
        expect(moved[0]!.events.map((e) => e.status)).toEqual([a!.status, to]);
      });
      expect((await findOrder(ctx.db, team.id, stale!.id))!.status).toBe(stale!.status);
      const [parent, child] = [await findOrder(ctx.db, team.id, a!.id), await findOrder(ctx.db, team.id, redraw!.id)];
      for (const order of [parent!, child!]) expect(order.transaction_orders.map((t) => t.status)).toEqual([to, to]);
    });
  });

  describe.skipIf(!engine.available)('vacuumLabOrders', () => {
    const ctx = useTestDatabase(engine);

    it('when the order tables are vacuumed, then they are analysed at the order statistics target: at most that many histogram buckets of created_at', async () => {
      const { team } = await seedTeam(ctx.db);
      const user = (await ctx.db.one<{ id: string }>(`INSERT INTO users (team_id, client_user_id) VALUES ($1, $2) RETURNING id`, [team.id, randomUUID()]))!;
      const start = Date.UTC(2026, 0, 1);
      const orders = Array.from({ length: 400 }, (_, i) => ({ ...newOrder(team.id, user.id), at: new Date(start + i * 60_000).toISOString() }));
      await insertOrders(ctx.db, orders);
      await vacuumLabOrders(ctx.db);
      const stats = await ctx.db.one<{ buckets: number }>(
        `SELECT array_length(histogram_bounds, 1) AS buckets FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'lab_orders' AND attname = 'created_at'`,
      );
      // One bound more than the buckets; at PostgreSQL's default target (100) there would be 101 bounds for 400 distinct values.
      expect(stats?.buckets).toBe(LAB_ORDER_STATISTICS_TARGET + 1);
      // The setting was the ANALYZE's only: the session keeps its own.
      expect(await ctx.db.query('SHOW default_statistics_target')).toEqual([{ default_statistics_target: '100' }]);
    });
  });
});
