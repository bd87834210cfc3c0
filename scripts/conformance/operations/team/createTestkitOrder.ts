/** POST /v3/order/testkit: Create a testkit order. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { requestExample } from '../../examples.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { kitOrderBody } from '../../testkits.js';
import { STANDARD_WALK_IN_LAB_TEST, UNKNOWN_ID } from '../../values.js';
import { newUser } from '../../world.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { notFound } = errorChecks('team');
const { missingKey, unknownKey, otherTeamsUser } = teamKeyChecks;
const create = (client: TeamClient, body: TeamSchemas['CreateTestkitOrderRequest']) => client.POST('/v3/order/testkit', { body });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'createTestkitOrder',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => {
    const user = await newUser(a);
    return { method: 'POST', path: '/v3/order/testkit', body: { ...(requestExample('team', 'createTestkitOrder', 'standard_testkit') as object), user_id: user.user_id } };
  },
  checks: [
    always('orders a kit: on a mock the first example, on a server awaiting registration with no patient', async (t) => {
      const { user_id } = await t.fixtures.user();
      const answer = t.expect.successOrFirstExample<TeamSchemas['OrderResponse']>('team', 'createTestkitOrder', await create(t.team, kitOrderBody(user_id)));
      if (!t.isMock) {
        checkEqual(answer.order.last_event.status, 'received.testkit.awaiting_registration', 'the status of the new kit');
        checkEqual(answer.order.patient_details, null, 'the patient of an unregistered kit');
      }
    }),
    notOnMock('domain-rules', '422 naming ["body", "lab_test_id"] for a lab test of another method', async (t) => {
      const { user_id } = await t.fixtures.user();
      t.expect.validation('team', 'createTestkitOrder', await create(t.team, { ...kitOrderBody(user_id), lab_test_id: STANDARD_WALK_IN_LAB_TEST }), [{ loc: ['body', 'lab_test_id'] }]);
    }),
    always('422 naming ["body", "shipping_details", "zip"] for a zip that is not a US ZIP code', async (t) => {
      const { user_id } = await t.fixtures.user();
      const body = kitOrderBody(user_id);
      t.expect.validation('team', 'createTestkitOrder', await create(t.team, { ...body, shipping_details: { ...body.shipping_details, zip: 'W1A 1AA' } }), [{ loc: ['body', 'shipping_details', 'zip'] }]);
    }),
    notFound('createTestkitOrder', '404 for an unknown user', (t) => create(t.team, kitOrderBody(UNKNOWN_ID))),
    otherTeamsUser('createTestkitOrder', "404 for another team's user", (other, user) => create(other, kitOrderBody(user.user_id))),
    missingKey('createTestkitOrder', (t) => create(t.teamWithoutKey, kitOrderBody(UNKNOWN_ID))),
    unknownKey('createTestkitOrder', (_t, client) => create(client, kitOrderBody(UNKNOWN_ID))),
  ],
};
