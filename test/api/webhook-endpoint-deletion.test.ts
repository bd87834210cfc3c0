/**
 * A change that writes webhook events while one of its team's endpoints is being deleted
 * (DELETE .../webhook_endpoint/{endpoint_id} on the management API). On PostgreSQL the two
 * run side by side: the event's deliveries are written for the endpoints still there once the
 * deletion commits, and the change itself succeeds. (Before, the deleted endpoint's delivery
 * failed its foreign key and aborted the change: a 500.) The interleaving is forced with
 * test/helpers/locks.ts; PGlite runs one transaction at a time and never interleaves them.
 */
import { describe, expect, it } from 'vitest';
import { deleteWebhookEndpoint } from '../../server/storage/repositories/webhooks.js';
import { holdingLocks, untilBlockedBy } from '../helpers/locks.js';
import { orderBody } from './lab-order-fixtures.js';
import { apiEngines, expectStatus, uniqueName, useApiApp } from './helpers.js';

describe.each(apiEngines)('events written while a webhook endpoint is deleted on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const endpointsPath = () => `/v1/org/${ctx.server.orgId}/team/${ctx.server.teamId}/webhook_endpoint`;
  const newEndpoint = async () => expectStatus<{ id: string }>(await ctx.management().post(endpointsPath()).send({ url: `http://127.0.0.1:9/${uniqueName('hook')}` }), 200).id;
  const deliveriesOf = async (endpointIds: readonly string[]) =>
    (await ctx.server.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = ANY ($1::uuid[])`, [endpointIds]))!.n;

  /** Sends `request` while another transaction holds the deletion of a new endpoint, uncommitted; commits it once the request waits for it. */
  async function duringDeletion<T>(request: () => Promise<T>): Promise<{ answer: T; deleted: string; kept: string }> {
    const [deleted, kept] = [await newEndpoint(), await newEndpoint()];
    const { held, release, done } = holdingLocks(ctx.server.db, (tx) => deleteWebhookEndpoint(tx, { team_id: ctx.server.teamId, endpoint_id: deleted }), async () => undefined);
    const pid = await held;
    const answer = request();
    await untilBlockedBy(ctx.server.db, pid).finally(release);
    await done;
    return { answer: await answer, deleted, kept };
  }

  describe.skipIf(engine.kind !== 'postgres')('(PostgreSQL only: PGlite runs one transaction at a time)', () => {
    it('when a user is connected (provider.connection.created), then the connection is made, delivered to the endpoint that stays', async () => {
      const user = await ctx.newUser();
      const { answer, deleted, kept } = await duringDeletion(() => ctx.team().post('/v2/link/connect/demo').send({ user_id: user.user_id, provider: 'oura' }).then((r) => r));
      expectStatus(answer, 200);
      expect(await deliveriesOf([deleted])).toBe(0);
      expect(await deliveriesOf([kept])).toBeGreaterThan(0);
    });

    it('when an order is placed (labtest.order.created, written with the order), then it is placed', async () => {
      const user = await ctx.newUser();
      const { answer, deleted } = await duringDeletion(() => ctx.team().post('/v3/order').send(orderBody(user.user_id)).then((r) => r));
      expectStatus(answer, 200);
      expect(await deliveriesOf([deleted])).toBe(0);
    });

    it("when a user's data is refreshed (a batch of data events), then the source is refreshed, not failed", async () => {
      const user = await ctx.connectedUser('oura');
      const { answer, deleted } = await duringDeletion(() => ctx.team().post(`/v2/user/refresh/${user.user_id}`).send().then((r) => r));
      expect(expectStatus<{ failed_sources: string[] }>(answer, 200).failed_sources).toEqual([]);
      expect(await deliveriesOf([deleted])).toBe(0);
    });
  });

  it('when endpoints are deleted at once with changes that write events, then every change succeeds and no delivery is left for a deleted endpoint', async () => {
    for (let round = 0; round < 3; round++) {
      const endpoints = await Promise.all([0, 1, 2].map(() => newEndpoint()));
      const users = await Promise.all([0, 1, 2, 3, 4, 5].map(() => ctx.newUser()));
      const answers = await Promise.all([
        ...endpoints.map((id) => ctx.management().delete(`${endpointsPath()}/${id}`).then((r) => r)),
        ...users.map((u, i) => (i % 2 === 0 ? ctx.team().post('/v3/order').send(orderBody(u.user_id)) : ctx.team().post('/v2/link/connect/demo').send({ user_id: u.user_id, provider: 'oura' })).then((r) => r)),
      ]);
      for (const answer of answers) expectStatus(answer, 200);
      expect(await deliveriesOf(endpoints)).toBe(0);
    }
  });
});
