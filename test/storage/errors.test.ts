import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { missingParentOf } from '../../server/storage/errors.js';
import { engineCases, seedTeam, useTestDatabase } from './helpers.js';

describe.each(engineCases)('missingParentOf (server/storage/errors.ts) on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('foreign key violations', () => {
    const ctx = useTestDatabase(engine);

    const refused = async (sql: string, params: unknown[]) => {
      try {
        await ctx.db.query(sql, params);
      } catch (error) {
        return error;
      }
      throw new Error('the statement was not refused');
    };

    it('when a row names a user that does not exist, then the parent is that user: the table, the key columns and their values', async () => {
      const { team } = await seedTeam(ctx.db);
      const userId = randomUUID();
      const error = await refused(`INSERT INTO connections (user_id, team_id, provider, source_type) VALUES ($1, $2, 'oura', 'app')`, [userId, team.id]);
      expect(missingParentOf(error)).toEqual({ table: 'users', columns: ['user_id', 'team_id'], values: [userId, team.id] });
      const info = await refused(`INSERT INTO user_infos (user_id, info) VALUES ($1, '{}')`, [userId]);
      expect(missingParentOf(info)).toEqual({ table: 'users', columns: ['user_id'], values: [userId] });
    });

    it('when an error is not a missing parent, then null', async () => {
      expect(missingParentOf(await refused(`SELECT 1/0`, []))).toBeNull();
      expect(missingParentOf(new Error('boom'))).toBeNull();
      expect(missingParentOf(null)).toBeNull();
      // A parent still referenced, and a key whose values cannot be told apart.
      expect(missingParentOf({ code: '23503', detail: 'Key (id)=(1) is still referenced from table "orders".' })).toBeNull();
      expect(missingParentOf({ code: '23503', detail: 'Key (a, b)=(x, y, z) is not present in table "t".' })).toBeNull();
    });
  });
});
