/**
 * How checks are declared: one OperationChecks per operation of the documents, each
 * a list of named checks. A check a stateless mock cannot pass names why with a
 * `mockSkip` category; the runner skips it on a mock with that category's reason,
 * and nothing else is ever skipped on a mock.
 */
import type { CheckContext } from './context.js';
import type { ApiName } from './spec.js';

/** Why a check cannot pass on a stateless mock (mocks/README.md, "Where the mock differs"). */
export type MockSkip = 'state' | 'credentials' | 'domain-rules' | 'static-examples' | 'body-limit';

export const MOCK_SKIP_REASONS: Readonly<Record<MockSkip, string>> = {
  state: 'the mock keeps no state: nothing is stored or read back, and every well-formed id exists',
  credentials: 'the mock accepts any key or token value; only a missing key is a 401',
  'domain-rules': 'the mock checks requests against the schemas only, not the domain rules',
  'static-examples': 'the mock answers the documented examples, which do not echo the request or apply filters and paging',
  'body-limit': 'the mock accepts bodies up to 8 MiB on every operation; the 1 MiB limit is the server\'s',
};

/** What a check needs from the target besides the team API. */
export type Requirement = 'management' | 'org-id';

export interface CheckDefinition {
  name: string;
  mockSkip?: MockSkip;
  needs?: readonly Requirement[];
  run(t: CheckContext): Promise<void>;
}

export interface OperationChecks {
  api: ApiName;
  /** The operationId, or a name of our own for checks that belong to no operation (`routing`). */
  operationId: string;
  /** Checks of the whole operation need these (e.g. every management operation needs the management API). */
  needs?: readonly Requirement[];
  checks: CheckDefinition[];
}

export const operation = (api: ApiName, operationId: string, checks: CheckDefinition[], needs?: readonly Requirement[]): OperationChecks => ({
  api,
  operationId,
  checks,
  ...(needs && { needs }),
});

/** A check every target must pass. */
export const always = (name: string, run: CheckDefinition['run'], needs?: readonly Requirement[]): CheckDefinition => ({ name, run, ...(needs && { needs }) });

/** A check a stateless mock cannot pass, skipped there with the category's reason. */
export const notOnMock = (mockSkip: MockSkip, name: string, run: CheckDefinition['run'], needs?: readonly Requirement[]): CheckDefinition => ({
  name,
  mockSkip,
  run,
  ...(needs && { needs }),
});
