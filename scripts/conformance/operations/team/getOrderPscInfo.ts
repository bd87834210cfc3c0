/** GET /v3/order/{order_id}/psc/info: Get PSC info for an order. */
import { check, checkEqual } from '../../assertions.js';
import { appointmentOrder } from '../../appointments.js';
import { otherTeamsOrder } from '../../lab-results.js';
import { always, type OperationDefinition } from '../../operation.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { newUser } from '../../world.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;

const call = (client: TeamClient, order_id: string) => client.GET('/v3/order/{order_id}/psc/info', { params: { path: { order_id } } });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getOrderPscInfo',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => {
    const order = await appointmentOrder(a.team, (await newUser(a)).user_id, 'walk_in_test');
    return { method: 'GET', path: `/v3/order/${order.id}/psc/info` };
  },
  checks: [
    always("lists the centers of the order's lab around its patient: on a mock the first example", async (t) => {
      const order = await appointmentOrder(t.team, (await t.fixtures.createUser()).user_id, 'walk_in_test');
      const info = t.expect.successOrFirstExample<TeamSchemas['PscInfo']>('team', 'getOrderPscInfo', await call(t.team, order.id));
      if (!t.isMock) {
        checkEqual(info.lab_id, order.lab_test.lab.id, "the order's lab");
        check(info.patient_service_centers.length > 0, 'centers around 94110');
      }
    }),
    pathNotAUuid('getOrderPscInfo', 'order_id', (t) => call(t.team, NOT_A_UUID)),
    notFound('getOrderPscInfo', '404 for an unknown order_id', (t) => call(t.team, UNKNOWN_ID)),
    otherTeamsOrder('getOrderPscInfo', (client, id) => call(client, id)),
    missingKey('getOrderPscInfo', (t) => call(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey('getOrderPscInfo', (_t, client) => call(client, UNKNOWN_ID)),
  ],
};
