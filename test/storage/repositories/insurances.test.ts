import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/storage/database.js';
import { upsertInsurances, type InsuranceWrite } from '../../../server/storage/repositories/insurances.js';
import { createUser } from '../../../server/storage/repositories/users.js';
import { engineCases, ISO_TIMESTAMP, seedTeam, useTestDatabase } from '../helpers.js';
import { getInsurance, listInsurances } from '../stored-state.js';

/** One write through the batch statement the server uses. */
const upsertInsurance = async <Insurance extends object>(db: Database, input: InsuranceWrite<Insurance>) => (await upsertInsurances(db, [input]))[0] ?? null;

const address = { first_line: '1 Main St', second_line: '', city: 'Springfield', state: 'IL', zip: '62701', country: 'US' };
const insurance = {
  payor_code: 'AETNA',
  member_id: 'W123456789',
  relationship: 'Self',
  insured: { first_name: 'Maria', last_name: 'Lopez', gender: 'female', dob: '1986-04-21', email: 'm@example.com', phone_number: '+1', address },
  company: { name: 'Aetna', address },
  group_id: null,
  is_primary: true,
};

async function seedUser(db: Database) {
  const { team } = await seedTeam(db);
  const created = await createUser(db, { team_id: team.id, client_user_id: randomUUID() });
  if (created.status !== 'created') throw new Error('expected created');
  return { team_id: team.id, user_id: created.user.user_id };
}

describe.each(engineCases)('insurances repository on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('insurances', () => {
    const ctx = useTestDatabase(engine);

    it('when an insurance is stored, then it reads back by (user, is_primary)', async () => {
      const ids = await seedUser(ctx.db);
      const stored = await upsertInsurance(ctx.db, { ...ids, is_primary: true, record: insurance });
      expect(stored).toEqual({
        user_id: ids.user_id,
        is_primary: true,
        record: insurance,
        created_on: expect.stringMatching(ISO_TIMESTAMP),
        updated_at: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect(await getInsurance(ctx.db, { ...ids, is_primary: true })).toEqual(stored);
      expect(await getInsurance(ctx.db, { ...ids, is_primary: false })).toBeNull();
    });

    it('when a primary is stored twice, then the second replaces it and a secondary sits beside it', async () => {
      const ids = await seedUser(ctx.db);
      const first = await upsertInsurance(ctx.db, { ...ids, is_primary: true, record: insurance });
      const second = await upsertInsurance(ctx.db, { ...ids, is_primary: true, record: { ...insurance, member_id: 'NEW' } });
      expect(second?.created_on).toBe(first?.created_on);
      expect(second?.record.member_id).toBe('NEW');
      await upsertInsurance(ctx.db, { ...ids, is_primary: false, record: { ...insurance, is_primary: false } });
      const all = await listInsurances(ctx.db, ids);
      expect(all.map((i) => [i.is_primary, i.record.member_id])).toEqual([
        [true, 'NEW'],
        [false, 'W123456789'],
      ]);
    });

    it('when the user is in another team or unknown, then null / empty and nothing is stored', async () => {
      const ids = await seedUser(ctx.db);
      const other = await seedTeam(ctx.db);
      const foreign = { team_id: other.team.id, user_id: ids.user_id };
      expect(await upsertInsurance(ctx.db, { ...foreign, is_primary: true, record: insurance })).toBeNull();
      expect(await upsertInsurance(ctx.db, { ...ids, user_id: 'bad', is_primary: true, record: insurance })).toBeNull();
      expect(await listInsurances(ctx.db, ids)).toEqual([]);
      await upsertInsurance(ctx.db, { ...ids, is_primary: true, record: insurance });
      expect(await getInsurance(ctx.db, { ...foreign, is_primary: true })).toBeNull();
      expect(await listInsurances(ctx.db, foreign)).toEqual([]);
    });

    it('when many inputs are stored in one statement, then each gets its own result and the last of a key stays stored', async () => {
      const ids = await seedUser(ctx.db);
      const other = await seedUser(ctx.db);
      const foreignTeam = (await seedTeam(ctx.db)).team.id;
      const results = await upsertInsurances(ctx.db, [
        { ...ids, is_primary: true, record: { ...insurance, member_id: 'FIRST' } },
        { team_id: foreignTeam, user_id: ids.user_id, is_primary: true, record: { ...insurance, member_id: 'FOREIGN' } },
        { ...other, user_id: other.user_id.toUpperCase(), is_primary: false, record: { ...insurance, member_id: 'UPPER' } },
        { ...ids, is_primary: true, record: { ...insurance, member_id: 'LAST' } },
        { ...ids, user_id: randomUUID(), is_primary: true, record: insurance },
      ]);
      expect(results.map((r) => r?.record.member_id ?? null)).toEqual(['FIRST', null, 'UPPER', 'LAST', null]);
      expect(results[0]?.updated_at).toBe(results[3]?.updated_at);
      expect((await getInsurance(ctx.db, { ...ids, is_primary: true }))?.record.member_id).toBe('LAST');
      expect((await getInsurance(ctx.db, { ...other, is_primary: false }))?.record.member_id).toBe('UPPER');
      expect(await getInsurance(ctx.db, { team_id: foreignTeam, user_id: ids.user_id, is_primary: true })).toBeNull();
    });
  });
});
