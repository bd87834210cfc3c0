/** GET /v3/lab_tests: List lab tests (deprecated). */
import { fail } from '../../assertions.js';
import { always, type OperationDefinition } from '../../operation.js';

// TODO: fill in this definition (scripts/conformance/README.md, "An operation's definition"):
// confirm the auth scope, write a valid request (from the operation's named request
// example), a seed if other operations need its state, and its checks.
export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'listLabTestsDeprecated',
  auth: { scope: 'team' },
  validRequest: async () => {
    throw new Error('TODO: write the valid request of team listLabTestsDeprecated in scripts/conformance/operations/team/listLabTestsDeprecated.ts');
  },
  checks: [
    always("TODO: write this operation's checks", async () => fail('team listLabTestsDeprecated has no checks yet: write its happy path and documented errors in scripts/conformance/operations/team/listLabTestsDeprecated.ts')),
  ],
};
