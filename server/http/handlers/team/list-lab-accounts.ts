import type { operations } from '../../../../generated/team/schema.js';
import { filterLabAccounts, toClientFacingLabAccount } from '../../../domain/lab-accounts/accounts.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { labAccountsOf } from './lab-account-views.js';

/**
 * GET /v3/lab_test/lab_account: List lab accounts. The team's accounts are derived from its id
 * (domain/lab-accounts); one that is not the team's, by `lab_account_id`, is a 404 like any other
 * team's resource.
 */
export const listLabAccounts =
  (_deps: Deps): Handler<operations['listLabAccounts'], TeamContext> =>
  async ({ query }, caller) => {
    const accounts = filterLabAccounts(labAccountsOf(caller), { lab_account_id: query.lab_account_id ?? null, status: query.status ?? null });
    if (!accounts) throw new ApiError(404, `Lab account ${query.lab_account_id} not found.`);
    return { status: 200, body: { data: accounts.map(toClientFacingLabAccount) } };
  };
