/** POST /v3/order/resend_events: Announce orders again. */
import { checkEqual } from '../../assertions.js';
import { always, must, notOnMock, type OperationDefinition } from '../../operation.js';
import { errorChecks, OVERSIZED, teamKeyChecks } from '../../shared-checks.js';
import { fixtureOrder } from '../../lab-results.js';
import { invalid, NOT_A_UUID, orderBody, UNKNOWN_ID } from '../../values.js';
import { newUser } from '../../world.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { tooLarge } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const resend = (client: TeamClient, body: TeamSchemas['ResendOrderEventsRequest']) => client.POST('/v3/order/resend_events', { body });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'resendOrderEvents',
  auth: {
    scope: 'team',
    // Documented: an id that is not an order of the team is a 422 naming its index.
    otherTeam: { status: 422, loc: ['body', 'order_ids', 0] },
  },
  validRequest: async ({ a }) => {
    const order = must('createOrder', await a.team.POST('/v3/order', { body: orderBody((await newUser(a)).user_id) })).order;
    return { method: 'POST', path: '/v3/order/resend_events', body: { order_ids: [order.id] } };
  },
  checks: [
    always('announces a named order again: on a mock the first example, on a server that order', async (t) => {
      const created = await fixtureOrder(t, 'example');
      const answer = t.expect.successOrFirstExample<TeamSchemas['ResendOrderEventsResponse']>('team', 'resendOrderEvents', await resend(t.team, { order_ids: [created.order.id] }));
      if (!t.isMock) checkEqual(answer.order_ids, [created.order.id], 'the orders announced again');
    }),
    notOnMock('state', 'announces the orders of a window: one just placed is among them', async (t) => {
      const created = await fixtureOrder(t);
      const answer = t.expect.success<TeamSchemas['ResendOrderEventsResponse']>('team', 'resendOrderEvents', await resend(t.team, { start_at: new Date(Date.now() - 3_600_000).toISOString() }));
      checkEqual(answer.order_ids.includes(created.order.id), true, 'the window holds the order just placed');
    }),
    notOnMock('domain-rules', '422 naming the body when neither order_ids nor start_at is given', async (t) => {
      t.expect.validation('team', 'resendOrderEvents', await resend(t.team, {}), [{ loc: ['body'] }]);
    }),
    notOnMock('domain-rules', '422 naming ["body", "order_ids", 0] for an id that is not an order of the team', async (t) => {
      t.expect.validation('team', 'resendOrderEvents', await resend(t.team, { order_ids: [UNKNOWN_ID] }), [{ loc: ['body', 'order_ids', 0] }]);
    }),
    notOnMock('domain-rules', '422 naming ["body", "end_at"] for a window over 7 days', async (t) => {
      t.expect.validation('team', 'resendOrderEvents', await resend(t.team, { start_at: '2026-11-01T00:00:00Z', end_at: '2026-11-09T00:00:00Z' }), [{ loc: ['body', 'end_at'] }]);
    }),
    always('422 naming ["body", "order_ids", 0] when an id is not a uuid', async (t) => {
      t.expect.validation('team', 'resendOrderEvents', await resend(t.team, { order_ids: [NOT_A_UUID] }), [{ loc: ['body', 'order_ids', 0] }]);
    }),
    always('422 naming ["body", "start_at"] when it is not a date-time', async (t) => {
      t.expect.validation('team', 'resendOrderEvents', await resend(t.team, invalid({ start_at: 'yesterday' })), [{ loc: ['body', 'start_at'] }]);
    }),
    tooLarge('resendOrderEvents', (t) => t.team.POST('/v3/order/resend_events', OVERSIZED)),
    missingKey('resendOrderEvents', (t) => resend(t.teamWithoutKey, { order_ids: [UNKNOWN_ID] })),
    unknownKey('resendOrderEvents', (_t, client) => resend(client, { order_ids: [UNKNOWN_ID] })),
  ],
};
