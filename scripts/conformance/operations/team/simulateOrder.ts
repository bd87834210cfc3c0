/** POST /v3/order/{order_id}/test: Simulate an order. */
import { fail } from '../../assertions.js';
import { always, type OperationDefinition } from '../../operation.js';

// TODO: fill in this definition (scripts/conformance/README.md, "An operation's definition"):
// confirm the auth scope, write a valid request (from the operation's named request
// example), a seed if other operations need its state, and its checks.
export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'simulateOrder',
  auth: { scope: 'team' },
  validRequest: async () => {
    throw new Error('TODO: write the valid request of team simulateOrder in scripts/conformance/operations/team/simulateOrder.ts');
  },
  checks: [
    always("TODO: write this operation's checks", async () => fail('team simulateOrder has no checks yet: write its happy path and documented errors in scripts/conformance/operations/team/simulateOrder.ts')),
  ],
};
