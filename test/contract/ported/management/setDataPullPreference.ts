/** Ported from test/contract/suite.ts (management setDataPullPreference): what its conformance checks assert less of. */
import { checkEqual } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { invalid } from '../../../../scripts/lib/conformance/values.js';
import { missingManagementKey, ownTeamPath, unknownTeamPath } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('sets 90 days for Oura: on a mock the first example, on a server the preference as set', async (t) => {
    const path = { ...(await ownTeamPath(t)), provider: 'oura' as const };
    const outcome = await t.management.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', { params: { path }, body: { historical_days: 90 } });
    const preference = t.expect.successOrFirstExample('management', 'setDataPullPreference', outcome);
    if (!t.isMock) checkEqual(preference, { provider: 'oura', historical_days: 90 }, 'preference');
  }),
  always('422 listing a provider that is not an OAuth one and historical_days 0, on a team that does not exist', async (t) => {
    const outcome = await t.management.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', {
      params: { path: { ...unknownTeamPath(t), provider: invalid('nope') } },
      body: { historical_days: 0 },
    });
    t.expect.validation('management', 'setDataPullPreference', outcome, [
      { loc: ['path', 'provider'], type: 'enum' },
      { loc: ['body', 'historical_days'], type: 'greater_than_equal' },
    ]);
  }),
  missingManagementKey('setDataPullPreference', (t, client) =>
    client.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', { params: { path: { ...unknownTeamPath(t), provider: 'oura' } }, body: { historical_days: 30 } }),
  ),
];
