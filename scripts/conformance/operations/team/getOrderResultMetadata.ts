/** GET /v3/order/{order_id}/result/metadata: Get the metadata of a lab order's results. */
import { fail } from '../../assertions.js';
import { always, type OperationDefinition } from '../../operation.js';

// TODO: fill in this definition (scripts/conformance/README.md, "An operation's definition"):
// confirm the auth scope, write a valid request (from the operation's named request
// example), a seed if other operations need its state, and its checks.
export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getOrderResultMetadata',
  auth: { scope: 'team' },
  validRequest: async () => {
    throw new Error('TODO: write the valid request of team getOrderResultMetadata in scripts/conformance/operations/team/getOrderResultMetadata.ts');
  },
  checks: [
    always("TODO: write this operation's checks", async () => fail('team getOrderResultMetadata has no checks yet: write its happy path and documented errors in scripts/conformance/operations/team/getOrderResultMetadata.ts')),
  ],
};
