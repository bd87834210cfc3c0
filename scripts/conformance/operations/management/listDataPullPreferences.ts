/** GET /v1/org/{org_id}/team/{team_id}/data_pull_preferences: List data pull preferences. */
import { check, checkEqual, show } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { NOT_A_UUID } from '../../values.js';
import { errorChecks, managementKeyChecks, NEEDS } from '../../shared-checks.js';
import { ownTeamPath, unknownTeamPath, listDataPullPreferences, setDataPullPreference, type Schemas } from '../../requests.js';
import { managementPath } from '../../world.js';

const { pathNotAUuid, notFound } = errorChecks('management');
const { keyChecks } = managementKeyChecks;

export const definition: OperationDefinition = {
  api: 'management',
  operationId: 'listDataPullPreferences',
  needs: NEEDS,
  auth: { scope: 'management' },
  validRequest: async (w) => ({ method: 'GET', path: managementPath(w, '/data_pull_preferences') }),
  checks: [
    always('lists the preferences of a team: on a mock the first example, on a server with the 90 days just set for Oura', async (t) => {
      const path = await ownTeamPath(t);
      t.expect.success('management', 'setDataPullPreference', await setDataPullPreference(t.management, { ...path, provider: 'oura' }, { historical_days: 90 }));
      const listed = t.expect.successOrFirstExample<Schemas['DataPullPreferences']>('management', 'listDataPullPreferences', await listDataPullPreferences(t.management, path));
      if (!t.isMock) {
        const oura = listed.preferences.filter((preference) => preference.provider === 'oura');
        check(oura.length === 1 && oura[0]!.historical_days === 90, `the oura preferences listed: ${show(oura)}`);
      }
    }),
    notOnMock('state', 'lists a preference once it is set', async (t) => {
      const path = await ownTeamPath(t);
      t.expect.success('management', 'setDataPullPreference', await setDataPullPreference(t.management, { ...path, provider: 'polar' }, { historical_days: 14 }));
      const listed = t.expect.success<Schemas['DataPullPreferences']>('management', 'listDataPullPreferences', await listDataPullPreferences(t.management, path));
      checkEqual(listed.preferences.find((preference) => preference.provider === 'polar'), { provider: 'polar', historical_days: 14 }, 'the polar preference');
    }),
    pathNotAUuid('listDataPullPreferences', 'team_id', (t) => listDataPullPreferences(t.management, { org_id: t.orgId, team_id: NOT_A_UUID })),
    ...keyChecks('listDataPullPreferences', (t, client) => listDataPullPreferences(client, unknownTeamPath(t))),
    notFound('listDataPullPreferences', '404 for an unknown team', (t) => listDataPullPreferences(t.management, unknownTeamPath(t))),
  ],
};
