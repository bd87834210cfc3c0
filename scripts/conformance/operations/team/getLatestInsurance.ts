/** GET /v2/user/{user_id}/insurance/latest: Get the latest insurance. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { insuranceBody, invalid, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { createInsurance } from '../../requests.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { notFound } = errorChecks('team');
const { missingKey, otherTeamsUser } = teamKeyChecks;

const getLatestInsurance = (client: TeamClient, user_id: string, is_primary?: boolean) =>
  client.GET('/v2/user/{user_id}/insurance/latest', { params: { path: { user_id }, ...(is_primary !== undefined && { query: { is_primary } }) } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getLatestInsurance',
  auth: { scope: 'user' },
  // The second seeded user has a primary insurance (the seed of createInsurance).
  validRequest: async ({ a }) => {
    const user = a.users[1];
    if (!user) throw new Error(`team ${a.label} has no second seeded user: seed it with seedTeam`);
    return { method: 'GET', path: `/v2/user/${user.user_id}/insurance/latest`, query: { is_primary: 'true' } };
  },
  checks: [
    always('answers the stored insurance: on a mock the first example, on a server the one stored last, or of the kind asked', async (t) => {
      const { user_id } = await t.fixtures.user();
      await createInsurance(t.team, user_id, { ...insuranceBody(), member_id: 'PRIMARY-1', is_primary: true });
      const latest = t.expect.successOrFirstExample<TeamSchemas['ClientFacingInsurance']>('team', 'getLatestInsurance', await getLatestInsurance(t.team, user_id));
      if (t.isMock) return;
      checkEqual(latest.member_id, 'PRIMARY-1', 'member_id of the only insurance');
      await createInsurance(t.team, user_id, { ...insuranceBody(), member_id: 'SECONDARY-1', is_primary: false });
      const last = t.expect.success<TeamSchemas['ClientFacingInsurance']>('team', 'getLatestInsurance', await getLatestInsurance(t.team, user_id));
      checkEqual(last.member_id, 'SECONDARY-1', 'member_id of the insurance stored last');
      const primary = t.expect.success<TeamSchemas['ClientFacingInsurance']>('team', 'getLatestInsurance', await getLatestInsurance(t.team, user_id, true));
      checkEqual([primary.member_id, primary.is_primary], ['PRIMARY-1', true], '[member_id, is_primary] with is_primary=true');
    }),
    notOnMock('state', '404 saying so for a user without insurance', async (t) => {
      const { user_id } = await t.fixtures.createUser();
      const { detail } = t.expect.error('team', 'getLatestInsurance', await getLatestInsurance(t.team, user_id), 404);
      checkEqual(detail.includes('no insurance'), true, `the detail "${detail}" says the user has no insurance`);
    }),
    always('422 naming ["query", "is_primary"] when it is not a boolean', async (t) => {
      const outcome = await getLatestInsurance(t.team, UNKNOWN_ID, invalid('maybe'));
      t.expect.validation('team', 'getLatestInsurance', outcome, [{ loc: ['query', 'is_primary'] }]);
    }),
    notFound('getLatestInsurance', '404 for an unknown user', (t) => getLatestInsurance(t.team, UNKNOWN_ID)),
    otherTeamsUser('getLatestInsurance', "404 for a user of another team (with that team's key)", (other, { user_id }) => getLatestInsurance(other, user_id)),
    missingKey('getLatestInsurance', (t) => getLatestInsurance(t.teamWithoutKey, UNKNOWN_ID)),
  ],
};
