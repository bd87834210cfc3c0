import { describe, expect, it } from 'vitest';
import { listEventPayloads } from '../storage/stored-state.js';
import { orderBody } from './lab-order-fixtures.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

type Unmatched = TeamSchemas['UnmatchedResult'];
type Page = TeamSchemas['ListUnmatchedResultResponse'];
type Order = TeamSchemas['Order'];

describe.each(apiEngines)('unmatched results (GET /v3/unmatched_result..., accept, resolve, POST /v3/sandbox/unmatched_result) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const make = (body: object, key?: string) => ctx.team(key).post('/v3/sandbox/unmatched_result').send(body);
  const placeOrder = async (userId: string) => expectStatus<{ order: Order }>(await ctx.team().post('/v3/order').send(orderBody(userId)), 200).order;

  it('when the sandbox makes a result for a patient without an order, then it waits for review as no_match and labtest.match_review.created is sent', async () => {
    const user = await ctx.newUser();
    const made = expectStatus<Unmatched>(await make({ user_id: user.user_id, patient: { first_name: 'Nadia', last_name: 'Quist', dob: '1990-02-03', gender: 'female' }, interpretation: 'abnormal' }), 200);
    expect(made).toMatchObject({
      status: 'pending_customer_review',
      decision_code: 'no_match',
      patient: { first_name: 'Nadia', last_name: 'Quist', dob: '1990-02-03T00:00:00Z', gender: 'female' },
      lab: { slug: 'labcorp' },
      interpretation: 'abnormal',
      result_status: 'final',
      allowed_actions: ['accept', 'reject', 'unsure'],
      candidate_groups: [],
      note: null,
      reviewed_at: null,
    });
    expect(made.markers?.length).toBeGreaterThan(0);
    expect(expectStatus<Unmatched>(await ctx.team().get(`/v3/unmatched_result/${made.id}`), 200)).toEqual(made);
    const events = await listEventPayloads<{ data: unknown; user_id: string }>(ctx.server.db, { team_id: ctx.server.teamId, event_type: 'labtest.match_review.created' });
    expect(events.filter((e) => (e.data as { id: string }).id === made.id)).toEqual([
      expect.objectContaining({ user_id: user.user_id, client_user_id: user.client_user_id, data: { id: made.id, status: 'pending_customer_review', decision_code: 'no_match', sub_reason_codes: [] } }),
    ]);
  });

  it('when a result resembling an order is accepted, then the order completes with its values, sends its events, and the result leaves the queue', async () => {
    const user = await ctx.newUser();
    const order = await placeOrder(user.user_id);
    const made = expectStatus<Unmatched>(await make({ user_id: user.user_id, order_id: order.id, interpretation: 'critical' }), 200);
    expect(made.decision_code).toBe('match_demo');
    expect(made.candidate_groups).toEqual([{ user_id: user.user_id, candidates: [expect.objectContaining({ order_id: order.id, last_status: 'ordered', confidence_level: 'high' })] }]);
    const accepted = expectStatus<Order>(await ctx.team().post(`/v3/unmatched_result/${made.id}/accept`).send({ order_id: order.id, note: 'relabelled' }), 200);
    expect(accepted.id).toBe(order.id);
    expect(accepted.status).toBe('completed');
    expect(accepted.last_event.status).toBe('completed.walk_in_test.completed');
    expect(accepted.interpretation).toBe('critical');
    const results = expectStatus<{ results: { interpretation: string }[]; metadata: { interpretation: string } }>(await ctx.team().get(`/v3/order/${order.id}/result`), 200);
    expect(results.metadata.interpretation).toBe('critical');
    const updates = await listEventPayloads<{ data: Order }>(ctx.server.db, { team_id: ctx.server.teamId, event_type: 'labtest.order.updated' });
    expect(updates.some((e) => e.data.id === order.id && e.data.last_event.status === 'completed.walk_in_test.completed')).toBe(true);
    const critical = await listEventPayloads<{ data: { order_id: string } }>(ctx.server.db, { team_id: ctx.server.teamId, event_type: 'labtest.result.critical' });
    expect(critical.filter((e) => e.data.order_id === order.id)).toHaveLength(1);
    const after = expectStatus<Unmatched>(await ctx.team().get(`/v3/unmatched_result/${made.id}`), 200);
    expect(after).toMatchObject({ status: 'matched', note: 'relabelled', allowed_actions: [] });
    expect(after.reviewed_at).not.toBeNull();
    expectDetail(await ctx.team().post(`/v3/unmatched_result/${made.id}/accept`).send({ order_id: order.id }), 400, /already accepted/);
    expectDetail(await ctx.team().post(`/v3/unmatched_result/${made.id}/resolve`).send({ action: 'reject' }), 400, /already accepted/);
  });

  it('when accepted with user_id alone, then the user\'s one open order takes it; with none, a 422 asks for order_id; a closed order is a 400', async () => {
    const user = await ctx.newUser();
    const none = expectStatus<Unmatched>(await make({ user_id: user.user_id }), 200);
    expectValidation(await ctx.team().post(`/v3/unmatched_result/${none.id}/accept`).send({ user_id: user.user_id }), [{ loc: ['body', 'order_id'], msg: /no open order/ }]);
    expectValidation(await ctx.team().post(`/v3/unmatched_result/${none.id}/accept`).send({}), [{ loc: ['body'] }]);
    const order = await placeOrder(user.user_id);
    expect(expectStatus<Order>(await ctx.team().post(`/v3/unmatched_result/${none.id}/accept`).send({ user_id: user.user_id }), 200).id).toBe(order.id);
    const second = expectStatus<Unmatched>(await make({ user_id: user.user_id }), 200);
    expectDetail(await ctx.team().post(`/v3/unmatched_result/${second.id}/accept`).send({ order_id: order.id }), 400, /only an open order/);
    const otherUser = await ctx.newUser();
    const theirOrder = await placeOrder(otherUser.user_id);
    expectValidation(await ctx.team().post(`/v3/unmatched_result/${second.id}/accept`).send({ user_id: user.user_id, order_id: theirOrder.id }), [{ loc: ['body', 'order_id'], msg: /not an order of user/ }]);
    expect(expectStatus<Unmatched>(await ctx.team().get(`/v3/unmatched_result/${second.id}`), 200).status).toBe('pending_customer_review');
  });

  it('when resolved, then reject dismisses it and unsure hands it to operations, each with its note', async () => {
    const user = await ctx.newUser();
    const a = expectStatus<Unmatched>(await make({ user_id: user.user_id }), 200);
    const rejected = expectStatus<Unmatched>(await ctx.team().post(`/v3/unmatched_result/${a.id}/resolve`).send({ action: 'reject', note: 'not ours' }), 200);
    expect(rejected).toMatchObject({ status: 'resolved', note: 'not ours', allowed_actions: [] });
    expectDetail(await ctx.team().post(`/v3/unmatched_result/${a.id}/resolve`).send({ action: 'reject' }), 400, /already resolved/);
    const b = expectStatus<Unmatched>(await make({ user_id: user.user_id }), 200);
    const unsure = expectStatus<Unmatched>(await ctx.team().post(`/v3/unmatched_result/${b.id}/resolve`).send({ action: 'unsure' }), 200);
    expect(unsure).toMatchObject({ status: 'pending_ops_review', allowed_actions: ['accept', 'reject'] });
    expectDetail(await ctx.team().post(`/v3/unmatched_result/${b.id}/resolve`).send({ action: 'unsure' }), 400, /operations/);
    expectValidation(await ctx.team().post(`/v3/unmatched_result/${b.id}/resolve`).send({ action: 'accept' }), [{ loc: ['body', 'action'] }]);
  });

  it('when listing, then the pending queue is newest first, filters combine and the cursor pages without repeats', async () => {
    const { other } = await ctx.otherTeamsUser();
    const listing = (query: string, key = other.apiKey) => ctx.team(key).get(`/v3/unmatched_result?${query}`);
    const owner = await ctx.newUser({}, other.apiKey);
    const ids: string[] = [];
    for (const [i, last] of ['Ames', 'Baker', 'Cole'].entries()) {
      ctx.server.setNow(new Date(Date.UTC(2026, 2, 4, 12, 0, i)));
      ids.push(expectStatus<Unmatched>(await make({ user_id: owner.user_id, patient: { first_name: 'Pat', last_name: last, dob: '1980-01-01', gender: 'male' } }, other.apiKey), 200).id);
    }
    const all = expectStatus<Page>(await listing(''), 200);
    expect(all.total).toBe(3);
    expect(all.data?.map((r) => r.id)).toEqual([...ids].reverse());
    const first = expectStatus<Page>(await listing('limit=2'), 200);
    expect(first.data?.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    const second = expectStatus<Page>(await listing(`limit=2&next_cursor=${first.next_cursor}`), 200);
    expect({ ids: second.data?.map((r) => r.id), next: second.next_cursor, total: second.total }).toEqual({ ids: [ids[0]], next: null, total: 3 });
    expect(expectStatus<Page>(await listing('search_input=BAK'), 200).data?.map((r) => r.id)).toEqual([ids[1]]);
    expect(expectStatus<Page>(await listing(`search_input=${ids[0]}`), 200).data?.map((r) => r.id)).toEqual([ids[0]]);
    await ctx.team(other.apiKey).post(`/v3/unmatched_result/${ids[0]}/resolve`).send({ action: 'reject' });
    expect(expectStatus<Page>(await listing(''), 200).total).toBe(2);
    expect(expectStatus<Page>(await listing('status=resolved'), 200).data?.map((r) => r.id)).toEqual([ids[0]]);
    expect(expectStatus<Page>(await listing('decision_code=match_demo'), 200).total).toBe(0);
    expect(expectStatus<Page>(await listing('lab_slug=quest'), 200).total).toBe(0);
    expect(expectStatus<Page>(await listing('created_at_start=2026-03-04&created_at_end=2026-03-04'), 200).total).toBe(2);
    expect(expectStatus<Page>(await listing('created_at_end=2026-03-03'), 200).total).toBe(0);
    expect(expectStatus<Page>(await listing('created_at_start=2026-03-05'), 200).total).toBe(0);
    expectValidation(await listing('created_at_start=2026-02-02&created_at_end=2026-02-01'), [{ loc: ['query', 'created_at_start'] }]);
    expectValidation(await listing('next_cursor=bogus'), [{ loc: ['query', 'next_cursor'] }]);
    expectValidation(await listing('limit=0'), [{ loc: ['query', 'limit'] }]);
  });

  it("when another team's result, order or user is named, then it is a 404", async () => {
    const { other, theirs } = await ctx.otherTeamsUser();
    const theirResult = expectStatus<Unmatched>(await make({ user_id: theirs.user_id }, other.apiKey), 200);
    expectDetail(await ctx.team().get(`/v3/unmatched_result/${theirResult.id}`), 404);
    expectDetail(await ctx.team().post(`/v3/unmatched_result/${theirResult.id}/resolve`).send({ action: 'reject' }), 404);
    expectDetail(await ctx.team().post(`/v3/unmatched_result/${theirResult.id}/accept`).send({ order_id: UNKNOWN_ID }), 404);
    expect(expectStatus<Page>(await ctx.team().get(`/v3/unmatched_result?search_input=${theirResult.id}&status=pending_customer_review`), 200).total).toBe(0);
    expectDetail(await make({ user_id: theirs.user_id }), 404);
    const mine = await ctx.newUser();
    const mineResult = expectStatus<Unmatched>(await make({ user_id: mine.user_id }), 200);
    const theirOrder = expectStatus<{ order: Order }>(await ctx.team(other.apiKey).post('/v3/order').send(orderBody(theirs.user_id)), 200).order;
    expectDetail(await ctx.team().post(`/v3/unmatched_result/${mineResult.id}/accept`).send({ order_id: theirOrder.id }), 404);
    expectDetail(await ctx.team().post(`/v3/unmatched_result/${mineResult.id}/accept`).send({ user_id: theirs.user_id }), 404);
    expectDetail(await make({ user_id: mine.user_id, order_id: theirOrder.id }), 404);
    expectDetail(await ctx.team().get(`/v3/unmatched_result/${UNKNOWN_ID}`), 404);
  });
});
