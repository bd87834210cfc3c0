/** GET /v1/org/{org_id}/team: List organization teams. */
import { check, checkEqual, show } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { invalid, NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, managementKeyChecks, NEEDS } from '../../shared-checks.js';
import { listTeams, collectPages, type Schemas } from '../../requests.js';

const { pathNotAUuid, unissuedCursor, notFound } = errorChecks('management');
const { missingKey, unknownKey, teamKey } = managementKeyChecks;

export const definition: OperationDefinition = {
  api: 'management',
  operationId: 'listTeams',
  needs: NEEDS,
  auth: { scope: 'management' },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v1/org/${a.orgId}/team` }),
  checks: [
    always('lists the teams of the organization', async (t) => {
      t.expect.success('management', 'listTeams', await listTeams(t.management, t.orgId));
    }),
    always('lists the US teams by a single region: on a mock the first example, on a server only US teams', async (t) => {
      const page = t.expect.successOrFirstExample<Schemas['TeamList']>('management', 'listTeams', await listTeams(t.management, t.orgId, { region: ['us'] }));
      if (!t.isMock) check(page.teams.every((listed) => listed.region === 'us'), `region=us lists ${show(page.teams.map((listed) => listed.region))}`);
    }),
    notOnMock('state', 'lists the team createTeam made, on some page', async (t) => {
      const own = await t.fixtures.ownTeam();
      const teams = await collectPages(async (cursor) => {
        const page = t.expect.success<Schemas['TeamList']>('management', 'listTeams', await listTeams(t.management, t.orgId, { ...(cursor && { next_cursor: cursor }) }));
        check(page.teams.length <= 50, `a page of ${page.teams.length} teams`);
        return { items: page.teams, next: page.next_cursor };
      });
      checkEqual(teams.find((listed) => listed.id === own.id), own, 'the created team as listed');
    }),
    notOnMock('static-examples', 'region and search_query filter the teams', async (t) => {
      const own = await t.fixtures.ownTeam();
      const eu = t.expect.success<Schemas['TeamList']>('management', 'listTeams', await listTeams(t.management, t.orgId, { region: ['eu'] }));
      check(eu.teams.every((listed) => listed.region === 'eu'), `region=eu lists ${show(eu.teams.map((listed) => listed.region))}`);
      const search = own.name.toUpperCase();
      const found = t.expect.success<Schemas['TeamList']>('management', 'listTeams', await listTeams(t.management, t.orgId, { search_query: search, region: ['us', 'eu'] }));
      checkEqual(found.teams.map((listed) => listed.id), [own.id], `teams found by search_query ${search}`);
    }),
    pathNotAUuid('listTeams', 'org_id', (t) => listTeams(t.management, NOT_A_UUID)),
    always('422 naming ["query", "region", 0] for an unknown region', async (t) => {
      const outcome = await listTeams(t.management, t.orgId, { region: invalid(['mars']) });
      t.expect.validation('management', 'listTeams', outcome, [{ loc: ['query', 'region', 0], type: 'enum' }]);
    }),
    always('422 naming ["query", "search_query"] for a character it does not accept, and for 81 characters', async (t) => {
      t.expect.validation('management', 'listTeams', await listTeams(t.management, t.orgId, { search_query: '<script>' }), [{ loc: ['query', 'search_query'], type: 'pattern' }]);
      t.expect.validation('management', 'listTeams', await listTeams(t.management, t.orgId, { search_query: 'a'.repeat(81) }), [{ loc: ['query', 'search_query'], type: 'too_long' }]);
    }),
    unissuedCursor('listTeams', (t) => listTeams(t.management, t.orgId, { next_cursor: 'not-a-cursor' })),
    missingKey('listTeams', (t, client) => listTeams(client, t.orgId)),
    unknownKey('listTeams', (t, client) => listTeams(client, t.orgId)),
    teamKey('listTeams', (t, client) => listTeams(client, t.orgId)),
    notFound('listTeams', '404 for an organization that is not the key’s', (t) => listTeams(t.management, UNKNOWN_ID)),
  ],
};
