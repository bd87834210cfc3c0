import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createConnection, listConnections } from '../../../server/storage/repositories/connections.js';
import { createSignInToken } from '../../../server/storage/repositories/sign-in-tokens.js';
import { upsertUserInfo } from '../../../server/storage/repositories/user-infos.js';
import { createUser, deleteUser, findUser, findUserByClientUserId } from '../../../server/storage/repositories/users.js';
import { engineCases, ISO_TIMESTAMP, SETUP_TIMEOUT_MS, seedTeam, useTestDatabase } from '../helpers.js';
import { getUserInfo } from '../stored-state.js';

describe.each(engineCases)('users repository on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('users', () => {
    const ctx = useTestDatabase(engine);

    it('when a user is created, then it is found by id and by client_user_id within its team', async () => {
      const { team } = await seedTeam(ctx.db);
      const result = await createUser(ctx.db, { team_id: team.id, client_user_id: 'patient-1' });
      expect(result.status).toBe('created');
      if (result.status !== 'created') return;
      expect(result.user).toEqual({
        user_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        team_id: team.id,
        client_user_id: 'patient-1',
        created_on: expect.stringMatching(ISO_TIMESTAMP),
        fallback_time_zone: null,
        fallback_birth_date: null,
        ingestion_start: null,
        ingestion_end: null,
      });
      expect(await findUser(ctx.db, { team_id: team.id, user_id: result.user.user_id })).toEqual(result.user);
      expect(await findUserByClientUserId(ctx.db, { team_id: team.id, client_user_id: 'patient-1' })).toEqual(result.user);
    });

    it('when created with settings, then fallbacks carry source and updated_at and dates stay YYYY-MM-DD', async () => {
      const { team } = await seedTeam(ctx.db);
      const result = await createUser(ctx.db, {
        team_id: team.id,
        client_user_id: 'with-settings',
        fallback_time_zone: { id: 'Europe/London', source_slug: 'manual' },
        fallback_birth_date: { value: '1986-04-21', source_slug: 'manual' },
        ingestion_start: '2026-01-01',
        ingestion_end: '2026-12-31',
      });
      if (result.status !== 'created') throw new Error('expected created');
      expect(result.user).toMatchObject({
        fallback_time_zone: { id: 'Europe/London', source_slug: 'manual', updated_at: expect.stringMatching(ISO_TIMESTAMP) },
        fallback_birth_date: { value: '1986-04-21', source_slug: 'manual', updated_at: expect.stringMatching(ISO_TIMESTAMP) },
        ingestion_start: '2026-01-01',
        ingestion_end: '2026-12-31',
      });
    });

    it('when the ingestion bounds are reversed, then the insert is rejected', async () => {
      const { team } = await seedTeam(ctx.db);
      await expect(
        createUser(ctx.db, { team_id: team.id, client_user_id: 'x', ingestion_start: '2026-02-01', ingestion_end: '2026-01-01' }),
      ).rejects.toMatchObject({ code: '23514' });
    });

    it('when the client_user_id is taken in the team, then a typed conflict names the existing user', async () => {
      const { team } = await seedTeam(ctx.db);
      const first = await createUser(ctx.db, { team_id: team.id, client_user_id: 'dup' });
      if (first.status !== 'created') throw new Error('expected created');
      const second = await createUser(ctx.db, { team_id: team.id, client_user_id: 'dup' });
      expect(second).toEqual({ status: 'conflict', reason: 'client_user_id_taken', user_id: first.user.user_id });
    });

    it('when the conflict happens inside a transaction, then the transaction stays usable', async () => {
      const { team } = await seedTeam(ctx.db);
      await createUser(ctx.db, { team_id: team.id, client_user_id: 'in-tx' });
      const outcome = await ctx.db.transaction(async (tx) => {
        const again = await createUser(tx, { team_id: team.id, client_user_id: 'in-tx' });
        const other = await createUser(tx, { team_id: team.id, client_user_id: 'in-tx-2' });
        return [again.status, other.status];
      });
      expect(outcome).toEqual(['conflict', 'created']);
    });

    it('when the same client_user_id is used in another team, then it is a different user', async () => {
      const a = await seedTeam(ctx.db);
      const b = await seedTeam(ctx.db);
      const ua = await createUser(ctx.db, { team_id: a.team.id, client_user_id: 'shared' });
      const ub = await createUser(ctx.db, { team_id: b.team.id, client_user_id: 'shared' });
      expect(ua.status).toBe('created');
      expect(ub.status).toBe('created');
    });

    it(
      'when many creates of one client_user_id race, then exactly one user exists and the rest conflict',
      async () => {
        const { team } = await seedTeam(ctx.db);
        const results = await Promise.all(
          Array.from({ length: 8 }, () => createUser(ctx.db, { team_id: team.id, client_user_id: 'racy' })),
        );
        const created = results.filter((r) => r.status === 'created');
        expect(created).toHaveLength(1);
        const userId = created[0]!.status === 'created' ? created[0]!.user.user_id : '';
        for (const r of results) if (r.status === 'conflict') expect(r.user_id).toBe(userId);
      },
      SETUP_TIMEOUT_MS,
    );

    it('when a user of another team is asked for, then it is not found, not updated and not deleted', async () => {
      const a = await seedTeam(ctx.db);
      const b = await seedTeam(ctx.db);
      const created = await createUser(ctx.db, { team_id: a.team.id, client_user_id: 'scoped' });
      if (created.status !== 'created') throw new Error('expected created');
      const userId = created.user.user_id;
      expect(await findUser(ctx.db, { team_id: b.team.id, user_id: userId })).toBeNull();
      expect(await findUserByClientUserId(ctx.db, { team_id: b.team.id, client_user_id: 'scoped' })).toBeNull();
      expect(await deleteUser(ctx.db, { team_id: b.team.id, user_id: userId })).toBe(false);
      expect(await findUser(ctx.db, { team_id: a.team.id, user_id: userId })).not.toBeNull();
    });

    it('when ids are malformed, then lookups return null instead of failing', async () => {
      const { team } = await seedTeam(ctx.db);
      expect(await findUser(ctx.db, { team_id: team.id, user_id: 'not-a-uuid' })).toBeNull();
      expect(await findUser(ctx.db, { team_id: 'x', user_id: randomUUID() })).toBeNull();
      expect(await findUserByClientUserId(ctx.db, { team_id: 'x', client_user_id: 'a' })).toBeNull();
      expect(await deleteUser(ctx.db, { team_id: team.id, user_id: 'nope' })).toBe(false);
    });

    it('when a user is created with settings, then they are stored as given and the absent ones are null', async () => {
      const { team } = await seedTeam(ctx.db);
      const created = await createUser(ctx.db, {
        team_id: team.id,
        client_user_id: 'settings',
        fallback_time_zone: { id: 'UTC', source_slug: 'manual' },
        fallback_birth_date: { value: '1990-01-02', source_slug: 'apple_health_kit' },
        ingestion_start: '2026-01-01',
      });
      if (created.status !== 'created') throw new Error('expected created');
      const expected = {
        fallback_time_zone: { id: 'UTC', source_slug: 'manual', updated_at: expect.stringMatching(ISO_TIMESTAMP) },
        fallback_birth_date: { value: '1990-01-02', source_slug: 'apple_health_kit', updated_at: expect.stringMatching(ISO_TIMESTAMP) },
        ingestion_start: '2026-01-01',
        ingestion_end: null,
      };
      expect(created.user).toMatchObject(expected);
      expect(await findUser(ctx.db, { team_id: team.id, user_id: created.user.user_id })).toEqual(created.user);
    });

    it('when a user is deleted, then its info, connections and tokens go with it', async () => {
      const { team } = await seedTeam(ctx.db);
      const created = await createUser(ctx.db, { team_id: team.id, client_user_id: 'to-delete' });
      if (created.status !== 'created') throw new Error('expected created');
      const ids = { team_id: team.id, user_id: created.user.user_id };
      await upsertUserInfo(ctx.db, { ...ids, info: { first_name: 'A' } });
      await createConnection(ctx.db, { ...ids, provider: 'oura', source_type: 'app' });
      await createSignInToken(ctx.db, { ...ids, token_hash: randomUUID() });
      expect(await deleteUser(ctx.db, ids)).toBe(true);
      expect(await findUser(ctx.db, ids)).toBeNull();
      expect(await getUserInfo(ctx.db, ids)).toBeNull();
      expect(await listConnections(ctx.db, ids)).toEqual([]);
      expect(await ctx.db.one('SELECT count(*) AS n FROM sign_in_tokens WHERE user_id = $1', [ids.user_id])).toEqual({ n: 0 });
      expect(await deleteUser(ctx.db, ids)).toBe(false);
    });
  });
});
