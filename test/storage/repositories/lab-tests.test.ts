import { describe, expect, it } from 'vitest';
import { findLabTest, insertLabTest, listLabTests } from '../../../server/storage/repositories/lab-tests.js';
import { engineCases, ISO_TIMESTAMP, seedTeam, useTestDatabase } from '../helpers.js';

describe.each(engineCases)('lab tests repository on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('updated_at (migration 023)', () => {
    const ctx = useTestDatabase(engine);

    it('when a lab test is stored, then its updated_at is its created_at, as stored, found and listed', async () => {
      const { team } = await seedTeam(ctx.db);
      const stored = await insertLabTest(ctx.db, { team_id: team.id, slug: 'vitamin_d', name: 'Vitamin D', description: '', method: 'walk_in_test', lab_id: 1, marker_ids: [1065], fasting: false, auto_generated: false });
      expect(stored.created_at).toMatch(ISO_TIMESTAMP);
      expect(stored.updated_at).toBe(stored.created_at);
      expect(await findLabTest(ctx.db, team.id, stored.id)).toEqual(stored);
      expect(await listLabTests(ctx.db, team.id, { auto_generated: null, method: null, status: null, lab_ids: null, marker_ids: [], name: null })).toEqual([stored]);
    });
  });
});
