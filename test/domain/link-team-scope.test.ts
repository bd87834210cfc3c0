import { describe, expect, it } from 'vitest';
import { INFER_FROM_CONTEXT, namesCallersTeam } from '../../server/domain/link/team-scope.js';

describe('the team_id of the bulk link operations (domain/link/team-scope.ts)', () => {
  const mine = '3d2b1f0e-5a7c-4e8b-9f21-7c0a9e4b6d53';

  it("when team_id is left out, infer_from_context, or the caller's team id in any letter case, then it names the caller's team", () => {
    for (const teamId of [undefined, null, INFER_FROM_CONTEXT, mine, mine.toUpperCase()]) expect(namesCallersTeam(teamId, mine)).toBe(true);
  });

  it('when team_id is any other value, then it does not', () => {
    for (const teamId of ['6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10', 'INFER_FROM_CONTEXT', '']) expect(namesCallersTeam(teamId, mine)).toBe(false);
  });
});
