/** POST /v2/user: Create a user. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, must, uniqueValue, type OperationDefinition, type SeededUser } from '../../operation.js';
import { invalid, MALFORMED_JSON } from '../../values.js';
import { errorChecks, OVERSIZED, teamKeyChecks } from '../../shared-checks.js';
import { requestExample } from '../../examples.js';

const { tooLarge } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'createUser',
  auth: { scope: 'team' },
  validRequest: async () => ({ method: 'POST', path: '/v2/user', body: { ...requestExample('team', 'createUser', 'minimal'), client_user_id: uniqueValue('new') } }),
  seed: {
    order: 40,
    /** Three users to read and connect, and two a suite may delete. */
    async run(seeding) {
      const create = async (suffix: string): Promise<SeededUser> => {
        const body = { client_user_id: `${seeding.label}-${suffix}`, fallback_time_zone: 'Europe/Paris', fallback_birth_date: '1980-05-17' };
        const user = must('createUser', await seeding.team.POST('/v2/user', { body }));
        return { user_id: user.user_id, client_user_id: user.client_user_id };
      };
      for (const suffix of ['alpha', 'beta', 'gamma']) seeding.users.push(await create(suffix));
      for (const suffix of ['delta', 'epsilon']) seeding.disposableUsers.push(await create(suffix));
    },
  },
  // A new user takes a new client_user_id: generated values only.
  fuzzPools: () => ({ client_user_id: [] }),
  checks: [
    always('creates a user: on a mock the first example, on a server the user with the client_user_id sent', async (t) => {
      const clientUserId = t.fixtures.clientUserId();
      const user = await t.fixtures.createUser(t.team, clientUserId, 'firstExample');
      if (!t.isMock) checkEqual(user.client_user_id, clientUserId, 'client_user_id');
    }),
    notOnMock('static-examples', 'answers the stored user: its client_user_id, fallback time zone and no connections', async (t) => {
      const clientUserId = t.fixtures.clientUserId();
      const user = await t.fixtures.createUser(t.team, clientUserId);
      checkEqual(user.client_user_id, clientUserId, 'client_user_id');
      checkEqual(user.fallback_time_zone?.id, 'Europe/London', 'fallback_time_zone.id');
      checkEqual(user.connected_sources, [], 'connected_sources');
    }),
    always('422 naming ["body", "client_user_id"] when it is missing', async (t) => {
      const outcome = await t.team.POST('/v2/user', { body: invalid({ fallback_time_zone: 'Europe/London' }) });
      t.expect.validation('team', 'createUser', outcome, [{ loc: ['body', 'client_user_id'], type: 'missing' }]);
    }),
    always('422 naming ["body", "client_user_id"] when it is a number', async (t) => {
      const outcome = await t.team.POST('/v2/user', { body: invalid({ client_user_id: 12345 }) });
      t.expect.validation('team', 'createUser', outcome, [{ loc: ['body', 'client_user_id'], type: 'type_error' }]);
    }),
    always('422 json_invalid when the body is not valid JSON', async (t) => {
      const outcome = await t.team.POST('/v2/user', { body: invalid({}), bodySerializer: () => MALFORMED_JSON });
      t.expect.validation('team', 'createUser', outcome, [{ loc: ['body'], type: 'json_invalid' }]);
    }),
    always('422 naming ["body"] when the body is not sent as JSON', async (t) => {
      const outcome = await t.team.POST('/v2/user', { body: { client_user_id: t.fixtures.clientUserId() }, headers: { 'content-type': 'text/plain' } });
      t.expect.validation('team', 'createUser', outcome, [{ loc: ['body'] }]);
    }),
    tooLarge('createUser', (t) => t.team.POST('/v2/user', OVERSIZED)),
    missingKey('createUser', (t) => t.teamWithoutKey.POST('/v2/user', { body: { client_user_id: t.fixtures.clientUserId() } })),
    unknownKey('createUser', (t, client) => client.POST('/v2/user', { body: { client_user_id: t.fixtures.clientUserId() } })),
    notOnMock('state', '400 when the client_user_id is already used', async (t) => {
      const { sentClientUserId } = await t.fixtures.user();
      t.expect.error('team', 'createUser', await t.team.POST('/v2/user', { body: { client_user_id: sentClientUserId } }), 400);
    }),
    notOnMock('domain-rules', '422 naming ["body", "client_user_id"] when it is an e-mail address', async (t) => {
      const outcome = await t.team.POST('/v2/user', { body: { client_user_id: `conformance.${t.runId}@example.com` } });
      t.expect.validation('team', 'createUser', outcome, [{ loc: ['body', 'client_user_id'] }]);
    }),
    notOnMock('domain-rules', '422 naming ["body", "fallback_time_zone"] when the zone is unknown', async (t) => {
      const outcome = await t.team.POST('/v2/user', { body: { client_user_id: t.fixtures.clientUserId(), fallback_time_zone: 'Mars/Olympus_Mons' } });
      t.expect.validation('team', 'createUser', outcome, [{ loc: ['body', 'fallback_time_zone'] }]);
    }),
    notOnMock('domain-rules', '422 when ingestion_start is after ingestion_end', async (t) => {
      const outcome = await t.team.POST('/v2/user', { body: { client_user_id: t.fixtures.clientUserId(), ingestion_start: '2026-02-01', ingestion_end: '2026-01-01' } });
      t.expect.error('team', 'createUser', outcome, 422);
    }),
  ],
};
