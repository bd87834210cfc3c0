/** GET /v1/org/{org_id}/team/{team_id}/event: List team events. */
import { check, checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { invalid, NOT_A_UUID } from '../../values.js';
import { errorChecks, managementKeyChecks, NEEDS } from '../../shared-checks.js';
import { ownTeamPath, unknownTeamPath, type Schemas, type TeamPath } from '../../requests.js';
import { managementPath } from '../../world.js';
import type { ManagementClient } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound, unissuedCursor } = errorChecks('management');
const { keyChecks } = managementKeyChecks;

type Query = { event_type?: string; after?: string; next_cursor?: string; limit?: number };
const listTeamEvents = (client: ManagementClient, path: TeamPath, query?: Query) =>
  client.GET('/v1/org/{org_id}/team/{team_id}/event', { params: { path, ...(query && { query }) } });

export const definition: OperationDefinition = {
  api: 'management',
  operationId: 'listTeamEvents',
  needs: NEEDS,
  auth: { scope: 'management' },
  validRequest: async (w) => ({ method: 'GET', path: managementPath(w, '/event'), query: { limit: '50' } }),
  checks: [
    always("lists a team's events: on a mock the first example", async (t) => {
      t.expect.successOrFirstExample('management', 'listTeamEvents', await listTeamEvents(t.management, await ownTeamPath(t), { limit: 10 }));
    }),
    notOnMock(
      'state',
      'a connection of a user of the team is listed as provider.connection.created, with the envelope of its deliveries; after it, nothing newer of that type',
      async (t) => {
        const client = await t.fixtures.ownTeamClient();
        const user = await t.fixtures.ownTeamUser();
        t.expect.success('team', 'connectDemoProvider', await client.POST('/v2/link/connect/demo', { body: { user_id: user.user_id, provider: 'oura' } }));
        const path = await ownTeamPath(t);
        const page = t.expect.success<Schemas['TeamEventPage']>(
          'management',
          'listTeamEvents',
          await listTeamEvents(t.management, path, { event_type: 'provider.connection.created', limit: 200 }),
        );
        const event = page.data.find((listed) => listed.user_id === user.user_id);
        check(event !== undefined, `no provider.connection.created event of user ${user.user_id} listed`);
        checkEqual([event!.team_id, event!.client_user_id, (event!.data as { provider?: { slug?: string } }).provider?.slug], [path.team_id, user.client_user_id, 'oura'], '[team_id, client_user_id, data.provider.slug]');
        check(page.data.every((listed) => listed.event_type === 'provider.connection.created'), 'event_type filters the events');
        const newest = page.data[0]!;
        const after = t.expect.success<Schemas['TeamEventPage']>('management', 'listTeamEvents', await listTeamEvents(t.management, path, { event_type: 'provider.connection.created', after: newest.id }));
        checkEqual(after, { data: [], next_cursor: null }, 'the page after the newest event');
      },
      NEEDS,
    ),
    always('422 for limit 0 and 201, and for an after that is not an event id', async (t) => {
      const list = (query: Record<string, unknown>) => listTeamEvents(t.management, unknownTeamPath(t), invalid(query));
      t.expect.validation('management', 'listTeamEvents', await list({ limit: 0 }), [{ loc: ['query', 'limit'], type: 'greater_than_equal' }]);
      t.expect.validation('management', 'listTeamEvents', await list({ limit: 201 }), [{ loc: ['query', 'limit'], type: 'less_than_equal' }]);
      t.expect.validation('management', 'listTeamEvents', await list({ after: 'evt_1' }), [{ loc: ['query', 'after'], type: 'pattern' }]);
    }),
    notOnMock('domain-rules', "422 naming ['query', 'after'] for an event id the team does not have", async (t) => {
      const outcome = await listTeamEvents(t.management, await ownTeamPath(t), { after: 'msg_0000000000004000800000000000dead' });
      t.expect.validation('management', 'listTeamEvents', outcome, [{ loc: ['query', 'after'] }]);
    }),
    unissuedCursor('listTeamEvents', async (t) => listTeamEvents(t.management, await ownTeamPath(t), { next_cursor: 'not-a-cursor' })),
    pathNotAUuid('listTeamEvents', 'team_id', (t) => listTeamEvents(t.management, { org_id: t.orgId, team_id: NOT_A_UUID })),
    ...keyChecks('listTeamEvents', (t, client) => listTeamEvents(client, unknownTeamPath(t))),
    notFound('listTeamEvents', '404 for an unknown team', (t) => listTeamEvents(t.management, unknownTeamPath(t))),
  ],
};
