import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emitEvent, emitEvents, eventBodySql, listTeamEvents } from '../../../server/storage/repositories/events.js';
import { holdingLocks } from '../../helpers/locks.js';
import { engineCases, seedTeam, useTestDatabase } from '../helpers.js';

describe.each(engineCases)('events repository on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('how a payload is stored (migration 017)', () => {
    const ctx = useTestDatabase(engine);

    // Text that pglz compresses well: the kind of JSON an order event carries.
    const envelope = (teamId: string, bytes: number) => ({
      event_type: 'labtest.order.created',
      data: { notes: 'patient fasting since 8pm; '.repeat(Math.ceil(bytes / 27)).slice(0, bytes) },
      team_id: teamId,
      user_id: randomUUID(),
      client_user_id: 'patient-1',
    });
    const storedAs = async (id: string) =>
      (await ctx.db.one<{ compression: string | null; size: number; body: string }>(
        `SELECT pg_column_compression(e.payload) AS compression, pg_column_size(e.payload) AS size, ${eventBodySql('e')} AS body FROM events e WHERE e.id = $1`,
        [id],
      ))!;

    it('when an event of 2 to 4 kB is written, then its payload is stored as written; a larger one is compressed as before', async () => {
      const { team } = await seedTeam(ctx.db);
      const small = envelope(team.id, 2_600);
      const large = envelope(team.id, 20_000);
      const [smallEvent, largeEvent] = [await emitEvent(ctx.db, small), await emitEvent(ctx.db, large)];
      const [smallRow, largeRow] = [await storedAs(smallEvent.id), await storedAs(largeEvent.id)];
      expect(smallRow.compression).toBeNull();
      expect(smallRow.size).toBeGreaterThan(2_600);
      expect(smallRow.body).toBe(JSON.stringify(small));
      expect(largeRow.compression).toBe('pglz');
      expect(largeRow.size).toBeLessThan(20_000);
      expect(largeRow.body).toBe(JSON.stringify(large));
    });

    it('when events are written, then each gets a new version 4 uuid, and a repeated dedup key answers the first one', async () => {
      const { team } = await seedTeam(ctx.db);
      const key = `test:${randomUUID()}`;
      const first = await emitEvent(ctx.db, envelope(team.id, 10), { dedupKey: key });
      const again = await emitEvent(ctx.db, envelope(team.id, 10), { dedupKey: key });
      expect(again).toEqual({ id: first.id, created: false });
      expect(await emitEvents(ctx.db, team.id, [{ event: envelope(team.id, 10) }, { event: envelope(team.id, 10) }])).toBe(2);
      const ids = (await ctx.db.query<{ id: string }>(`SELECT id::text FROM events WHERE team_id = $1`, [team.id])).map((row) => row.id);
      expect(ids).toHaveLength(3);
      expect(new Set(ids).size).toBe(3);
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    });
  });

  describe.skipIf(!engine.available || engine.kind !== 'postgres')('the time of an event, migration 084 (PostgreSQL only: PGlite runs one transaction at a time)', () => {
    const ctx = useTestDatabase(engine);

    it('when a transaction that began first writes its event after another one committed its own, then its event is listed after it', async () => {
      const { team } = await seedTeam(ctx.db);
      const envelope = (n: number) => ({ event_type: 'provider.connection.created', data: { n }, team_id: team.id, user_id: randomUUID(), client_user_id: `patient-${n}` });
      const { held, release, done } = holdingLocks(ctx.db, async () => undefined, (tx) => emitEvent(tx, envelope(1)));
      await held;
      await new Promise((resolve) => setTimeout(resolve, 20));
      const second = await ctx.db.transaction((tx) => emitEvent(tx, envelope(2)));
      await new Promise((resolve) => setTimeout(resolve, 20));
      release();
      const first = await done;
      const listed = await listTeamEvents(ctx.db, { team_id: team.id, event_type: null, after: { created_on: '2000-01-01T00:00:00Z', id: randomUUID() }, limit: 10 });
      expect(listed.rows.map((row) => row.id)).toEqual([second.id, first.id]);
    });
  });
});
