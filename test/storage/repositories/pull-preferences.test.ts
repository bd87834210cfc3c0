import { describe, expect, it } from 'vitest';
import { listPullPreferences, setPullPreference } from '../../../server/storage/repositories/pull-preferences.js';
import { engineCases, seedTeam, useTestDatabase } from '../helpers.js';
import { deletePullPreference, getPullPreference } from '../stored-state.js';

describe.each(engineCases)('pull-preferences repository on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('team pull preferences', () => {
    const ctx = useTestDatabase(engine);

    it('when a preference is set twice, then the last value wins and it is listed per provider', async () => {
      const { team } = await seedTeam(ctx.db);
      expect(await getPullPreference(ctx.db, { team_id: team.id, provider: 'oura' })).toBeNull();
      await setPullPreference(ctx.db, { team_id: team.id, provider: 'oura', range_days: 30 });
      expect(await setPullPreference(ctx.db, { team_id: team.id, provider: 'oura', range_days: 90 })).toEqual({
        team_id: team.id,
        provider: 'oura',
        range_days: 90,
      });
      await setPullPreference(ctx.db, { team_id: team.id, provider: 'fitbit', range_days: 7 });
      expect((await listPullPreferences(ctx.db, team.id)).map((p) => [p.provider, p.range_days])).toEqual([
        ['fitbit', 7],
        ['oura', 90],
      ]);
      expect(await deletePullPreference(ctx.db, { team_id: team.id, provider: 'fitbit' })).toBe(true);
      expect(await deletePullPreference(ctx.db, { team_id: team.id, provider: 'fitbit' })).toBe(false);
    });

    it('when the range is not positive, then it is rejected', async () => {
      const { team } = await seedTeam(ctx.db);
      await expect(setPullPreference(ctx.db, { team_id: team.id, provider: 'oura', range_days: 0 })).rejects.toMatchObject({
        code: '23514',
      });
    });
  });
});
