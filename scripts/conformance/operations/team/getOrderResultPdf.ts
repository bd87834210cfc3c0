/** GET /v3/order/{order_id}/result/pdf: Download the result report of a lab order. */
import { fail } from '../../assertions.js';
import { always, type OperationDefinition } from '../../operation.js';

// TODO: fill in this definition (scripts/conformance/README.md, "An operation's definition"):
// confirm the auth scope, write a valid request (from the operation's named request
// example), a seed if other operations need its state, and its checks.
export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getOrderResultPdf',
  auth: { scope: 'team' },
  validRequest: async () => {
    throw new Error('TODO: write the valid request of team getOrderResultPdf in scripts/conformance/operations/team/getOrderResultPdf.ts');
  },
  checks: [
    always("TODO: write this operation's checks", async () => fail('team getOrderResultPdf has no checks yet: write its happy path and documented errors in scripts/conformance/operations/team/getOrderResultPdf.ts')),
  ],
};
