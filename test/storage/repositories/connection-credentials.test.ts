import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listConnectionCredentials, saveConnectionCredentials } from '../../../server/storage/repositories/connection-credentials.js';
import { createConnection, deleteConnection, findConnection } from '../../../server/storage/repositories/connections.js';
import { createUser } from '../../../server/storage/repositories/users.js';
import type { Database } from '../../../server/storage/database.js';
import { engineCases, seedTeam, useTestDatabase } from '../helpers.js';

async function seedConnection(db: Database) {
  const { team } = await seedTeam(db);
  const created = await createUser(db, { team_id: team.id, client_user_id: randomUUID() });
  if (created.status !== 'created') throw new Error('expected created');
  const ids = { team_id: team.id, user_id: created.user.user_id, provider: 'fitbit' };
  const connection = (await createConnection(db, { ...ids, source_type: 'wearable' }))!.connection;
  return { ...ids, connection_id: connection.id };
}

const tokens = (n: number) => ({ access_token_enc: `enc-at-${n}`, refresh_token_enc: `enc-rt-${n}`, expires_at: 1_795_000_000 + n, oauth_scopes: n % 2 ? ['sleep'] : null });

describe.each(engineCases)('connection credentials repository on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('connection credentials', () => {
    const ctx = useTestDatabase(engine);

    it('when tokens are saved twice, then the second replaces the first and the connection takes the external user id; another team reads none', async () => {
      const c = await seedConnection(ctx.db);
      await saveConnectionCredentials(ctx.db, { connection_id: c.connection_id, team_id: c.team_id, external_user_id: 'FB1', ...tokens(1) });
      await saveConnectionCredentials(ctx.db, { connection_id: c.connection_id, team_id: c.team_id, external_user_id: 'FB1', ...tokens(2) });
      expect(await listConnectionCredentials(ctx.db, { team_id: c.team_id, connection_ids: [c.connection_id] })).toEqual([{ connection_id: c.connection_id, ...tokens(2) }]);
      expect((await findConnection(ctx.db, c))!.external_user_id).toBe('FB1');
      const { team: other } = await seedTeam(ctx.db);
      expect(await listConnectionCredentials(ctx.db, { team_id: other.id, connection_ids: [c.connection_id] })).toEqual([]);
      // Saving under another team's id stores nothing.
      const d = await seedConnection(ctx.db);
      await saveConnectionCredentials(ctx.db, { connection_id: d.connection_id, team_id: other.id, external_user_id: 'FB2', ...tokens(3) });
      expect(await listConnectionCredentials(ctx.db, { team_id: d.team_id, connection_ids: [d.connection_id] })).toEqual([]);
      expect((await findConnection(ctx.db, d))!.external_user_id).toBeNull();
    });

    it('when the connection is deleted, then its tokens go with it', async () => {
      const c = await seedConnection(ctx.db);
      await saveConnectionCredentials(ctx.db, { connection_id: c.connection_id, team_id: c.team_id, external_user_id: 'FB3', ...tokens(4) });
      await deleteConnection(ctx.db, c);
      expect(await ctx.db.one(`SELECT 1 FROM connection_credentials WHERE connection_id = $1`, [c.connection_id])).toBeNull();
    });
  });
});
