/**
 * POST /v3/order/resend_events: one new `labtest.order.updated` per order selected (by id, by a
 * window of `updated_at`, or both), the order as it is now; nothing about the orders changes,
 * and every refusal is a 422 naming its place.
 */
import { describe, expect, it } from 'vitest';
import { decideResendSelection, MAX_RESEND_WINDOW_DAYS } from '../../server/domain/lab-orders/resend.js';
import { listEventPayloads } from '../storage/stored-state.js';
import { orderBody } from './lab-order-fixtures.js';
import { apiEngines, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type ApiApp, type TeamSchemas } from './helpers.js';

type Order = TeamSchemas['Order'];
type Resent = TeamSchemas['ResendOrderEventsResponse'];

async function placeOrder(ctx: ApiApp, key?: string): Promise<Order> {
  const user = await ctx.newUser({}, key);
  return expectStatus<TeamSchemas['OrderResponse']>(await ctx.team(key).post('/v3/order').send(orderBody(user.user_id)), 200).order;
}

/** The orders each labtest.order.updated event of the team carried, oldest first. */
const announced = async (ctx: ApiApp, teamId = ctx.server.teamId) =>
  (await listEventPayloads<{ data: Order }>(ctx.server.db, { team_id: teamId, event_type: 'labtest.order.updated' })).map((event) => event.data);

describe('decideResendSelection', () => {
  const now = new Date('2026-11-29T12:00:00Z');

  it('when ids repeat, then each is selected once, first mention first; without start_at there is no window', () => {
    const a = '5c8e2b7a-9f14-4d36-8a0b-1e2f3a4b5c6d';
    const b = '6d9f3c8b-0a25-4e47-9b1c-2f3a4b5c6d7e';
    expect(decideResendSelection({ order_ids: [b, a, b.toUpperCase()] }, now)).toEqual({ ok: true, selection: { ids: [b, a], window: null } });
  });

  it(`when the window is exactly ${MAX_RESEND_WINDOW_DAYS} days, then it is taken; a millisecond more, or an end before the start, is refused at end_at`, () => {
    expect(decideResendSelection({ start_at: '2026-11-20T00:00:00Z', end_at: '2026-11-27T00:00:00Z' }, now)).toMatchObject({ ok: true });
    expect(decideResendSelection({ start_at: '2026-11-20T00:00:00Z', end_at: '2026-11-27T00:00:00.001Z' }, now)).toMatchObject({ ok: false, refusal: { loc: ['body', 'end_at'] } });
    expect(decideResendSelection({ start_at: '2026-11-20T00:00:00Z', end_at: '2026-11-19T00:00:00Z' }, now)).toMatchObject({ ok: false, refusal: { loc: ['body', 'end_at'] } });
    // Without end_at the window ends now.
    expect(decideResendSelection({ start_at: '2026-11-28T00:00:00Z' }, now)).toEqual({ ok: true, selection: { ids: [], window: { from: '2026-11-28T00:00:00.000Z', to: '2026-11-29T12:00:00.000Z' } } });
    expect(decideResendSelection({ start_at: '2026-11-30T00:00:00Z' }, now)).toMatchObject({ ok: false, refusal: { loc: ['body', 'end_at'] } });
  });

  it('when neither order_ids nor start_at is given, or end_at comes alone, then it is refused', () => {
    expect(decideResendSelection({}, now)).toMatchObject({ ok: false, refusal: { loc: ['body'] } });
    expect(decideResendSelection({ order_ids: ['5c8e2b7a-9f14-4d36-8a0b-1e2f3a4b5c6d'], end_at: '2026-11-28T00:00:00Z' }, now)).toMatchObject({ ok: false, refusal: { loc: ['body', 'start_at'] } });
  });
});

describe.each(apiEngines)('resendOrderEvents on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  it('when orders are named, then each gets one new labtest.order.updated with the order as it is now, and the orders do not change', async () => {
    const [first, second] = [await placeOrder(ctx), await placeOrder(ctx)];
    const before = await announced(ctx);
    const resent = expectStatus<Resent>(await ctx.team().post('/v3/order/resend_events').send({ order_ids: [second.id, first.id, second.id] }), 200);
    expect(resent.order_ids).toEqual([second.id, first.id]);
    const after = await announced(ctx);
    expect(after).toHaveLength(before.length + 2);
    const fresh = after.slice(before.length);
    expect(fresh.map((order) => order.id).sort()).toEqual([first.id, second.id].sort());
    for (const order of [first, second]) {
      expect(fresh.find((candidate) => candidate.id === order.id)).toEqual(expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200));
      expect(expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200)).toEqual(order);
    }
    // A second resend announces again: it is never taken for the first one's event.
    expectStatus<Resent>(await ctx.team().post('/v3/order/resend_events').send({ order_ids: [first.id] }), 200);
    expect(await announced(ctx)).toHaveLength(after.length + 1);
  });

  it('when a window is given, then the orders last updated in it are announced, by update, after the named ones, each once', async () => {
    const old = await placeOrder(ctx);
    ctx.server.setNow(new Date(Date.now() + 10 * 86_400_000));
    try {
      const recent = await placeOrder(ctx);
      const start = new Date(Date.now() + 10 * 86_400_000 - 3_600_000).toISOString();
      const windowed = expectStatus<Resent>(await ctx.team().post('/v3/order/resend_events').send({ start_at: start }), 200);
      expect(windowed.order_ids, JSON.stringify({ old: old.id, recent: recent.id })).toEqual([recent.id]);
      const both = expectStatus<Resent>(await ctx.team().post('/v3/order/resend_events').send({ order_ids: [old.id, recent.id], start_at: start }), 200);
      expect(both.order_ids).toEqual([old.id, recent.id]);
    } finally {
      ctx.server.setNow(null);
    }
  });

  it("when an id is unknown or another team's, then 422 naming its index, and nothing is announced", async () => {
    const mine = await placeOrder(ctx);
    const other = await ctx.otherTeam();
    const theirs = await placeOrder(ctx, other.apiKey);
    const before = await announced(ctx);
    expectValidation(await ctx.team().post('/v3/order/resend_events').send({ order_ids: [mine.id, UNKNOWN_ID, theirs.id] }), [
      { loc: ['body', 'order_ids', 1], msg: `${UNKNOWN_ID} is not an order of this team` },
      { loc: ['body', 'order_ids', 2], msg: `${theirs.id} is not an order of this team` },
    ]);
    expect(await announced(ctx)).toEqual(before);
  });

  it('when the request names nothing, a window over 7 days, an end before its start, or more than 100 ids, then 422 naming it', async () => {
    expectValidation(await ctx.team().post('/v3/order/resend_events').send({}), [{ loc: ['body'], msg: /order_ids, or a window/ }]);
    expectValidation(await ctx.team().post('/v3/order/resend_events').send({ start_at: '2026-11-01T00:00:00Z', end_at: '2026-11-08T00:00:01Z' }), [{ loc: ['body', 'end_at'], msg: /7 days/ }]);
    expectValidation(await ctx.team().post('/v3/order/resend_events').send({ start_at: '2026-11-02T00:00:00Z', end_at: '2026-11-01T00:00:00Z' }), [{ loc: ['body', 'end_at'] }]);
    expectValidation(await ctx.team().post('/v3/order/resend_events').send({ order_ids: Array.from({ length: 101 }, () => UNKNOWN_ID) }), [{ loc: ['body', 'order_ids'] }]);
  });
});
