import { searchPayors, type PayorIdProvider, type PayorQuery, type PayorSearchHit, type TeamPayor } from '../../../domain/insurance/payor-search.js';
import { listTeamPayors } from '../../../storage/repositories/team-payors.js';
import type { Deps } from '../context.js';

/** The payors a team's search finds: the team's own (read here) and the catalog's. */
export async function findPayors(deps: Deps, teamId: string, query: PayorQuery): Promise<PayorSearchHit[]> {
  const teamPayors = await listTeamPayors(deps.db, teamId);
  return searchPayors(query, teamPayors.map((p) => ({ ...p, provider: p.provider as PayorIdProvider | null }) satisfies TeamPayor));
}
