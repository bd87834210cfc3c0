/** GET /v3/lab_tests/labs: List labs. */
import { fail } from '../../assertions.js';
import { always, type OperationDefinition } from '../../operation.js';

// TODO: fill in this definition (scripts/conformance/README.md, "An operation's definition"):
// confirm the auth scope, write a valid request (from the operation's named request
// example), a seed if other operations need its state, and its checks.
export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'listLabs',
  auth: { scope: 'team' },
  validRequest: async () => {
    throw new Error('TODO: write the valid request of team listLabs in scripts/conformance/operations/team/listLabs.ts');
  },
  checks: [
    always("TODO: write this operation's checks", async () => fail('team listLabs has no checks yet: write its happy path and documented errors in scripts/conformance/operations/team/listLabs.ts')),
  ],
};
