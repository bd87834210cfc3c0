/** GET /v3/order/{order_id}/psc/appointment: Get a psc appointment. */
import { checkEqual } from '../../assertions.js';
import { appointmentOrder, bookedOrder } from '../../appointments.js';
import { otherTeamsOrder } from '../../lab-results.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { newUser } from '../../world.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;

const call = (client: TeamClient, order_id: string) => client.GET('/v3/order/{order_id}/psc/appointment', { params: { path: { order_id } } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getPscAppointment',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => {
    const user = await newUser(a);
    const order = await bookedOrder(a.team, user.user_id, 'walk_in_test');
    return { method: 'GET', path: `/v3/order/${order.id}/psc/appointment` };
  },
  checks: [
    always('reads the booked appointment: on a mock the first example', async (t) => {
      const order = await bookedOrder(t.team, (await t.fixtures.createUser()).user_id, 'walk_in_test');
      const read = t.expect.successOrFirstExample<TeamSchemas['ClientFacingAppointment']>('team', 'getPscAppointment', await call(t.team, order.id));
      if (!t.isMock) checkEqual(read.order_id, order.id, 'the order of the appointment');
    }),
    notOnMock('state', '404 for an order without an appointment', async (t) => {
      const order = await appointmentOrder(t.team, (await t.fixtures.createUser()).user_id, 'walk_in_test');
      t.expect.error('team', 'getPscAppointment', await call(t.team, order.id), 404);
    }),
    pathNotAUuid('getPscAppointment', 'order_id', (t) => call(t.team, NOT_A_UUID)),
    notFound('getPscAppointment', '404 for an unknown order_id', (t) => call(t.team, UNKNOWN_ID)),
    otherTeamsOrder('getPscAppointment', (client, id) => call(client, id)),
    missingKey('getPscAppointment', (t) => call(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('getPscAppointment', (_t, client) => call(client, UNKNOWN_ID)),
  ],
};
