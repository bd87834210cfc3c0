/** POST /v3/order/import: Import an order. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, uniqueValue, type OperationDefinition } from '../../operation.js';
import { requestExample } from '../../examples.js';
import { invalid, orderBody, UNKNOWN_ID } from '../../values.js';
import { errorChecks, OVERSIZED, teamKeyChecks } from '../../shared-checks.js';
import { newUser } from '../../world.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { tooLarge, notFound } = errorChecks('team');
const { missingKey, unknownKey, otherTeamsUser } = teamKeyChecks;

/** A sample id no order has yet (capitals, digits and inner hyphens, as the schema's pattern). */
const newSampleId = () => uniqueValue('IMP').toUpperCase();

const importBody = (userId: string, sampleId = newSampleId()): TeamSchemas['ImportOrderRequest'] => {
  const { order_set, patient_details, patient_address } = orderBody(userId);
  return { user_id: userId, billing_type: 'client_bill', collection_method: 'walk_in_test', order_set: order_set!, patient_details, patient_address, sample_id: sampleId };
};
const send = (client: TeamClient, body: TeamSchemas['ImportOrderRequest']) => client.POST('/v3/order/import', { body });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'importOrder',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => {
    const user = await newUser(a);
    return { method: 'POST', path: '/v3/order/import', body: { ...(requestExample('team', 'importOrder', 'walk_in') as object), user_id: user.user_id, sample_id: newSampleId() } };
  },
  checks: [
    always('imports an order: on a mock the first example, on a server ordered under the sample id given', async (t) => {
      const { user_id } = await t.fixtures.user();
      const body = importBody(user_id);
      const answer = t.expect.successOrFirstExample<TeamSchemas['OrderResponse']>('team', 'importOrder', await send(t.team, body));
      if (!t.isMock) {
        checkEqual(answer.order.sample_id, body.sample_id, 'the sample id of the imported order');
        checkEqual(answer.order.events.map((e) => e.status), ['received.walk_in_test.ordered'], 'the events of the imported order');
      }
    }),
    notOnMock('state', '409 for a sample id an order of the team has already', async (t) => {
      const { user_id } = await t.fixtures.user();
      const body = importBody(user_id);
      t.expect.success('team', 'importOrder', await send(t.team, body));
      t.expect.error('team', 'importOrder', await send(t.team, body), 409);
    }),
    always('422 naming ["body", "sample_id"] for a sample id with small letters', async (t) => {
      const { user_id } = await t.fixtures.user();
      t.expect.validation('team', 'importOrder', await send(t.team, { ...importBody(user_id), sample_id: 'lc7730415862' }), [{ loc: ['body', 'sample_id'] }]);
    }),
    always('422 naming ["body", "sample_id"] when it is missing', async (t) => {
      const { user_id } = await t.fixtures.user();
      const { sample_id: _sample, ...rest } = importBody(user_id);
      t.expect.validation('team', 'importOrder', await t.team.POST('/v3/order/import', { body: invalid(rest) }), [{ loc: ['body', 'sample_id'], type: 'missing' }]);
    }),
    notFound('importOrder', '404 for an unknown user_id', (t) => send(t.team, importBody(UNKNOWN_ID))),
    otherTeamsUser('importOrder', "404 for a user of another team (with that team's key)", (other, { user_id }) => send(other, importBody(user_id))),
    tooLarge('importOrder', (t) => t.team.POST('/v3/order/import', OVERSIZED)),
    missingKey('importOrder', (t) => send(t.teamWithoutKey, importBody(UNKNOWN_ID))),
    unknownKey('importOrder', (_t, client) => send(client, importBody(UNKNOWN_ID))),
  ],
};
