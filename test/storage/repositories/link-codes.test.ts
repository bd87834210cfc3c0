import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLinkCode } from '../../../server/storage/repositories/link-codes.js';
import { findActiveLinkCode } from '../stored-state.js';
import { createUser } from '../../../server/storage/repositories/users.js';
import type { Database } from '../../../server/storage/database.js';
import { engineCases, ISO_TIMESTAMP, seedTeam, useTestDatabase } from '../helpers.js';

async function seedUser(db: Database) {
  const { team } = await seedTeam(db);
  const created = await createUser(db, { team_id: team.id, client_user_id: randomUUID() });
  if (created.status !== 'created') throw new Error('expected created');
  return { team_id: team.id, user_id: created.user.user_id };
}

const code = () => `skus${randomUUID().slice(0, 8)}`;

describe.each(engineCases)('link-codes repository on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('link codes', () => {
    const ctx = useTestDatabase(engine);

    it('when a code is created, then it is found with its team until it expires', async () => {
      const ids = await seedUser(ctx.db);
      const value = code();
      const result = await createLinkCode(ctx.db, { ...ids, code: value, expires_at: '2026-11-22T10:15:00+01:00' });
      expect(result).toEqual({
        status: 'created',
        link_code: { code: value, user_id: ids.user_id, expires_at: '2026-11-22T09:15:00.000Z', created_on: expect.stringMatching(ISO_TIMESTAMP) },
      });
      expect(await findActiveLinkCode(ctx.db, { code: value, now: '2026-11-22T09:00:00.000Z' })).toMatchObject({
        code: value,
        user_id: ids.user_id,
        team_id: ids.team_id,
      });
      expect(await findActiveLinkCode(ctx.db, { code: value, now: '2026-11-22T09:15:00.000Z' })).toBeNull();
      expect(await findActiveLinkCode(ctx.db, { code: 'nope' })).toBeNull();
    });

    it('when the code is already taken, then a typed conflict asks for another code', async () => {
      const ids = await seedUser(ctx.db);
      const value = code();
      await createLinkCode(ctx.db, { ...ids, code: value, expires_at: '2099-01-01T00:00:00.000Z' });
      expect(await createLinkCode(ctx.db, { ...ids, code: value, expires_at: '2099-01-01T00:00:00.000Z' })).toEqual({
        status: 'conflict',
        reason: 'code_taken',
      });
    });

    it('when the user is in another team or unknown, then null', async () => {
      const ids = await seedUser(ctx.db);
      const other = await seedTeam(ctx.db);
      const expires_at = '2099-01-01T00:00:00.000Z';
      expect(await createLinkCode(ctx.db, { team_id: other.team.id, user_id: ids.user_id, code: code(), expires_at })).toBeNull();
      expect(await createLinkCode(ctx.db, { ...ids, user_id: randomUUID(), code: code(), expires_at })).toBeNull();
      expect(await createLinkCode(ctx.db, { ...ids, user_id: 'bad', code: code(), expires_at })).toBeNull();
    });
  });
});
