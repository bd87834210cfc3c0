/**
 * The lab timeseries events (`daily.data.cholesterol|ige|igg.created`): emitted when an order's
 * final results are stored, one per resource the results bring samples to, each carrying exactly
 * the samples the grouped timeseries read returns for those results and the read's source; none
 * for an order without those markers, none for partial results, once per order, and only to the
 * order's team.
 */
import { describe, expect, it } from 'vitest';
import { MARKER_CATALOG } from '../../server/domain/lab-markers/catalog.js';
import { LABS } from '../../server/domain/lab-markers/catalog.js';
import { LabOrderSimulator } from '../../server/jobs/lab-orders/simulator.js';
import { recordResultsOnStatusChange } from '../../server/jobs/lab-results/record.js';
import { findOrder } from '../../server/storage/repositories/lab-orders.js';
import { silentLogger } from '../helpers/silent-logger.js';
import { teamSchemaViolations } from '../jobs/bulk-pull/schemas.js';
import { orderBody, WALK_IN } from './lab-order-fixtures.js';
import { apiEngines, expectStatus, useApiApp, type TeamSchemas } from './helpers.js';

type Order = TeamSchemas['Order'];
type Results = TeamSchemas['LabResultsRaw'];
type LabEvent = TeamSchemas['DailyLabTimeseriesEvent'];
type Grouped = { groups: Record<string, { source: Record<string, unknown>; data: unknown[] }[]> };

const RESOURCES = ['cholesterol', 'ige', 'igg'] as const;
const labcorp = (slug: string) => MARKER_CATALOG.markers.find((m) => m.lab_id === 1 && m.slug === slug)!;
const LABCORP_ID = LABS.find((lab) => lab.slug === 'labcorp')!.id;

describe.each(apiEngines)('lab timeseries events (daily.data.cholesterol|ige|igg.created) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const simulator = () => new LabOrderSimulator({ db: ctx.server.db, logger: silentLogger() });

  const labTest = async (name: string, slugs: string[], key?: string) =>
    expectStatus<TeamSchemas['LabTest']>(await ctx.team(key).post('/v3/lab_tests').send({ name, description: '', method: 'walk_in_test', marker_ids: slugs.map((slug) => labcorp(slug).id) }), 200);

  async function placeOrder(labTestIds: string[], key?: string, userId?: string): Promise<Order> {
    const user = userId ?? (await ctx.newUser({}, key)).user_id;
    return expectStatus<TeamSchemas['OrderResponse']>(await ctx.team(key).post('/v3/order').send(orderBody(user, { order_set: { lab_test_ids: labTestIds } })), 200).order;
  }

  async function simulate(order: Order, flags: Record<string, unknown> = {}, query = '', key?: string) {
    expectStatus(await ctx.team(key).post(`/v3/order/${order.id}/test${query}`).send(flags), 200);
    await simulator().runDue();
  }

  /** The lab timeseries events of a user, as stored for delivery, with the team they belong to. */
  const labEvents = async (userId: string) =>
    (await ctx.server.db.query<{ team_id: string; event_type: string; payload: LabEvent }>(
      `SELECT team_id, event_type, payload FROM events
       WHERE payload->>'user_id' = $1 AND (event_type LIKE 'daily.data.cholesterol.%' OR event_type LIKE 'daily.data.ige.%' OR event_type LIKE 'daily.data.igg.%'
         OR event_type LIKE 'historical.data.cholesterol.%' OR event_type LIKE 'historical.data.ige.%' OR event_type LIKE 'historical.data.igg.%')
       ORDER BY event_type, id`,
      [userId],
    ));

  /** What the grouped read returns for the user on the results' day, per resource (every group). */
  async function readGroups(userId: string, day: string, key?: string) {
    const out: Record<string, Grouped['groups'][string]> = {};
    for (const resource of RESOURCES) {
      const grouped = expectStatus<Grouped>(await ctx.team(key).get(`/v2/timeseries/${userId}/${resource}/grouped?start_date=${day}&end_date=${day}`), 200);
      out[resource] = Object.values(grouped.groups).flat();
    }
    return out;
  }

  it('when many orders of varied markers and results complete, then each resource with samples has one .created event whose data is exactly what the grouped read returns, with the lab as source', async () => {
    const lipids = await labTest('Lipids and immunoglobulins', ['hdl', 'ldl-direct', 'igg', 'ige', 'tsh']);
    const immuno = await labTest('Immunoglobulins', ['ige', 'igg']);
    const plans: { tests: string[]; flags: Record<string, unknown> }[] = [
      { tests: [WALK_IN], flags: { interpretation: 'normal' } },
      { tests: [WALK_IN], flags: { interpretation: 'abnormal' } },
      { tests: [WALK_IN], flags: { interpretation: 'critical', result_types: ['numeric', 'range'] } },
      { tests: [WALK_IN], flags: { interpretation: 'abnormal', has_missing_results: true } },
      { tests: [lipids.id], flags: { interpretation: 'normal' } },
      { tests: [lipids.id], flags: { interpretation: 'abnormal', result_types: ['numeric', 'comment'] } },
      { tests: [immuno.id], flags: { interpretation: 'critical' } },
      { tests: [immuno.id], flags: { interpretation: 'unknown' } },
      { tests: [immuno.id], flags: { result_types: ['range'] } },
    ];
    const seen = new Set<string>();
    for (const plan of plans) {
      const order = await placeOrder(plan.tests);
      await simulate(order, plan.flags);
      const results = expectStatus<Results>(await ctx.team().get(`/v3/order/${order.id}/result`), 200);
      const day = results.results[0]!.timestamp!.slice(0, 10);
      const groups = await readGroups(order.user_id, day);
      const events = await labEvents(order.user_id);
      const { client_user_id } = expectStatus<{ client_user_id: string }>(await ctx.team().get(`/v2/user/${order.user_id}`), 200);
      const expected = RESOURCES.flatMap((resource) => groups[resource]!.map((group) => ({
        team_id: ctx.server.teamId,
        event_type: `daily.data.${resource}.created`,
        payload: {
          event_type: `daily.data.${resource}.created`,
          data: { user_id: order.user_id, source_id: LABCORP_ID, source: group.source, data: group.data },
          team_id: ctx.server.teamId,
          user_id: order.user_id,
          client_user_id,
        },
      })));
      expect(events).toEqual(expected);
      for (const event of events) {
        expect(teamSchemaViolations('DailyLabTimeseriesEvent', event.payload)).toEqual([]);
        expect(event.payload.data.source).toMatchObject({ provider: 'labcorp', type: 'lab' });
        expect(event.payload.data.data.length).toBeGreaterThan(0);
        seen.add(event.event_type);
      }
      // Every numeric result of an announced analyte is in the event: the event is the results, not a sample of them.
      const numeric = results.results.filter((r) => r.type === 'numeric' && ['2093-3', '13457-7', '18262-6', '2085-9', '2571-8', '19113-0', '2465-3'].includes(r.loinc!));
      expect(events.flatMap((e) => e.payload.data.data).length).toBe(numeric.length);
    }
    // The plans reach every resource (a regression that emits nothing cannot pass).
    expect([...seen].sort()).toEqual(['daily.data.cholesterol.created', 'daily.data.ige.created', 'daily.data.igg.created']);
    // Nine orders simulated to completion, each read back: more than the default 5 s on a loaded machine.
  }, 60_000);

  it('when an order has none of the markers (or only bounds and comments of them), then no lab timeseries event is emitted', async () => {
    const thyroid = await labTest('Thyroid check', ['tsh', 'vitamin-d']);
    const order = await placeOrder([thyroid.id]);
    await simulate(order, { interpretation: 'abnormal' });
    expect(expectStatus<Results>(await ctx.team().get(`/v3/order/${order.id}/result`), 200).results.length).toBeGreaterThan(0);
    expect(await labEvents(order.user_id)).toEqual([]);

    const immuno = await labTest('Immunoglobulins as comments', ['ige', 'igg']);
    const commented = await placeOrder([immuno.id]);
    await simulate(commented, { result_types: ['comment'] });
    const results = expectStatus<Results>(await ctx.team().get(`/v3/order/${commented.id}/result`), 200);
    expect(results.results.every((r) => r.type !== 'numeric')).toBe(true);
    expect(await labEvents(commented.user_id)).toEqual([]);
  });

  it('when an order stops at partial results, then nothing is announced; when it completes, its final results are, once, even if the status change is recorded again', async () => {
    const order = await placeOrder([WALK_IN]);
    await simulate(order, {}, '?final_status=sample_with_lab.walk_in_test.partial_results');
    expect(await labEvents(order.user_id)).toEqual([]);
    await simulate(order, {});
    const events = await labEvents(order.user_id);
    expect(events.map((e) => e.event_type)).toEqual(['daily.data.cholesterol.created']);
    // A resumed simulation records the completed status again: the results exist, nothing new is emitted.
    const stored = (await findOrder(ctx.server.db, ctx.server.teamId, order.id))!;
    await ctx.server.db.transaction((tx) => recordResultsOnStatusChange(tx, { order: stored, to: stored.status, flags: {}, partialResultsEnabled: async () => false }));
    expect(await labEvents(order.user_id)).toEqual(events);
  });

  it('when a user has two orders, then each order announces only its own samples, and the read returns both', async () => {
    const first = await placeOrder([WALK_IN]);
    await simulate(first, { interpretation: 'normal' });
    const second = await placeOrder([WALK_IN], undefined, first.user_id);
    await simulate(second, { interpretation: 'abnormal' });
    const events = (await labEvents(first.user_id)).filter((e) => e.event_type === 'daily.data.cholesterol.created');
    expect(events).toHaveLength(2);
    const announced = events.flatMap((e) => e.payload.data.data).map((s) => JSON.stringify(s)).sort();
    const days = new Set(events.flatMap((e) => e.payload.data.data.map((s) => s.timestamp.slice(0, 10))));
    const read: unknown[] = [];
    for (const day of days) read.push(...(await readGroups(first.user_id, day)).cholesterol!.flatMap((g) => g.data));
    expect([...new Set(read.map((s) => JSON.stringify(s)))].sort()).toEqual(announced);
  });

  it("when another team's user completes an order, then its events belong to that team only: none reach this team", async () => {
    const other = await ctx.otherTeam();
    const order = await placeOrder([WALK_IN], other.apiKey);
    await simulate(order, {}, '', other.apiKey);
    const events = await labEvents(order.user_id);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.team_id !== ctx.server.teamId && e.payload.team_id === e.team_id)).toBe(true);
    const ours = await ctx.server.db.query(`SELECT id FROM events WHERE team_id = $1 AND payload->>'user_id' = $2`, [ctx.server.teamId, order.user_id]);
    expect(ours).toEqual([]);
  });
});
