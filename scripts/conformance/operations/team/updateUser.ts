/** PATCH /v2/user/{user_id}: Update a user. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { invalid, NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { requestExample } from '../../examples.js';
import { getUser, type User } from '../../requests.js';
import { firstUser } from '../../world.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey, otherTeamsUser } = teamKeyChecks;

const updateUser = (client: TeamClient, user_id: string, body: TeamSchemas['UserPatchBody']) =>
  client.PATCH('/v2/user/{user_id}', { params: { path: { user_id } }, body });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'updateUser',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'PATCH', path: `/v2/user/${firstUser(a).user_id}`, body: requestExample('team', 'updateUser', 'timeZone') }),
  checks: [
    always('changes the time zone: on a mock the first example, on a server the user with the new zone, which a read then shows', async (t) => {
      const { user_id } = await t.fixtures.user();
      const changed = t.expect.successOrFirstExample<User>('team', 'updateUser', await updateUser(t.team, user_id, { fallback_time_zone: 'America/New_York' }));
      if (!t.isMock) {
        checkEqual([changed.user_id, changed.fallback_time_zone?.id, changed.fallback_time_zone?.source_slug], [user_id, 'America/New_York', 'manual'], 'the changed user');
        checkEqual(t.expect.success<User>('team', 'getUser', await getUser(t.team, user_id)).fallback_time_zone?.id, 'America/New_York', 'the zone read back');
      }
    }),
    notOnMock('state', 'an empty body changes nothing', async (t) => {
      const created = await t.fixtures.createUser();
      const { sentClientUserId: _sent, ...stored } = created;
      checkEqual(t.expect.success<User>('team', 'updateUser', await updateUser(t.team, created.user_id, {})), stored, 'the user');
    }),
    notOnMock('domain-rules', '422 naming ["body", "ingestion_start"] for a start after the stored end', async (t) => {
      const { user_id } = await t.fixtures.user();
      t.expect.success('team', 'updateUser', await updateUser(t.team, user_id, { ingestion_end: '2026-01-31' }));
      t.expect.validation('team', 'updateUser', await updateUser(t.team, user_id, { ingestion_start: '2026-02-01' }), [{ loc: ['body', 'ingestion_start'] }]);
    }),
    always('422 naming ["body", "fallback_birth_date"] for a date that is not one', async (t) => {
      const { user_id } = await t.fixtures.user();
      t.expect.validation('team', 'updateUser', await updateUser(t.team, user_id, invalid({ fallback_birth_date: '1986-02-30' })), [{ loc: ['body', 'fallback_birth_date'] }]);
    }),
    notOnMock('domain-rules', '400 for a client_user_id another user of the team has', async (t) => {
      const [one, two] = [await t.fixtures.user(), await t.fixtures.createUser()];
      t.expect.error('team', 'updateUser', await updateUser(t.team, two.user_id, { client_user_id: one.client_user_id }), 400);
    }),
    pathNotAUuid('updateUser', 'user_id', (t) => updateUser(t.team, NOT_A_UUID, {})),
    missingKey('updateUser', (t) => updateUser(t.teamWithoutKey, UNKNOWN_ID, {})),
    unknownKey('updateUser', (_t, client) => updateUser(client, UNKNOWN_ID, {})),
    notFound('updateUser', '404 for an unknown user_id', (t) => updateUser(t.team, UNKNOWN_ID, {})),
    otherTeamsUser('updateUser', "404 for a user of another team (with that team's key)", (other, { user_id }) => updateUser(other, user_id, { ingestion_start: null })),
  ],
};
