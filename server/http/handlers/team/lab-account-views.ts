import { teamLabAccounts, type TeamLabAccount } from '../../../domain/lab-accounts/accounts.js';
import { withLabAccounts, type MarkerCatalog } from '../../../domain/lab-markers/catalog.js';
import { unknownLabAccount } from '../../../domain/lab-tests/catalog.js';
import { ValidationFailure } from '../../api-error.js';
import type { Deps, TeamContext } from '../context.js';

/** The team's lab accounts (derived from its id: no storage, the same on every read). */
export function labAccountsOf(caller: Pick<TeamContext, 'teamId' | 'orgId'>): TeamLabAccount[] {
  return teamLabAccounts(caller.teamId, caller.orgId);
}

/**
 * The marker catalog as the team sees it: its own lab accounts, so that a `lab_account_id` of
 * another team is unknown in every rule that takes one.
 */
export function teamMarkerCatalog(deps: Pick<Deps, 'markers'>, caller: Pick<TeamContext, 'teamId' | 'orgId'>): MarkerCatalog {
  return withLabAccounts(deps.markers, labAccountsOf(caller));
}

/** A `lab_account_id` that is not one of the team's is a 422 naming it at `loc`. */
export function requireKnownLabAccount(catalog: MarkerCatalog, labAccountId: string | null | undefined, loc: (string | number)[]): void {
  const problem = unknownLabAccount(catalog, labAccountId);
  if (problem) throw ValidationFailure.single(loc, problem.msg);
}
