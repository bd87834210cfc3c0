import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { consumeSignInToken, createSignInToken } from '../../../server/storage/repositories/sign-in-tokens.js';
import { createUser } from '../../../server/storage/repositories/users.js';
import type { Database } from '../../../server/storage/database.js';
import { engineCases, ISO_TIMESTAMP, seedTeam, useTestDatabase } from '../helpers.js';

async function seedUser(db: Database) {
  const { team } = await seedTeam(db);
  const created = await createUser(db, { team_id: team.id, client_user_id: randomUUID() });
  if (created.status !== 'created') throw new Error('expected created');
  return { team_id: team.id, user_id: created.user.user_id };
}

describe.each(engineCases)('sign-in-tokens repository on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('sign-in tokens', () => {
    const ctx = useTestDatabase(engine);

    it('when a token is created, then it can be exchanged exactly once', async () => {
      const ids = await seedUser(ctx.db);
      const token_hash = randomUUID();
      expect(await createSignInToken(ctx.db, { ...ids, token_hash })).toEqual({
        token_hash,
        user_id: ids.user_id,
        created_on: expect.stringMatching(ISO_TIMESTAMP),
        exchanged_at: null,
      });
      const exchanged = await consumeSignInToken(ctx.db, token_hash);
      expect(exchanged).toMatchObject({ token_hash, user_id: ids.user_id, team_id: ids.team_id, exchanged_at: expect.stringMatching(ISO_TIMESTAMP) });
      expect(await consumeSignInToken(ctx.db, token_hash)).toBeNull();
      expect(await consumeSignInToken(ctx.db, 'unknown')).toBeNull();
    });

    it('when the same token is exchanged concurrently, then only one exchange succeeds', async () => {
      const ids = await seedUser(ctx.db);
      const token_hash = randomUUID();
      await createSignInToken(ctx.db, { ...ids, token_hash });
      const results = await Promise.all(Array.from({ length: 5 }, () => consumeSignInToken(ctx.db, token_hash)));
      expect(results.filter((r) => r !== null)).toHaveLength(1);
    });

    it('when the user is in another team or unknown, then no token is created', async () => {
      const ids = await seedUser(ctx.db);
      const other = await seedTeam(ctx.db);
      expect(await createSignInToken(ctx.db, { team_id: other.team.id, user_id: ids.user_id, token_hash: randomUUID() })).toBeNull();
      expect(await createSignInToken(ctx.db, { ...ids, user_id: 'bad', token_hash: randomUUID() })).toBeNull();
    });
  });
});
