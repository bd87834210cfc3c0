/** POST /v3/order: Create an order. */
import { checkEqual } from '../../assertions.js';
import { always, must, notOnMock, uniqueValue, type OperationDefinition } from '../../operation.js';
import { invalid, orderBody, STANDARD_WALK_IN_LAB_TEST, UNKNOWN_ID } from '../../values.js';
import { errorChecks, OVERSIZED, teamKeyChecks } from '../../shared-checks.js';
import { requestExample } from '../../examples.js';
import { newUser } from '../../world.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { tooLarge, notFound } = errorChecks('team');
const { missingKey, unknownKey, otherTeamsUser } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'createOrder',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => {
    const user = await newUser(a);
    return { method: 'POST', path: '/v3/order', body: { ...(requestExample('team', 'createOrder', 'walk_in') as object), user_id: user.user_id } };
  },
  seed: {
    order: 125,
    async run(seeding) {
      const user = seeding.users[0];
      if (!user) return;
      for (let i = 0; i < 2; i++) seeding.orderIds.push(must('createOrder', await seeding.team.POST('/v3/order', { body: orderBody(user.user_id) })).order.id);
    },
  },
  checks: [
    always('creates an order: on a mock the first example, on a server ordered with one event', async (t) => {
      const { user_id } = await t.fixtures.user();
      const answer = t.expect.successOrFirstExample<TeamSchemas['OrderResponse']>('team', 'createOrder', await t.team.POST('/v3/order', { body: orderBody(user_id) }));
      if (!t.isMock) checkEqual(answer.order.events.map((e) => e.status), ['received.walk_in_test.ordered'], 'the events of the new order');
    }),
    notOnMock('state', 'the same idempotency key and body answer the same order', async (t) => {
      const { user_id } = await t.fixtures.user();
      const key = uniqueValue('conformance-order');
      const send = () => t.team.POST('/v3/order', { body: orderBody(user_id), params: { header: { 'X-Idempotency-Key': key } } });
      const first = t.expect.success<TeamSchemas['OrderResponse']>('team', 'createOrder', await send());
      const again = t.expect.success<TeamSchemas['OrderResponse']>('team', 'createOrder', await send());
      checkEqual(again.order.id, first.order.id, 'the order of the repeated key');
    }),
    notOnMock('state', '422 naming ["header", "x-idempotency-key"] for the same key with another body', async (t) => {
      const { user_id } = await t.fixtures.user();
      const key = uniqueValue('conformance-order');
      t.expect.success('team', 'createOrder', await t.team.POST('/v3/order', { body: orderBody(user_id), params: { header: { 'X-Idempotency-Key': key } } }));
      const outcome = await t.team.POST('/v3/order', { body: { ...orderBody(user_id), passthrough: 'other' }, params: { header: { 'X-Idempotency-Key': key } } });
      t.expect.validation('team', 'createOrder', outcome, [{ loc: ['header', 'x-idempotency-key'] }]);
    }),
    notOnMock('state', 'an error under a key is kept: the key with another body is then a 422 at ["header", "x-idempotency-key"]', async (t) => {
      const { user_id } = await t.fixtures.user();
      const key = uniqueValue('conformance-order-error');
      const header = { 'X-Idempotency-Key': key };
      t.expect.error('team', 'createOrder', await t.team.POST('/v3/order', { body: orderBody(UNKNOWN_ID), params: { header } }), 404);
      const outcome = await t.team.POST('/v3/order', { body: orderBody(user_id), params: { header } });
      t.expect.validation('team', 'createOrder', outcome, [{ loc: ['header', 'x-idempotency-key'] }]);
    }),
    notOnMock('state', 'with X-Idempotency-Error: no-cache an error is not kept: the key then makes the order of another body', async (t) => {
      const { user_id } = await t.fixtures.user();
      const header = { 'X-Idempotency-Key': uniqueValue('conformance-order-no-cache'), 'X-Idempotency-Error': 'no-cache' as const };
      t.expect.error('team', 'createOrder', await t.team.POST('/v3/order', { body: orderBody(UNKNOWN_ID), params: { header } }), 404);
      t.expect.success('team', 'createOrder', await t.team.POST('/v3/order', { body: orderBody(user_id), params: { header } }));
    }),
    always('422 naming ["header", "x-idempotency-error"] for a value other than no-cache', async (t) => {
      const { user_id } = await t.fixtures.user();
      const header = { 'X-Idempotency-Key': uniqueValue('conformance-order'), 'X-Idempotency-Error': invalid('cache') };
      const outcome = await t.team.POST('/v3/order', { body: orderBody(user_id), params: { header } });
      t.expect.validation('team', 'createOrder', outcome, [{ loc: ['header', 'x-idempotency-error'] }]);
    }),
    notOnMock('domain-rules', '422 naming the index of an unknown lab test', async (t) => {
      const { user_id } = await t.fixtures.user();
      const outcome = await t.team.POST('/v3/order', { body: { ...orderBody(user_id), order_set: { lab_test_ids: [STANDARD_WALK_IN_LAB_TEST, UNKNOWN_ID] } } });
      t.expect.validation('team', 'createOrder', outcome, [{ loc: ['body', 'order_set', 'lab_test_ids', 1] }]);
    }),
    always('422 naming ["body", "patient_details", "first_name"] when it breaks the lab name rules', async (t) => {
      const { user_id } = await t.fixtures.user();
      const body = orderBody(user_id);
      const outcome = await t.team.POST('/v3/order', { body: { ...body, patient_details: { ...body.patient_details, first_name: 'M4ria' } } });
      t.expect.validation('team', 'createOrder', outcome, [{ loc: ['body', 'patient_details', 'first_name'] }]);
    }),
    always('422 naming ["body", "patient_address"] when it is missing', async (t) => {
      const { user_id } = await t.fixtures.user();
      const { patient_address: _address, ...rest } = orderBody(user_id);
      t.expect.validation('team', 'createOrder', await t.team.POST('/v3/order', { body: invalid(rest) }), [{ loc: ['body', 'patient_address'], type: 'missing' }]);
    }),
    notFound('createOrder', '404 for an unknown user_id', (t) => t.team.POST('/v3/order', { body: orderBody(UNKNOWN_ID) })),
    otherTeamsUser('createOrder', "404 for a user of another team (with that team's key)", (other, { user_id }) => other.POST('/v3/order', { body: orderBody(user_id) })),
    tooLarge('createOrder', (t) => t.team.POST('/v3/order', OVERSIZED)),
    missingKey('createOrder', (t) => t.teamWithoutKey.POST('/v3/order', { body: orderBody(UNKNOWN_ID) })),
    unknownKey('createOrder', (_t, client) => client.POST('/v3/order', { body: orderBody(UNKNOWN_ID) })),
  ],
};
