import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { upsertUserInfo } from '../../../server/storage/repositories/user-infos.js';
import { getUserInfo } from '../stored-state.js';
import { createUser } from '../../../server/storage/repositories/users.js';
import type { Database } from '../../../server/storage/database.js';
import { engineCases, ISO_TIMESTAMP, seedTeam, useTestDatabase } from '../helpers.js';

const info = {
  first_name: 'Maria',
  last_name: 'López',
  email: 'maria.lopez@example.com',
  phone_number: '+14155550123',
  gender: 'female',
  dob: '1986-04-21',
  address: { first_line: '1 Main St', second_line: null, city: 'Springfield', state: 'IL', zip_code: '62701' },
  race: null,
};

async function seedUser(db: Database) {
  const { team } = await seedTeam(db);
  const created = await createUser(db, { team_id: team.id, client_user_id: randomUUID() });
  if (created.status !== 'created') throw new Error('expected created');
  return { team_id: team.id, user_id: created.user.user_id };
}

describe.each(engineCases)('user-infos repository on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('user infos', () => {
    const ctx = useTestDatabase(engine);

    it('when info is stored, then it reads back as the same JSON document', async () => {
      const ids = await seedUser(ctx.db);
      expect(await getUserInfo(ctx.db, ids)).toBeNull();
      const stored = await upsertUserInfo(ctx.db, { ...ids, info });
      expect(stored).toEqual({ user_id: ids.user_id, info, updated_at: expect.stringMatching(ISO_TIMESTAMP) });
      expect(await getUserInfo(ctx.db, ids)).toEqual(stored);
    });

    it('when info is stored again, then it replaces the previous document', async () => {
      const ids = await seedUser(ctx.db);
      await upsertUserInfo(ctx.db, { ...ids, info });
      const replaced = await upsertUserInfo(ctx.db, { ...ids, info: { ...info, first_name: 'Ana', race: 'other' } });
      expect(replaced?.info).toEqual({ ...info, first_name: 'Ana', race: 'other' });
      expect((await getUserInfo(ctx.db, ids))?.info.first_name).toBe('Ana');
    });

    it('when the user is in another team or unknown, then null and nothing is stored', async () => {
      const ids = await seedUser(ctx.db);
      const other = await seedTeam(ctx.db);
      expect(await upsertUserInfo(ctx.db, { team_id: other.team.id, user_id: ids.user_id, info })).toBeNull();
      expect(await upsertUserInfo(ctx.db, { team_id: ids.team_id, user_id: randomUUID(), info })).toBeNull();
      expect(await upsertUserInfo(ctx.db, { team_id: ids.team_id, user_id: 'bad', info })).toBeNull();
      expect(await getUserInfo(ctx.db, ids)).toBeNull();
      await upsertUserInfo(ctx.db, { ...ids, info });
      expect(await getUserInfo(ctx.db, { team_id: other.team.id, user_id: ids.user_id })).toBeNull();
    });
  });
});
