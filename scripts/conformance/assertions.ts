/**
 * Plain assertions for the conformance checks (no test framework): each throws a
 * CheckFailure whose message says what was expected and what came back.
 */
import type { SpecIndex, ApiName } from './spec.js';
import { truncate } from './spec.js';

export class CheckFailure extends Error {
  override name = 'CheckFailure';
}

/** What openapi-fetch returns, whatever the operation. */
export interface Outcome {
  data?: unknown;
  error?: unknown;
  response: Response;
}

export interface ValidationErrorItem {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export type Loc = (string | number)[];

export function fail(message: string): never {
  throw new CheckFailure(message);
}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) fail(message);
}

export const show = (value: unknown, max = 300) => truncate(JSON.stringify(value) ?? 'undefined', max);

export function checkEqual<T>(actual: T, expected: T, label: string): void {
  if (!deepEqual(actual, expected)) fail(`${label}: expected ${show(expected)}, got ${show(actual)}`);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key) => deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** The body of an outcome, whatever its status. */
export const bodyOf = (outcome: Outcome): unknown => outcome.data ?? outcome.error;

/**
 * Assertions on responses, bound to the documents: every one also checks the
 * content type and validates the body against the documented schema of its status.
 */
export class ResponseAssertions {
  constructor(
    private readonly spec: SpecIndex,
    /** A stateless mock that answers the documented examples (Prism), whose exact answers some assertions check. */
    private readonly isMock = false,
  ) {}

  private schemaProblems(api: ApiName, operationId: string, outcome: Outcome): string[] {
    const { status } = outcome.response;
    const problems: string[] = [];
    const contentType = outcome.response.headers.get('content-type');
    if (!/^application\/json\b/i.test(contentType ?? '')) problems.push(`content-type ${show(contentType)} is not application/json`);
    if (this.spec.isDocumented(api, operationId, status)) {
      problems.push(...this.spec.documents.validateResponse(api, operationId, status, bodyOf(outcome)).map((problem) => `body of ${status}: ${problem}`));
    }
    return problems;
  }

  /** A documented 2xx (one of `statuses` when given) whose body keeps the schema. */
  success<T>(api: ApiName, operationId: string, outcome: Outcome, statuses?: readonly number[]): T {
    const { status } = outcome.response;
    const documented = this.spec.documents.successStatuses(api, operationId);
    const allowed = statuses ?? documented;
    if (!allowed.includes(status) || !documented.includes(status)) {
      fail(`expected ${allowed.join(' or ')}, got ${status} ${show(bodyOf(outcome))}`);
    }
    const problems = this.schemaProblems(api, operationId, outcome);
    if (problems.length > 0) fail(problems.join('; '));
    return outcome.data as T;
  }

  /**
   * A success as `success`; on a mock, also exactly what the documents make it answer: the
   * lowest documented 2xx with its first named example as the body (Prism's static mode).
   */
  successOrFirstExample<T>(api: ApiName, operationId: string, outcome: Outcome): T {
    const data = this.success<T>(api, operationId, outcome);
    if (this.isMock) {
      const status = this.spec.documents.successStatuses(api, operationId)[0]!;
      checkEqual({ status: outcome.response.status, body: bodyOf(outcome) }, { status, body: this.spec.documents.firstExample(api, operationId, status) }, `the mock's answer (the first example of ${status})`);
    }
    return data;
  }

  /**
   * A success as `success`; on a mock, also exactly the lowest documented 2xx with the example
   * `name` as the body: the one a path value names (a timeseries `{resource}`), which the mock
   * answers instead of the first.
   */
  successOrNamedExample<T>(api: ApiName, operationId: string, name: string, outcome: Outcome): T {
    const data = this.success<T>(api, operationId, outcome);
    if (this.isMock) {
      const status = this.spec.documents.successStatuses(api, operationId)[0]!;
      const example = this.spec.documents.response(api, operationId, status).examples.find((candidate) => candidate.name === name);
      check(example !== undefined, `${api} ${operationId} documents no ${status} example named ${name}`);
      checkEqual({ status: outcome.response.status, body: bodyOf(outcome) }, { status, body: example.value }, `the mock's answer (the ${status} example ${name})`);
    }
    return data;
  }

  /** A 401 `{"detail": string}`; on a mock, exactly the operation's 401 example named `missing_key`. */
  missingKey(api: ApiName, operationId: string, outcome: Outcome): { detail: string } {
    const body = this.error(api, operationId, outcome, 401);
    if (this.isMock) {
      const example = this.spec.documents.response(api, operationId, 401).examples.find((candidate) => candidate.name === 'missing_key');
      check(example !== undefined, `${api} ${operationId} documents no 401 example named missing_key`);
      checkEqual(body, example.value, "the mock's 401 (the missing_key example)");
    }
    return body;
  }

  /** Exactly `status`, documented for the operation, with a body in its schema (`{"detail": ...}`). */
  error<T = { detail: string }>(api: ApiName, operationId: string, outcome: Outcome, status: number): T {
    const actual = outcome.response.status;
    if (actual !== status) fail(`expected ${status}, got ${actual} ${show(bodyOf(outcome))}`);
    if (!this.spec.isDocumented(api, operationId, status)) fail(`${status} is not documented for ${api} ${operationId}`);
    const problems = this.schemaProblems(api, operationId, outcome);
    const body = bodyOf(outcome) as { detail?: unknown };
    if (status === 422) {
      if (!Array.isArray(body?.detail)) problems.push(`a 422 body must be {"detail": [...]}, got ${show(body)}`);
    } else if (typeof body?.detail !== 'string') {
      problems.push(`a ${status} body must be {"detail": string}, got ${show(body)}`);
    }
    if (problems.length > 0) fail(problems.join('; '));
    return body as T;
  }

  /** A 422 that names each expected location (with its type, when given); other violations may be listed too. */
  validation(api: ApiName, operationId: string, outcome: Outcome, expected: { loc: Loc; type?: string }[]): ValidationErrorItem[] {
    const { detail } = this.error<{ detail: ValidationErrorItem[] }>(api, operationId, outcome, 422);
    for (const item of expected) {
      const found = detail.some((listed) => deepEqual(listed.loc, item.loc) && (item.type === undefined || listed.type === item.type));
      if (!found) fail(`the 422 does not name ${show(item.loc)}${item.type ? ` with type ${item.type}` : ''}: ${show(detail, 500)}`);
    }
    return detail;
  }
}
