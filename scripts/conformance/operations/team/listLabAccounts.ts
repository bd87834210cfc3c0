/** GET /v3/lab_test/lab_account: List lab accounts. */
import { check, checkEqual, show } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { UNKNOWN_ID } from '../../values.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
type Accounts = TeamSchemas['LabAccountList'];

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'listLabAccounts',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'GET', path: '/v3/lab_test/lab_account' }),
  checks: [
    always('lists the team\'s lab accounts: on a mock the first example', async (t) => {
      t.expect.successOrFirstExample('team', 'listLabAccounts', await t.team.GET('/v3/lab_test/lab_account'));
    }),
    notOnMock('state', 'the same accounts on every read; status and lab_account_id keep only the matching ones', async (t) => {
      const all = t.expect.success<Accounts>('team', 'listLabAccounts', await t.team.GET('/v3/lab_test/lab_account'));
      checkEqual(t.expect.success<Accounts>('team', 'listLabAccounts', await t.team.GET('/v3/lab_test/lab_account')), all, 'a second read');
      check(all.data.some((a) => a.status === 'active'), `no active account: ${show(all)}`);
      const pending = t.expect.success<Accounts>('team', 'listLabAccounts', await t.team.GET('/v3/lab_test/lab_account', { params: { query: { status: 'pending' } } }));
      checkEqual(pending.data, all.data.filter((a) => a.status === 'pending'), 'status=pending');
      const first = all.data[0]!;
      const one = t.expect.success<Accounts>('team', 'listLabAccounts', await t.team.GET('/v3/lab_test/lab_account', { params: { query: { lab_account_id: first.id } } }));
      checkEqual(one.data, [first], 'lab_account_id');
    }),
    notFound('listLabAccounts', '404 for a lab_account_id that is not one of the team\'s', (t) => t.team.GET('/v3/lab_test/lab_account', { params: { query: { lab_account_id: UNKNOWN_ID } } })),
    always('422 naming ["query", "status"] for an unknown status', async (t) => {
      t.expect.validation('team', 'listLabAccounts', await t.team.GET('/v3/lab_test/lab_account', { params: { query: { status: 'closed' as 'active' } } }), [{ loc: ['query', 'status'] }]);
    }),
    missingKey('listLabAccounts', (t) => t.teamWithoutKey.GET('/v3/lab_test/lab_account')),
    unknownKey('listLabAccounts', (_t, client) => client.GET('/v3/lab_test/lab_account')),
  ],
};
