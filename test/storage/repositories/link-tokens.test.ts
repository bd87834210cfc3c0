import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { consumeLinkToken, createLinkToken, findActiveLinkToken } from '../../../server/storage/repositories/link-tokens.js';
import { createUser } from '../../../server/storage/repositories/users.js';
import type { Database } from '../../../server/storage/database.js';
import { engineCases, ISO_TIMESTAMP, seedTeam, useTestDatabase } from '../helpers.js';

async function seedUser(db: Database) {
  const { team } = await seedTeam(db);
  const created = await createUser(db, { team_id: team.id, client_user_id: randomUUID() });
  if (created.status !== 'created') throw new Error('expected created');
  return { team_id: team.id, user_id: created.user.user_id };
}

describe.each(engineCases)('link-tokens repository on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('link tokens', () => {
    const ctx = useTestDatabase(engine);

    it('when a token is created, then it is active until used once', async () => {
      const ids = await seedUser(ctx.db);
      const token_hash = randomUUID();
      const created = await createLinkToken(ctx.db, {
        ...ids,
        token_hash,
        provider: 'oura',
        redirect_url: 'https://example.com/done',
        expires_at: '2099-01-01T00:00:00.000Z',
      });
      expect(created).toEqual({
        token_hash,
        user_id: ids.user_id,
        provider: 'oura',
        redirect_url: 'https://example.com/done',
        expires_at: '2099-01-01T00:00:00.000Z',
        created_on: expect.stringMatching(ISO_TIMESTAMP),
        used_at: null,
      });
      expect(await findActiveLinkToken(ctx.db, { token_hash })).toEqual({ ...created, team_id: ids.team_id });
      const used = await consumeLinkToken(ctx.db, { token_hash });
      expect(used).toMatchObject({ token_hash, team_id: ids.team_id, used_at: expect.stringMatching(ISO_TIMESTAMP) });
      expect(await consumeLinkToken(ctx.db, { token_hash })).toBeNull();
      expect(await findActiveLinkToken(ctx.db, { token_hash })).toBeNull();
    });

    it('when the token has expired, then it can neither be found nor used', async () => {
      const ids = await seedUser(ctx.db);
      const token_hash = randomUUID();
      await createLinkToken(ctx.db, { ...ids, token_hash, expires_at: '2026-11-22T09:25:00.000Z' });
      expect(await findActiveLinkToken(ctx.db, { token_hash, now: '2026-11-22T09:24:59.999Z' })).not.toBeNull();
      expect(await consumeLinkToken(ctx.db, { token_hash, now: '2026-11-22T09:25:00.000Z' })).toBeNull();
      expect(await findActiveLinkToken(ctx.db, { token_hash, now: '2026-11-22T09:25:00.000Z' })).toBeNull();
      expect(await consumeLinkToken(ctx.db, { token_hash, now: '2026-11-22T09:24:00.000Z' })).toMatchObject({
        used_at: '2026-11-22T09:24:00.000Z',
        provider: null,
        redirect_url: null,
      });
    });

    it('when the same token is used concurrently, then only one use succeeds', async () => {
      const ids = await seedUser(ctx.db);
      const token_hash = randomUUID();
      await createLinkToken(ctx.db, { ...ids, token_hash, expires_at: '2099-01-01T00:00:00.000Z' });
      const results = await Promise.all(Array.from({ length: 5 }, () => consumeLinkToken(ctx.db, { token_hash })));
      expect(results.filter((r) => r !== null)).toHaveLength(1);
    });

    it('when the user is in another team, then no token is created', async () => {
      const ids = await seedUser(ctx.db);
      const other = await seedTeam(ctx.db);
      expect(
        await createLinkToken(ctx.db, { team_id: other.team.id, user_id: ids.user_id, token_hash: randomUUID(), expires_at: '2099-01-01T00:00:00.000Z' }),
      ).toBeNull();
    });
  });
});
