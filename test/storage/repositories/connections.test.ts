import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createConnection,
  deleteConnection,
  findConnection,
  listConnections,
  setConnectMode,
} from '../../../server/storage/repositories/connections.js';
import { createUser } from '../../../server/storage/repositories/users.js';
import type { Database } from '../../../server/storage/database.js';
import { engineCases, ISO_TIMESTAMP, seedTeam, useTestDatabase } from '../helpers.js';

async function seedUser(db: Database) {
  const { team } = await seedTeam(db);
  const created = await createUser(db, { team_id: team.id, client_user_id: randomUUID() });
  if (created.status !== 'created') throw new Error('expected created');
  return { team_id: team.id, user_id: created.user.user_id };
}

describe.each(engineCases)('connections repository on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('connections', () => {
    const ctx = useTestDatabase(engine);

    it('when a user connects providers, then they are listed oldest first', async () => {
      const ids = await seedUser(ctx.db);
      const oura = await createConnection(ctx.db, { ...ids, provider: 'oura', source_type: 'ring', created_on: '2026-01-02T00:00:00.000Z' });
      const apple = await createConnection(ctx.db, {
        ...ids,
        provider: 'apple_health_kit',
        source_type: 'app',
        connect_mode: 'auto',
        created_on: '2026-01-01T00:00:00.000Z',
      });
      expect(oura).toEqual({
        created: true,
        connection: {
          id: expect.any(String),
          user_id: ids.user_id,
          team_id: ids.team_id,
          provider: 'oura',
          source_type: 'ring',
          connect_mode: null,
          created_on: '2026-01-02T00:00:00.000Z',
          // A new connection is connected, with no error recorded.
          status: 'connected',
          status_changed_at: null,
          error_type: null,
          error_message: null,
          // Derived when shown, unless an import named it (migration 079).
          external_user_id: null,
        },
      });
      expect(apple?.connection.connect_mode).toBe('auto');
      const listed = await listConnections(ctx.db, ids);
      expect(listed.map((c) => c.provider)).toEqual(['apple_health_kit', 'oura']);
      expect(listed[0]?.created_on).toMatch(ISO_TIMESTAMP);
      expect(await findConnection(ctx.db, { ...ids, provider: 'oura' })).toEqual(oura?.connection);
    });

    it('when the user is already connected to the provider, then the existing connection comes back', async () => {
      const ids = await seedUser(ctx.db);
      const first = await createConnection(ctx.db, { ...ids, provider: 'fitbit', source_type: 'watch' });
      const again = await createConnection(ctx.db, { ...ids, provider: 'fitbit', source_type: 'other' });
      expect(again).toEqual({ created: false, connection: first?.connection });
    });

    it('when the connect mode is not auto or explicit, then the insert is rejected', async () => {
      const ids = await seedUser(ctx.db);
      await expect(
        createConnection(ctx.db, { ...ids, provider: 'health_connect', source_type: 'app', connect_mode: 'sometimes' as 'auto' }),
      ).rejects.toMatchObject({ code: '23514' });
    });

    it('when the connect mode is set, then the same connection has that mode; without a connection, or of another team, nothing is set', async () => {
      const ids = await seedUser(ctx.db);
      const created = await createConnection(ctx.db, { ...ids, provider: 'apple_health_kit', source_type: 'app', connect_mode: 'auto' });
      const switched = await setConnectMode(ctx.db, { ...ids, provider: 'apple_health_kit', connect_mode: 'explicit' });
      expect(switched).toEqual({ ...created?.connection, connect_mode: 'explicit' });
      expect(await findConnection(ctx.db, { ...ids, provider: 'apple_health_kit' })).toEqual(switched);
      expect(await setConnectMode(ctx.db, { ...ids, provider: 'health_connect', connect_mode: 'explicit' })).toBeNull();
      const other = await seedTeam(ctx.db);
      expect(await setConnectMode(ctx.db, { team_id: other.team.id, user_id: ids.user_id, provider: 'apple_health_kit', connect_mode: 'auto' })).toBeNull();
      expect((await findConnection(ctx.db, { ...ids, provider: 'apple_health_kit' }))?.connect_mode).toBe('explicit');
    });

    it('when a connection is deleted, then it is gone and deleting again finds nothing', async () => {
      const ids = await seedUser(ctx.db);
      const created = await createConnection(ctx.db, { ...ids, provider: 'strava', source_type: 'app' });
      expect(await deleteConnection(ctx.db, { ...ids, provider: 'strava' })).toEqual(created?.connection);
      expect(await findConnection(ctx.db, { ...ids, provider: 'strava' })).toBeNull();
      expect(await deleteConnection(ctx.db, { ...ids, provider: 'strava' })).toBeNull();
    });

    it('when another team asks, then the user has no connections to it and none can be made or deleted', async () => {
      const ids = await seedUser(ctx.db);
      const other = await seedTeam(ctx.db);
      const foreign = { team_id: other.team.id, user_id: ids.user_id };
      await createConnection(ctx.db, { ...ids, provider: 'oura', source_type: 'ring' });
      expect(await createConnection(ctx.db, { ...foreign, provider: 'polar', source_type: 'watch' })).toBeNull();
      expect(await listConnections(ctx.db, foreign)).toEqual([]);
      expect(await findConnection(ctx.db, { ...foreign, provider: 'oura' })).toBeNull();
      expect(await deleteConnection(ctx.db, { ...foreign, provider: 'oura' })).toBeNull();
      expect(await listConnections(ctx.db, ids)).toHaveLength(1);
      expect(await listConnections(ctx.db, { ...ids, user_id: 'bad' })).toEqual([]);
    });
  });
});
