/** Ported from test/contract/suite.ts (management listDataPullPreferences): what its conformance checks assert less of. */
import type { ManagementSchemas } from '../../../../server/client/index.js';
import { check, show } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { missingManagementKey, ownTeamPath, unknownTeamPath } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('lists the preferences of a team: on a mock the first example, on a server with the 90 days just set for Oura', async (t) => {
    const path = await ownTeamPath(t);
    const set = await t.management.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', { params: { path: { ...path, provider: 'oura' } }, body: { historical_days: 90 } });
    t.expect.success('management', 'setDataPullPreference', set);
    const outcome = await t.management.GET('/v1/org/{org_id}/team/{team_id}/data_pull_preferences', { params: { path } });
    const listed = t.expect.successOrFirstExample<ManagementSchemas['DataPullPreferences']>('management', 'listDataPullPreferences', outcome);
    if (!t.isMock) {
      const oura = listed.preferences.filter((preference) => preference.provider === 'oura');
      check(oura.length === 1 && oura[0]!.historical_days === 90, `the oura preferences listed: ${show(oura)}`);
    }
  }),
  missingManagementKey('listDataPullPreferences', (t, client) => client.GET('/v1/org/{org_id}/team/{team_id}/data_pull_preferences', { params: { path: unknownTeamPath(t) } })),
];
