import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { abortBulkOp, insertBulkOp, readBulkTrigger } from '../bulk-fixtures.js';
import { claimBucketTriggers, expandBulkOpTriggers, finishClaimedTrigger, requeueExpiredClaims, type TriggerClaim } from '../../../server/storage/repositories/bulk-claims.js';
import { completeBulkOpIfDone, enqueueBulkPull, getBulkOp, listBulkOps } from '../../../server/storage/repositories/bulk-ops.js';
import { listPendingBuckets, markBucketsWithPendingTriggers } from '../../../server/storage/repositories/pull-buckets.js';
import { createConnection } from '../../../server/storage/repositories/connections.js';
import { createUser } from '../../../server/storage/repositories/users.js';
import type { Database, Queryable } from '../../../server/storage/database.js';
import { engineCases, ISO_TIMESTAMP, SETUP_TIMEOUT_MS, seedTeam, useTestDatabase } from '../helpers.js';

const TYPE = 'link_bulk_historical_trigger';

/** Claims up to `limit` pending triggers of the bucket for `worker_id`, in a transaction of its own. */
function claim(db: Database, input: { team_id: string; provider: string; limit: number; worker_id: string }): Promise<TriggerClaim[]> {
  return db.transaction((tx) => claimBucketTriggers(tx, { ...input, now: Date.now() }));
}

/** Records the outcome of a claim; false when the claim no longer holds. */
function finish(db: Database, claimed: TriggerClaim, outcome: 'processed' | 'failed', error: string | null = null): Promise<boolean> {
  return db.transaction((tx) => finishClaimedTrigger(tx, claimed, { outcome, error }));
}

async function seedUsers(db: Database, teamId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const created = await createUser(db, { team_id: teamId, client_user_id: randomUUID() });
    if (created.status !== 'created') throw new Error('expected created');
    ids.push(created.user.user_id);
  }
  return ids;
}

describe.each(engineCases)('bulk-ops repository on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('bulk ops', () => {
    const ctx = useTestDatabase(engine);

    it('when ids are enqueued, then team users split by connection and the rest are missing, in input order', async () => {
      const { team } = await seedTeam(ctx.db);
      const other = await seedTeam(ctx.db);
      const [a, b, c] = await seedUsers(ctx.db, team.id, 3);
      const [foreign] = await seedUsers(ctx.db, other.team.id, 1);
      await createConnection(ctx.db, { team_id: team.id, user_id: a!, provider: 'oura', source_type: 'ring' });
      await createConnection(ctx.db, { team_id: team.id, user_id: b!, provider: 'fitbit', source_type: 'watch' });
      await createConnection(ctx.db, { team_id: other.team.id, user_id: foreign!, provider: 'oura', source_type: 'ring' });
      const unknown = randomUUID();
      const enqueue = (user_ids: string[]) => ctx.db.transaction((tx) => enqueueBulkPull(tx, { team_id: team.id, type: TYPE, provider: 'oura', user_ids }));
      const refused = await enqueue([c!, a!.toUpperCase(), foreign!, 'not-a-uuid', b!, unknown, a!]);
      expect(refused).toEqual({ op: null, not_connected: [c, b], missing: [foreign, unknown, 'not-a-uuid'], missing_count: 3 });
      const accepted = await enqueue([c!, a!.toUpperCase(), b!, a!]);
      expect(accepted).toMatchObject({ not_connected: [c, b], missing: [], missing_count: 0 });
      expect(accepted.op).toMatchObject({ total: 1, not_connected: 2 });
      expect(await ctx.db.one('SELECT pending_user_ids FROM bulk_ops WHERE id = $1', [accepted.op!.id])).toEqual({ pending_user_ids: [a] });
      expect(await enqueue([])).toMatchObject({ op: { total: 0, status: 'success' }, not_connected: [], missing: [] });
      // Lowercase ids repeated exactly (what the API's validator refuses, but callers here may send).
      const repeated = await enqueue([a!, c!, a!, b!, c!]);
      expect(repeated).toMatchObject({ not_connected: [c, b], missing: [] });
      expect(repeated.op).toMatchObject({ total: 1, not_connected: 2 });
      expect(await ctx.db.one('SELECT pending_user_ids FROM bulk_ops WHERE id = $1', [repeated.op!.id])).toEqual({ pending_user_ids: [a] });
    });

    it('when two pulls are enqueued in one transaction, or one fails and rolls back, then each sees only its own ids', async () => {
      const { team } = await seedTeam(ctx.db);
      const [a, b] = await seedUsers(ctx.db, team.id, 2);
      for (const user of [a!, b!]) await createConnection(ctx.db, { team_id: team.id, user_id: user, provider: 'oura', source_type: 'ring' });
      const input = (user_ids: string[]) => ({ team_id: team.id, type: TYPE, provider: 'oura', user_ids });
      const [first, second] = await ctx.db.transaction(async (tx) => [await enqueueBulkPull(tx, input([a!])), await enqueueBulkPull(tx, input([b!, a!]))]);
      expect(await ctx.db.one('SELECT pending_user_ids FROM bulk_ops WHERE id = $1', [first!.op!.id])).toEqual({ pending_user_ids: [a] });
      expect(await ctx.db.one('SELECT pending_user_ids FROM bulk_ops WHERE id = $1', [second!.op!.id])).toEqual({ pending_user_ids: [b, a] });
      await expect(
        ctx.db.transaction(async (tx) => {
          await enqueueBulkPull(tx, input([a!]));
          throw new Error('after the enqueue');
        }),
      ).rejects.toThrow('after the enqueue');
      const after = await ctx.db.transaction((tx) => enqueueBulkPull(tx, input([b!])));
      expect(await ctx.db.one('SELECT pending_user_ids FROM bulk_ops WHERE id = $1', [after.op!.id])).toEqual({ pending_user_ids: [b] });
      expect(await ctx.db.one('SELECT count(*)::int AS ops FROM bulk_ops WHERE team_id = $1', [team.id])).toEqual({ ops: 3 });
    });

    it('when pulls of a few ids are enqueued again and again, then each is planned for its own ids, never with a generic plan kept from the others', async () => {
      const { team } = await seedTeam(ctx.db);
      const [a, b, c] = await seedUsers(ctx.db, team.id, 3);
      await createConnection(ctx.db, { team_id: team.id, user_id: a!, provider: 'oura', source_type: 'ring' });
      // One transaction, so one connection of a PostgreSQL pool: prepared statements are per connection.
      // The plans of the statement on this connection so far (earlier tests may have run it on it).
      const plansOf = async (tx: Queryable) =>
        (await tx.one<{ generic_plans: number; custom_plans: number }>(
          `SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE statement LIKE 'WITH input AS (%'`,
        )) ?? { generic_plans: 0, custom_plans: 0 };
      const [before, after] = await ctx.db.transaction(async (tx) => {
        const first = await plansOf(tx);
        for (let i = 0; i < 8; i += 1) await enqueueBulkPull(tx, { team_id: team.id, type: TYPE, provider: 'oura', user_ids: [a!, b!, c!] });
        return [first, await plansOf(tx)];
      });
      // A generic plan is kept after five runs no worse than planning anew; here none ever is.
      expect(after).toEqual({ generic_plans: before.generic_plans, custom_plans: before.custom_plans + 8 });
      expect(after.generic_plans).toBe(0);
    });

    it('when an op is created, then it has one pending trigger per distinct user and is found with counts', async () => {
      const { team } = await seedTeam(ctx.db);
      const users = await seedUsers(ctx.db, team.id, 3);
      const op = await insertBulkOp(ctx.db, {
        team_id: team.id,
        type: TYPE,
        provider: 'oura',
        user_ids: [...users, users[0]!],
        not_connected: 2,
      });
      expect(op).toEqual({
        id: expect.any(String),
        team_id: team.id,
        type: TYPE,
        status: 'in_progress',
        provider: 'oura',
        pending: 3,
        running: 0,
        processed: 0,
        failed: 0,
        not_connected: 2,
        total: 3,
        started_at: expect.stringMatching(ISO_TIMESTAMP),
        ended_at: null,
      });
      expect(await getBulkOp(ctx.db, { team_id: team.id, id: op.id })).toEqual(op);
      expect(await readBulkTrigger(ctx.db, { op_id: op.id, user_id: users[1]! })).toMatchObject({ state: 'pending', attempts: 0 });
    });

    it('when an op has no user to trigger, then it is a success that has already ended', async () => {
      const { team } = await seedTeam(ctx.db);
      const op = await insertBulkOp(ctx.db, { team_id: team.id, type: TYPE, provider: 'oura', user_ids: [], not_connected: 4 });
      expect(op).toMatchObject({ status: 'success', total: 0, pending: 0, not_connected: 4, ended_at: op.started_at });
    });

    it('when another team asks for an op, then it is not found and not listed', async () => {
      const { team } = await seedTeam(ctx.db);
      const other = await seedTeam(ctx.db);
      const op = await insertBulkOp(ctx.db, { team_id: team.id, type: TYPE, provider: 'oura', user_ids: [], not_connected: 0 });
      expect(await getBulkOp(ctx.db, { team_id: other.team.id, id: op.id })).toBeNull();
      expect(await getBulkOp(ctx.db, { team_id: team.id, id: 'bad' })).toBeNull();
      expect((await listBulkOps(ctx.db, { team_id: other.team.id })).ops).toEqual([]);
      expect(await abortBulkOp(ctx.db, { team_id: other.team.id, id: op.id })).toBeNull();
    });

    it('when listing, then ops come newest first in pages, and ops started meanwhile do not disturb later pages', async () => {
      const { team } = await seedTeam(ctx.db);
      const created = [];
      for (let i = 0; i < 7; i += 1) {
        created.push(
          await insertBulkOp(ctx.db, {
            team_id: team.id,
            type: TYPE,
            provider: 'oura',
            user_ids: [],
            not_connected: i,
            // Two share a start time: the id breaks the tie.
            started_at: `2026-11-0${Math.min(i + 1, 6)}T09:00:00.000Z`,
          }),
        );
      }
      const expected = [...created]
        .sort((x, y) => y.started_at.localeCompare(x.started_at) || y.id.localeCompare(x.id))
        .map((op) => op.id);
      const page1 = await listBulkOps(ctx.db, { team_id: team.id, limit: 3 });
      expect(page1.has_more).toBe(true);
      await insertBulkOp(ctx.db, { team_id: team.id, type: TYPE, provider: 'oura', user_ids: [], not_connected: 0 });
      const page2 = await listBulkOps(ctx.db, { team_id: team.id, limit: 3, after: page1.next });
      const page3 = await listBulkOps(ctx.db, { team_id: team.id, limit: 3, after: page2.next });
      expect([...page1.ops, ...page2.ops, ...page3.ops].map((op) => op.id)).toEqual(expected);
      expect(page3.has_more).toBe(false);
      expect(page3.next).toBeNull();
      expect((await listBulkOps(ctx.db, { team_id: team.id })).ops).toHaveLength(8);
    });

    it('when a worker claims, finishes and completes triggers, then counts and status follow', async () => {
      const { team } = await seedTeam(ctx.db);
      const users = await seedUsers(ctx.db, team.id, 4);
      const op = await insertBulkOp(ctx.db, { team_id: team.id, type: TYPE, provider: 'polar', user_ids: users, not_connected: 0 });
      const otherProvider = await insertBulkOp(ctx.db, { team_id: team.id, type: TYPE, provider: 'oura', user_ids: users, not_connected: 0 });
      await markBucketsWithPendingTriggers(ctx.db);
      expect((await listPendingBuckets(ctx.db)).map(({ team_id, provider }) => ({ team_id, provider }))).toEqual(
        expect.arrayContaining([
          { team_id: team.id, provider: 'polar' },
          { team_id: team.id, provider: 'oura' },
        ]),
      );

      const claimed = await claim(ctx.db, { team_id: team.id, provider: 'polar', limit: 3, worker_id: 'w1' });
      expect(claimed).toHaveLength(3);
      expect(claimed.every((t) => t.op_id === op.id && t.attempts === 1 && t.worker_id === 'w1')).toBe(true);
      for (const t of claimed) expect(await readBulkTrigger(ctx.db, t)).toMatchObject({ state: 'running', attempts: 1, claimed_by: 'w1' });
      expect(claimed.map((t) => t.user_id).sort()).toEqual(users.slice(0, 3).sort()); // oldest (insert order) first
      expect(await getBulkOp(ctx.db, { team_id: team.id, id: op.id })).toMatchObject({ pending: 1, running: 3 });

      await finish(ctx.db, claimed[0]!, 'processed');
      await finish(ctx.db, claimed[1]!, 'failed', 'provider said no');
      expect(await finish(ctx.db, claimed[1]!, 'processed')).toBe(false);
      expect(await completeBulkOpIfDone(ctx.db, op.id)).toBeNull(); // still pending/running work

      const rest = await claim(ctx.db, { team_id: team.id, provider: 'polar', limit: 10, worker_id: 'w2' });
      expect(rest).toHaveLength(1);
      await finish(ctx.db, rest[0]!, 'processed');
      await finish(ctx.db, claimed[2]!, 'processed');

      const done = await completeBulkOpIfDone(ctx.db, op.id);
      expect(done).toMatchObject({ status: 'failure', pending: 0, running: 0, processed: 3, failed: 1, ended_at: expect.stringMatching(ISO_TIMESTAMP) });
      expect(await completeBulkOpIfDone(ctx.db, op.id)).toBeNull(); // only once
      expect(await readBulkTrigger(ctx.db, { op_id: op.id, user_id: claimed[1]!.user_id })).toMatchObject({
        state: 'failed',
        error: 'provider said no',
        finished_at: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect((await getBulkOp(ctx.db, { team_id: team.id, id: otherProvider.id }))?.pending).toBe(4);
    });

    it('when an op is aborted, then its pending triggers are no longer claimed', async () => {
      const { team } = await seedTeam(ctx.db);
      const users = await seedUsers(ctx.db, team.id, 2);
      const op = await insertBulkOp(ctx.db, { team_id: team.id, type: TYPE, provider: 'whoop_v2', user_ids: users, not_connected: 0 });
      expect(await abortBulkOp(ctx.db, { team_id: team.id, id: op.id })).toMatchObject({ status: 'aborted', pending: 2 });
      expect(await abortBulkOp(ctx.db, { team_id: team.id, id: op.id })).toBeNull();
      expect(await claim(ctx.db, { team_id: team.id, provider: 'whoop_v2', limit: 10, worker_id: 'w' })).toEqual([]);
    });

    it('when a worker died holding triggers, then stale claims go back to pending and are claimed again', async () => {
      const { team } = await seedTeam(ctx.db);
      const users = await seedUsers(ctx.db, team.id, 2);
      const op = await insertBulkOp(ctx.db, { team_id: team.id, type: TYPE, provider: 'withings', user_ids: users, not_connected: 0 });
      await claim(ctx.db, { team_id: team.id, provider: 'withings', limit: 2, worker_id: 'dead' });
      expect(await requeueExpiredClaims(ctx.db, { claimed_before: Date.parse('2000-01-01T00:00:00.000Z') })).toBe(0);
      const future = Date.now() + 60_000;
      expect(await requeueExpiredClaims(ctx.db, { claimed_before: future })).toBeGreaterThanOrEqual(2);
      const again = await claim(ctx.db, { team_id: team.id, provider: 'withings', limit: 2, worker_id: 'alive' });
      expect(again.map((t) => t.attempts)).toEqual([2, 2]);
      expect((await getBulkOp(ctx.db, { team_id: team.id, id: op.id }))?.running).toBe(2);
    });

    it(
      'when workers claim concurrently, then no trigger is claimed twice',
      async () => {
        const { team } = await seedTeam(ctx.db);
        const users = await seedUsers(ctx.db, team.id, 30);
        await insertBulkOp(ctx.db, { team_id: team.id, type: TYPE, provider: 'cronometer', user_ids: users, not_connected: 0 });
        const batches = await Promise.all(
          Array.from({ length: 4 }, (_, i) =>
            claim(ctx.db, { team_id: team.id, provider: 'cronometer', limit: 10, worker_id: `w${i}` }),
          ),
        );
        const claimed = batches.flat().map((t) => t.user_id);
        expect(claimed).toHaveLength(30);
        expect(new Set(claimed).size).toBe(30);
      },
      SETUP_TIMEOUT_MS,
    );

    it(
      'when 100,000 users are submitted, then enqueueing them and creating an op store and count every id',
      async () => {
        const { team } = await seedTeam(ctx.db);
        const users = await ctx.db.query<{ id: string }>(
          `INSERT INTO users (team_id, client_user_id)
           SELECT $1, 'bulk-' || g FROM generate_series(1, 100000) AS g RETURNING id`,
          [team.id],
        );
        await ctx.db.query(
          `INSERT INTO connections (user_id, team_id, provider, source_type)
           SELECT id, team_id, 'oura', 'ring' FROM users WHERE team_id = $1 AND client_user_id ~ '[02468]$'`,
          [team.id],
        );
        const ids = users.map((u) => u.id);
        expect(ids).toHaveLength(100_000);

        const enqueued = await ctx.db.transaction((tx) => enqueueBulkPull(tx, { team_id: team.id, type: TYPE, provider: 'oura', user_ids: ids }));
        expect(enqueued.op).toMatchObject({ total: 50_000, not_connected: 50_000 });
        expect(enqueued.not_connected).toHaveLength(50_000);
        expect(enqueued.missing).toEqual([]);
        const op = enqueued.op!;

        const fetched = await getBulkOp(ctx.db, { team_id: team.id, id: op.id });
        expect(fetched).toMatchObject({ pending: 50_000, total: 50_000, not_connected: 50_000 });

        const all = await insertBulkOp(ctx.db, { team_id: team.id, type: TYPE, provider: 'fitbit', user_ids: ids, not_connected: 0 });
        expect(all.pending).toBe(100_000);
        expect(await ctx.db.one('SELECT count(*) AS n FROM bulk_triggers WHERE op_id = $1', [all.id])).toEqual({ n: 100_000 });

        const page = await listBulkOps(ctx.db, { team_id: team.id });
        expect(page.ops.map((o) => o.pending)).toEqual(expect.arrayContaining([100_000, 50_000]));
      },
      SETUP_TIMEOUT_MS * 2,
    );

    describe('an enqueued op (ids stored, trigger rows written by the worker)', () => {
      async function enqueue(teamId: string, users: string[], provider = 'oura') {
        const enqueued = await ctx.db.transaction((tx) => enqueueBulkPull(tx, { team_id: teamId, type: TYPE, provider, user_ids: users }));
        if (!enqueued.op) throw new Error('expected an op');
        return enqueued.op;
      }
      async function connectedUsers(teamId: string, count: number, provider = 'oura') {
        const users = await seedUsers(ctx.db, teamId, count);
        for (const user of users) await createConnection(ctx.db, { team_id: teamId, user_id: user, provider, source_type: 'ring' });
        return users;
      }
      const rowsOf = (opId: string) =>
        ctx.db.query<{ user_id: string }>('SELECT user_id FROM bulk_triggers WHERE op_id = $1 ORDER BY seq', [opId]).then((rows) => rows.map((r) => r.user_id));

      it('when enqueued, then it counts every user as pending, has no trigger row, and is not complete', async () => {
        const { team } = await seedTeam(ctx.db);
        const users = await connectedUsers(team.id, 3);
        const op = await enqueue(team.id, users);
        expect(await rowsOf(op.id)).toEqual([]);
        expect(await getBulkOp(ctx.db, { team_id: team.id, id: op.id })).toMatchObject({ status: 'in_progress', pending: 3, running: 0, total: 3 });
        expect(await readBulkTrigger(ctx.db, { op_id: op.id, user_id: users[1]! })).toEqual({
          op_id: op.id,
          user_id: users[1],
          team_id: team.id,
          provider: 'oura',
          state: 'pending',
          attempts: 0,
          claimed_by: null,
          claimed_at: null,
          finished_at: null,
          error: null,
        });
        expect(await readBulkTrigger(ctx.db, { op_id: op.id, user_id: randomUUID() })).toBeNull();
        expect(await completeBulkOpIfDone(ctx.db, op.id)).toBeNull();
      });

      it('when expanded in chunks, then rows are written in input order, oldest op first, each id once', async () => {
        const { team } = await seedTeam(ctx.db);
        const users = await connectedUsers(team.id, 5);
        const first = await enqueue(team.id, [users[3]!, users[0]!, users[4]!]);
        const second = await enqueue(team.id, [users[1]!, users[2]!]);
        const expand = (count: number) => ctx.db.transaction((tx) => expandBulkOpTriggers(tx, { team_id: team.id, provider: 'oura', count }));
        expect(await expand(2)).toBe(2);
        expect(await rowsOf(first.id)).toEqual([users[3], users[0]]);
        expect(await rowsOf(second.id)).toEqual([]);
        expect(await readBulkTrigger(ctx.db, { op_id: first.id, user_id: users[4]! })).toMatchObject({ state: 'pending', attempts: 0 });
        expect(await expand(10)).toBe(1);
        expect(await rowsOf(first.id)).toEqual([users[3], users[0], users[4]]);
        expect(await expand(10)).toBe(2);
        expect(await rowsOf(second.id)).toEqual([users[1], users[2]]);
        expect(await expand(10)).toBe(0);
        expect(await ctx.db.query('SELECT unexpanded, pending_user_ids FROM bulk_ops WHERE id = ANY ($1::uuid[]) ORDER BY started_at', [[first.id, second.id]])).toEqual([
          { unexpanded: 0, pending_user_ids: null },
          { unexpanded: 0, pending_user_ids: null },
        ]);
        expect(await getBulkOp(ctx.db, { team_id: team.id, id: first.id })).toMatchObject({ pending: 3, total: 3 });
      });

      it('when the worker claims, then it writes the rows it needs and claims them in input order; an aborted op is not written', async () => {
        const { team } = await seedTeam(ctx.db);
        const users = await connectedUsers(team.id, 4);
        const aborted = await enqueue(team.id, [users[0]!]);
        await abortBulkOp(ctx.db, { team_id: team.id, id: aborted.id });
        const op = await enqueue(team.id, [users[2]!, users[1]!, users[3]!]);
        const claim = (limit: number) =>
          ctx.db.transaction((tx) => claimBucketTriggers(tx, { team_id: team.id, provider: 'oura', limit, worker_id: 'w1', now: Date.now() }));
        expect((await claim(2)).map((c) => c.user_id)).toEqual([users[2], users[1]]);
        expect(await getBulkOp(ctx.db, { team_id: team.id, id: op.id })).toMatchObject({ pending: 1, running: 2 });
        expect((await claim(5)).map((c) => c.user_id)).toEqual([users[3]]);
        expect(await claim(5)).toEqual([]);
        expect(await rowsOf(aborted.id)).toEqual([]);
        expect(await getBulkOp(ctx.db, { team_id: team.id, id: aborted.id })).toMatchObject({ status: 'aborted', pending: 1 });
      });
    });
  });
});
