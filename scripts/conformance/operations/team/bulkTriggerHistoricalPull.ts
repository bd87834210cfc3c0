/** POST /v2/link/bulk_trigger_historical_pull: Bulk trigger historical pull. */
import { check, checkEqual } from '../../assertions.js';
import { always, notOnMock, must, type OperationDefinition } from '../../operation.js';
import { invalid, NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, OVERSIZED, teamKeyChecks, MANAGEMENT } from '../../shared-checks.js';
import { bulkPullClient, enabledTeamClient, bulkPull } from '../../requests.js';
import { requestExample } from '../../examples.js';
import { newUser } from '../../world.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { tooLarge } = errorChecks('team');
const { missingKey } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'bulkTriggerHistoricalPull',
  auth: {
    scope: 'user',
    // Documented: an id that is not a user of the team is a 422 naming its index.
    otherTeam: { status: 422, loc: ['body', 'user_ids', 0] },
  },
  validRequest: async ({ a }) => ({
    method: 'POST',
    path: '/v2/link/bulk_trigger_historical_pull',
    body: { ...requestExample('team', 'bulkTriggerHistoricalPull', 'oura'), user_ids: [(await newUser(a, 'oura')).user_id] },
  }),
  seed: {
    order: 110,
    async run(seeding) {
      const [first, second] = [seeding.users[0]!, seeding.users[1]!];
      const bulk = must('bulkTriggerHistoricalPull', await seeding.team.POST('/v2/link/bulk_trigger_historical_pull', { body: { user_ids: [first.user_id, second.user_id], provider: 'oura' } }));
      must('bulkTriggerHistoricalPull', await seeding.team.POST('/v2/link/bulk_trigger_historical_pull', { body: { user_ids: [second.user_id], provider: 'strava' } }));
      seeding.bulkOpIds.push(bulk.operation.id);
    },
  },
  checks: [
    always('enqueues historical pulls (on a team with link migration enabled)', async (t) => {
      const client = await bulkPullClient(t);
      const { user_id } = await t.fixtures.connectedUser('oura', client);
      t.expect.success('team', 'bulkTriggerHistoricalPull', await bulkPull(client, { user_ids: [user_id], provider: 'oura', wait_for_completion: false }));
    }),
    always('enqueues the pull of a user without a connection (wait_for_completion false): on a mock the first example', async (t) => {
      const client = await bulkPullClient(t);
      const { user_id } = await t.fixtures.createUser(client);
      t.expect.successOrFirstExample('team', 'bulkTriggerHistoricalPull', await bulkPull(client, { user_ids: [user_id], provider: 'oura', wait_for_completion: false }));
    }),
    notOnMock(
      'state',
      'answers the operation, reports users without a connection, and lists the operation in listBulkOps',
      async (t) => {
        const client = await enabledTeamClient(t);
        const connected = await t.fixtures.connectedUser('oura', client);
        const unconnected = await t.fixtures.createUser(client);
        const outcome = await bulkPull(client, { user_ids: [connected.user_id, unconnected.user_id], provider: 'oura' });
        const answer = t.expect.success<TeamSchemas['BulkTriggerHistoricalPullResponse']>('team', 'bulkTriggerHistoricalPull', outcome, [202]);
        checkEqual(answer.not_connected_user_ids, [unconnected.user_id], 'not_connected_user_ids');
        checkEqual({ provider: answer.operation.provider, not_connected: answer.operation.not_connected }, { provider: 'oura', not_connected: 1 }, 'operation');
        const page = t.expect.success<TeamSchemas['BulkOpsPage']>('team', 'listBulkOps', await client.GET('/v2/link/bulk_op', { params: { query: { page_size: 50 } } }));
        check(page.data.some((op) => op.id === answer.operation.id), `listBulkOps does not list operation ${answer.operation.id}`);
      },
      MANAGEMENT,
    ),
    always('with wait_for_completion, answers 200 (completed) or 202 (still running)', async (t) => {
      const client = await bulkPullClient(t);
      const { user_id } = await t.fixtures.createUser(client);
      t.expect.success('team', 'bulkTriggerHistoricalPull', await bulkPull(client, { user_ids: [user_id], provider: 'fitbit', wait_for_completion: true }), [200, 202]);
    }),
    notOnMock(
      'state',
      '403 while link migration is disabled for the team (updateTeam switches it off and on again)',
      async (t) => {
        const client = await enabledTeamClient(t);
        const { user_id } = await t.fixtures.createUser(client);
        const { id: team_id } = await t.fixtures.ownTeam();
        const setEnabled = async (link_migration_enabled: boolean) => {
          const outcome = await t.management.PATCH('/v1/org/{org_id}/team/{team_id}', { params: { path: { org_id: t.orgId, team_id } }, body: { link_migration_enabled } });
          checkEqual(t.expect.success<{ link_migration_enabled: boolean }>('management', 'updateTeam', outcome).link_migration_enabled, link_migration_enabled, 'link_migration_enabled');
        };
        await setEnabled(false);
        try {
          t.expect.error('team', 'bulkTriggerHistoricalPull', await bulkPull(client, { user_ids: [user_id], provider: 'oura' }), 403);
        } finally {
          await setEnabled(true);
        }
        t.expect.success('team', 'bulkTriggerHistoricalPull', await bulkPull(client, { user_ids: [user_id], provider: 'oura' }));
      },
      MANAGEMENT,
    ),
    always('422 listing an empty user_ids and a missing provider', async (t) => {
      const outcome = await bulkPull(t.team, invalid({ user_ids: [] }));
      t.expect.validation('team', 'bulkTriggerHistoricalPull', outcome, [
        { loc: ['body', 'user_ids'], type: 'too_short' },
        { loc: ['body', 'provider'], type: 'missing' },
      ]);
    }),
    always('422 naming the index of a user id that is not a UUID, and of a repeated one', async (t) => {
      const outcome = await bulkPull(t.team, { user_ids: [UNKNOWN_ID, NOT_A_UUID], provider: 'oura' });
      t.expect.validation('team', 'bulkTriggerHistoricalPull', outcome, [{ loc: ['body', 'user_ids', 1], type: 'format' }]);
      const repeated = await bulkPull(t.team, { user_ids: [UNKNOWN_ID, UNKNOWN_ID], provider: 'oura' });
      t.expect.validation('team', 'bulkTriggerHistoricalPull', repeated, [{ loc: ['body', 'user_ids'], type: 'unique_items' }]);
    }),
    notOnMock(
      'state',
      '422 naming the index of an id that is not a user of the team',
      async (t) => {
        const client = await enabledTeamClient(t);
        const { user_id } = await t.fixtures.createUser(client);
        const outcome = await bulkPull(client, { user_ids: [user_id, UNKNOWN_ID], provider: 'oura' });
        t.expect.validation('team', 'bulkTriggerHistoricalPull', outcome, [{ loc: ['body', 'user_ids', 1] }]);
      },
      MANAGEMENT,
    ),
    tooLarge('bulkTriggerHistoricalPull', (t) => t.team.POST('/v2/link/bulk_trigger_historical_pull', OVERSIZED)),
    missingKey('bulkTriggerHistoricalPull', (t) => bulkPull(t.teamWithoutKey, { user_ids: [UNKNOWN_ID], provider: 'oura', wait_for_completion: false })),
  ],
};
