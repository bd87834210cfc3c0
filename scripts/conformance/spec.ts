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

/** A path template of a document and its operations by method (lower case). */
interface CompiledTemplate {
  path: string;
  operations: Map<string, OperationRef>;
  /** Literal segments, null for a parameter. */
  segments: (string | null)[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Literal segments rank before parameters, position by position (as the server's and the mock's router: OpenAPI's concrete paths first). */
function moreSpecific(a: CompiledTemplate, b: CompiledTemplate): number {
  for (let index = 0; index < a.segments.length; index++) {
    const [left, right] = [a.segments[index] !== null, b.segments[index] !== null];
    if (left !== right) return left ? -1 : 1;
  }
  return 0;
}

/** What a request reaches: an operation, a path that takes other methods (405, with its `Allow`), or no path (404). */
export type RouteMatch = { kind: 'operation'; operation: OperationRef } | { kind: 'method'; allow: string[] } | { kind: 'none' };

export class SpecIndex {
  readonly documents: ContractDocuments;
  private readonly templates: Record<ApiName, CompiledTemplate[]>;

  constructor(documents = new ContractDocuments()) {
    this.documents = documents;
    this.templates = { team: [], management: [] };
    for (const operation of documents.operations) {
      const templates = this.templates[operation.api];
      let template = templates.find((candidate) => candidate.path === operation.path);
      if (!template) {
        template = { path: operation.path, operations: new Map(), segments: splitPath(operation.path).map((segment) => (/^\{[^}]+\}$/.test(segment) ? null : segment)) };
        templates.push(template);
      }
      template.operations.set(operation.method, operation);
    }
  }

  get operations(): readonly OperationRef[] {
    return this.documents.operations;
  }

  /**
   * The operation a request goes to, decided as the server and the mock do: the most
   * specific path template matching the path (`/v2/user/{user_id}/info` before
   * `/v2/user/{user_id}/{provider}`, so `DELETE /v2/user/x/info` is a 405), then the method
   * among that template's operations (HEAD is a GET without its body). `kind: 'method'`
   * when that path does not take the method (a 405, with the methods of its `Allow`
   * header), `kind: 'none'` when no path matches (a 404).
   */
  match(api: ApiName, method: string, path: string): RouteMatch {
    const segments = splitPath(path);
    let best: CompiledTemplate | null = null;
    for (const template of this.templates[api]) {
      if (template.segments.length !== segments.length) continue;
      if (!template.segments.every((literal, index) => (literal === null ? segments[index] !== '' : literal === segments[index]))) continue;
      if (best === null || moreSpecific(template, best) < 0) best = template;
    }
    if (best === null) return { kind: 'none' };
    const wanted = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    const operation = best.operations.get(wanted);
    if (operation) return { kind: 'operation', operation };
    const allow = [...best.operations.keys()].map((name) => name.toUpperCase());
    if (allow.includes('GET')) allow.push('HEAD');
    return { kind: 'method', allow };
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
    const matchedFirst = this.match(sample.api, sample.method, sample.path);
    // A documented document (application/pdf) is checked by its media type alone, not as JSON.
    if (matchedFirst.kind === 'operation' && this.isDocumented(sample.api, matchedFirst.operation.operationId, sample.status)) {
      const mediaType = (sample.contentType ?? '').split(';')[0]!.trim().toLowerCase();
      const documented = this.documents.response(sample.api, matchedFirst.operation.operationId, sample.status).mediaTypes;
      if (mediaType !== 'application/json' && documented.includes(mediaType)) return problems;
    }
    if (!/^application\/json\b/i.test(sample.contentType ?? '')) {
      problems.push(`${where}: content-type is ${sample.contentType === null ? 'missing' : JSON.stringify(sample.contentType)}, not application/json`);
    }
    const matched = this.match(sample.api, sample.method, sample.path);
    // A HEAD answer is the GET's status and headers without its body.
    if (sample.method.toUpperCase() === 'HEAD') {
      if (sample.body !== undefined) problems.push(`${where}: a HEAD answer has a body: ${truncate(String(sample.body), 200)}`);
      if (matched.kind === 'operation' && !this.isDocumented(sample.api, matched.operation.operationId, sample.status) && !(options.allowGeneric && (GENERIC_STATUSES as readonly number[]).includes(sample.status))) {
        problems.push(`${where}: status ${sample.status} is not documented for ${sample.api} ${matched.operation.operationId}`);
      }
      if (matched.kind !== 'operation' && sample.status !== (matched.kind === 'method' ? 405 : 404)) problems.push(`${where}: a ${matched.kind === 'method' ? 405 : 404} was expected`);
      return problems;
    }
    if (!sample.json) problems.push(`${where}: the body is not JSON: ${truncate(String(sample.body ?? ''), 200)}`);

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
