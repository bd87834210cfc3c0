/** POST /v3/order/testkit/register: Register a testkit. */
import { checkEqual } from '../../assertions.js';
import { always, must, notOnMock, type OperationDefinition } from '../../operation.js';
import { requestExample } from '../../examples.js';
import { otherTeamClient } from '../../requests.js';
import { errorChecks, MANAGEMENT, teamKeyChecks } from '../../shared-checks.js';
import { kitOrderBody, kitRegistrationBody, orderKit } from '../../testkits.js';
import { newUser } from '../../world.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const register = (client: TeamClient, body: TeamSchemas['RegisterTestkitRequest']) => client.POST('/v3/order/testkit/register', { body });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'registerTestkit',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => {
    const user = await newUser(a);
    const kit = must('createTestkitOrder', await a.team.POST('/v3/order/testkit', { body: kitOrderBody(user.user_id) })).order;
    return { method: 'POST', path: '/v3/order/testkit/register', body: { ...(requestExample('team', 'registerTestkit', 'patient') as object), sample_id: kit.sample_id } };
  },
  checks: [
    always('registers a kit: on a mock the first example, on a server registered with its patient', async (t) => {
      const { user_id } = await t.fixtures.user();
      const kit = t.isMock ? null : await orderKit(t.team, user_id);
      const answer = t.expect.successOrFirstExample<TeamSchemas['OrderResponse']>('team', 'registerTestkit', await register(t.team, kitRegistrationBody(kit?.sample_id ?? 'SB4417302958')));
      if (kit) {
        checkEqual(answer.order.last_event.status, 'received.testkit.registered', 'the status of the registered kit');
        checkEqual(answer.order.patient_details?.last_name, 'Kim', 'the patient of the registered kit');
      }
    }),
    notOnMock('state', '409 for a kit registered before', async (t) => {
      const kit = await orderKit(t.team, (await t.fixtures.user()).user_id);
      t.expect.success('team', 'registerTestkit', await register(t.team, kitRegistrationBody(kit.sample_id)));
      t.expect.error('team', 'registerTestkit', await register(t.team, kitRegistrationBody(kit.sample_id)), 409);
    }),
    always('422 naming ["body", "sample_id"] when it is missing', async (t) => {
      const { sample_id: _left, ...body } = kitRegistrationBody('SB0000000000');
      t.expect.validation('team', 'registerTestkit', await register(t.team, body as TeamSchemas['RegisterTestkitRequest']), [{ loc: ['body', 'sample_id'] }]);
    }),
    notFound('registerTestkit', '404 for an unknown sample id', (t) => register(t.team, kitRegistrationBody('SB0000000000'))),
    notOnMock(
      'credentials',
      "404 for the team's kit with another team's key",
      async (t) => {
        const kit = await orderKit(t.team, (await t.fixtures.user()).user_id);
        t.expect.error('team', 'registerTestkit', await register(await otherTeamClient(t), kitRegistrationBody(kit.sample_id)), 404);
      },
      MANAGEMENT,
    ),
    missingKey('registerTestkit', (t) => register(t.teamWithoutKey, kitRegistrationBody('SB0000000000'))),
    unknownKey('registerTestkit', (_t, client) => register(client, kitRegistrationBody('SB0000000000'))),
  ],
};
