/**
 * What the conformance suite (and the fuzz and auth tests) read from the bundled
 * documents: which operation a request went to, whether a status is documented
 * for it, and whether a response (status, content type, body) keeps the contract.
 *
 * Bodies are validated by ContractDocuments (Ajv 2020-12 against generated/<api>/openapi.json),
 * the same validator as the contract suite's.
 */
import { API_NAMES, type ApiName, ContractDocuments, type OperationRef } from './openapi.js';

export type { ApiName, OperationRef };
export { API_NAMES };

/** Statuses any request may get outside an operation's own list: an unknown route, another method, a body over the limit. */
export const GENERIC_STATUSES = [404, 405, 413] as const;

export interface ResponseSample {
  api: ApiName;
  method: string;
  /** Path as sent (percent-encoded), without the query; a trailing slash is ignored. */
  path: string;
  status: number;
  contentType: string | null;
  /** The parsed JSON body, or the raw text when it is not JSON (undefined when empty). */
  body: unknown;
  /** Whether the text parsed as JSON. */
  json: boolean;
}

export interface ResponseCheckOptions {
  /**
   * Accept on an operation that does not document them the generic answers: 404 `{"detail":
   * "Not Found"}`, 405 `{"detail": "Method Not Allowed"}` and 413 `{"detail": string}`
   * (the fuzzer's weird paths and bodies). Off in the conformance suite, where every status
   * must be the operation's own.
   */
  allowGeneric?: boolean;
}

interface CompiledTemplate {
  operation: OperationRef;
  segments: (string | null)[];
  literals: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export class SpecIndex {
  readonly documents: ContractDocuments;
  private readonly templates: Record<ApiName, CompiledTemplate[]>;

  constructor(documents = new ContractDocuments()) {
    this.documents = documents;
    const compile = (operation: OperationRef): CompiledTemplate => {
      const segments = splitPath(operation.path).map((segment) => (/^\{[^}]+\}$/.test(segment) ? null : segment));
      return { operation, segments, literals: segments.filter((segment) => segment !== null).length };
    };
    this.templates = { team: [], management: [] };
    for (const operation of documents.operations) this.templates[operation.api].push(compile(operation));
    // The most specific template first: `/v2/user/{user_id}/info` before `/v2/user/{user_id}/{provider}`.
    for (const api of API_NAMES) this.templates[api].sort((a, b) => b.literals - a.literals);
  }

  get operations(): readonly OperationRef[] {
    return this.documents.operations;
  }

  /**
   * The operation a request goes to; `kind: 'method'` when the path is an operation's
   * but the method is not (a 405), `kind: 'none'` when no path matches (a 404).
   */
  match(api: ApiName, method: string, path: string): { kind: 'operation'; operation: OperationRef } | { kind: 'method' | 'none' } {
    const segments = splitPath(path);
    const candidates = this.templates[api].filter(
      (template) => template.segments.length === segments.length && template.segments.every((literal, index) => (literal === null ? segments[index] !== '' : literal === segments[index])),
    );
    if (candidates.length === 0) return { kind: 'none' };
    const wanted = method.toLowerCase();
    const found = candidates.find((template) => template.operation.method === wanted);
    return found ? { kind: 'operation', operation: found.operation } : { kind: 'method' };
  }

  isDocumented(api: ApiName, operationId: string, status: number): boolean {
    try {
      this.documents.response(api, operationId, status);
      return true;
    } catch {
      return false;
    }
  }

  /** Problems of a response against the contract (empty when it keeps it). */
  checkResponse(sample: ResponseSample, options: ResponseCheckOptions = {}): string[] {
    const problems: string[] = [];
    const where = `${sample.method.toUpperCase()} ${sample.path} -> ${sample.status}`;
    if (sample.status >= 500) problems.push(`${where}: a server error`);
    if (!/^application\/json\b/i.test(sample.contentType ?? '')) {
      problems.push(`${where}: content-type is ${sample.contentType === null ? 'missing' : JSON.stringify(sample.contentType)}, not application/json`);
    }
    if (!sample.json) problems.push(`${where}: the body is not JSON: ${truncate(String(sample.body ?? ''), 200)}`);

    const matched = this.match(sample.api, sample.method, sample.path);
    if (matched.kind === 'operation') {
      const { operationId } = matched.operation;
      if (this.isDocumented(sample.api, operationId, sample.status)) {
        for (const violation of this.documents.validateResponse(sample.api, operationId, sample.status, sample.body)) {
          problems.push(`${where}: body breaks the ${sample.api} ${operationId} ${sample.status} schema: ${violation}`);
        }
      } else if (options.allowGeneric && (GENERIC_STATUSES as readonly number[]).includes(sample.status)) {
        // The router's own answers only: a handler's 404 ("User ... not found.") must be documented.
        problems.push(...detailProblems(where, sample.body, GENERIC_DETAILS[sample.status]));
      } else {
        problems.push(`${where}: status ${sample.status} is not documented for ${sample.api} ${operationId}`);
      }
    } else {
      const expected = matched.kind === 'method' ? 405 : 404;
      if (sample.status !== expected) {
        problems.push(`${where}: ${matched.kind === 'method' ? 'the path takes other methods' : 'no operation has this path'}, so a ${expected} was expected`);
      }
      problems.push(...detailProblems(where, sample.body, GENERIC_DETAILS[sample.status]));
    }
    return problems;
  }
}

/** The generic answers' text, where it is fixed (a 413 says the limit). */
const GENERIC_DETAILS: Partial<Record<number, string>> = { 404: 'Not Found', 405: 'Method Not Allowed' };

/** `{"detail": string}` (that string, when given) and nothing else: the error body of every status but 422. */
function detailProblems(where: string, body: unknown, detail?: string): string[] {
  if (isRecord(body) && typeof body.detail === 'string' && Object.keys(body).length === 1 && (detail === undefined || body.detail === detail)) return [];
  return [`${where}: the body is not {"detail": ${detail === undefined ? 'string' : JSON.stringify(detail)}}: ${truncate(JSON.stringify(body) ?? 'undefined', 200)}`];
}

/** Segments of a path, without the empty ones a leading or trailing slash makes. */
export function splitPath(path: string): string[] {
  return path.split('?')[0]!.split('/').filter((segment, index, all) => segment !== '' || (index > 0 && index < all.length - 1));
}

export const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}... (${text.length} characters)` : text);
