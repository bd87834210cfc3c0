/** PUT /v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}: Set a data pull preference. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, must, type OperationDefinition } from '../../operation.js';
import { invalid } from '../../values.js';
import { errorChecks, OVERSIZED, managementKeyChecks, NEEDS } from '../../shared-checks.js';
import { ownTeamPath, unknownTeamPath, setDataPullPreference } from '../../requests.js';
import { requestExample } from '../../examples.js';
import { managementPath } from '../../world.js';

const { notFound, tooLarge } = errorChecks('management');
const { keyChecks } = managementKeyChecks;

export const definition: OperationDefinition = {
  api: 'management',
  operationId: 'setDataPullPreference',
  needs: NEEDS,
  auth: { scope: 'management' },
  validRequest: async (w) => ({ method: 'PUT', path: managementPath(w, '/data_pull_preferences/oura'), body: requestExample('management', 'setDataPullPreference', 'ninety_days') }),
  seed: {
    order: 20,
    async run(seeding) {
      const path = { ...seeding.path, provider: 'oura' } as const;
      must('setDataPullPreference', await seeding.management.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', { params: { path }, body: { historical_days: 60 } }));
    },
  },
  checks: [
    always('sets 28 days of history for Oura', async (t) => {
      const outcome = await setDataPullPreference(t.management, { ...(await ownTeamPath(t)), provider: 'oura' }, { historical_days: 28 });
      t.expect.success('management', 'setDataPullPreference', outcome);
    }),
    always('sets 90 days for Oura: on a mock the first example, on a server the preference as set', async (t) => {
      const outcome = await setDataPullPreference(t.management, { ...(await ownTeamPath(t)), provider: 'oura' }, { historical_days: 90 });
      const preference = t.expect.successOrFirstExample('management', 'setDataPullPreference', outcome);
      if (!t.isMock) checkEqual(preference, { provider: 'oura', historical_days: 90 }, 'preference');
    }),
    notOnMock('static-examples', 'answers the preference as set', async (t) => {
      // Within every provider's own backfill limit: the spec allows up to 3650, the server may refuse more than the provider keeps.
      const outcome = await setDataPullPreference(t.management, { ...(await ownTeamPath(t)), provider: 'withings' }, { historical_days: 21 });
      checkEqual(t.expect.success('management', 'setDataPullPreference', outcome), { provider: 'withings', historical_days: 21 }, 'preference');
    }),
    always('422 for historical_days 0, 3651 or missing, and for a provider that is not an OAuth one', async (t) => {
      const path = await ownTeamPath(t);
      const put = (provider: string, body: unknown) => setDataPullPreference(t.management, { ...path, provider: invalid(provider) }, invalid(body));
      t.expect.validation('management', 'setDataPullPreference', await put('oura', { historical_days: 0 }), [{ loc: ['body', 'historical_days'], type: 'greater_than_equal' }]);
      t.expect.validation('management', 'setDataPullPreference', await put('oura', { historical_days: 3651 }), [{ loc: ['body', 'historical_days'], type: 'less_than_equal' }]);
      t.expect.validation('management', 'setDataPullPreference', await put('oura', {}), [{ loc: ['body', 'historical_days'], type: 'missing' }]);
      t.expect.validation('management', 'setDataPullPreference', await put('apple_health_kit', { historical_days: 30 }), [{ loc: ['path', 'provider'], type: 'enum' }]);
    }),
    always('422 listing a provider that is not an OAuth one and historical_days 0, on a team that does not exist', async (t) => {
      const outcome = await setDataPullPreference(t.management, { ...unknownTeamPath(t), provider: invalid('nope') }, { historical_days: 0 });
      t.expect.validation('management', 'setDataPullPreference', outcome, [
        { loc: ['path', 'provider'], type: 'enum' },
        { loc: ['body', 'historical_days'], type: 'greater_than_equal' },
      ]);
    }),
    tooLarge('setDataPullPreference', async (t) =>
      t.management.PUT('/v1/org/{org_id}/team/{team_id}/data_pull_preferences/{provider}', { params: { path: { ...(await ownTeamPath(t)), provider: 'oura' } }, ...OVERSIZED }),
    ),
    ...keyChecks('setDataPullPreference', (t, client) => setDataPullPreference(client, { ...unknownTeamPath(t), provider: 'oura' }, { historical_days: 30 })),
    notFound('setDataPullPreference', '404 for an unknown team', (t) => setDataPullPreference(t.management, { ...unknownTeamPath(t), provider: 'oura' }, { historical_days: 30 })),
  ],
};
