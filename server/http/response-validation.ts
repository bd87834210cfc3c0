import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import * as ajvFormats from 'ajv-formats';
import type { OpenApiDocument } from '../shared/documents.js';
import { listOperations } from '../shared/operations.js';
import { SERVER_FORMATS } from './formats.js';

/**
 * Checks response bodies against the document's response schemas, with Ajv (JSON Schema
 * 2020-12, as OpenAPI 3.1 writes them) and the same formats as requests (formats.ts).
 *
 * The server's own check rather than express-openapi-validator's: the validator checks a body
 * inside `res.json`, but our bodies are sent as bytes (frozen parts serialised once,
 * frozen-parts.ts), and a memoised catalog body is the same frozen object on every request,
 * so once it passed for an operation and status it need not be checked again. Both need a check
 * we can call ourselves, which the validator offers only through private methods.
 *
 * A body that does not match its schema, or a status the operation does not document, throws
 * a 500 (the error middleware renders it in the API's shape and logs what did not match): a
 * body is never sent unchecked by mistake.
 */
export class ResponseValidator {
  private readonly ajv: Ajv2020;
  private readonly operations = new Map<string, { path: string; method: string }>();
  /**
   * Compiled checks by operation and status: at most one per documented response, built on
   * first use (compiling all of them would slow the start for operations rarely called).
   */
  private readonly compiled = new Map<string, ValidateFunction | null>();
  /**
   * The verdicts a frozen body has passed (`<operationId> <status>`), held weakly: an entry goes
   * with its body. A frozen body cannot change, so a verdict never goes stale.
   */
  private readonly passed = new WeakMap<object, Set<string>>();

  constructor(
    private readonly document: OpenApiDocument,
    /** Called with every body actually checked (tests count them). */
    private readonly onCheck?: (body: unknown, status: number) => void,
  ) {
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
    (ajvFormats.default as unknown as (ajv: Ajv2020, options: { mode: 'full' }) => void)(this.ajv, { mode: 'full' });
    // ajv-formats replaces `date` and `date-time`: ours are stricter (what a database holds).
    for (const [name, format] of Object.entries(SERVER_FORMATS)) this.ajv.addFormat(name, format);
    this.ajv.addSchema(document as object, 'document');
    for (const { operationId, path, method } of listOperations(document)) this.operations.set(operationId, { path, method });
  }

  /** Checks `body` as response `status` of `operationId`; throws a 500 when it does not match. */
  check(operationId: string, status: number, body: unknown): void {
    this.onCheck?.(body, status);
    const validate = this.validatorOf(operationId, status);
    if (validate !== null && !validate(body)) {
      throw responseError(`The ${operationId} response ${status} does not match its schema: ${describe(validate.errors ?? [])}`);
    }
  }

  /** As `check`, for a frozen body: checked until it has passed once for this operation and status. */
  checkFrozen(operationId: string, status: number, body: object): void {
    const verdict = `${operationId} ${status}`;
    let known = this.passed.get(body);
    if (known?.has(verdict)) return;
    this.check(operationId, status, body);
    if (!known) this.passed.set(body, (known = new Set()));
    known.add(verdict);
  }

  private validatorOf(operationId: string, status: number): ValidateFunction | null {
    const key = `${operationId} ${status}`;
    let validate = this.compiled.get(key);
    if (validate === undefined) {
      const operation = this.operations.get(operationId);
      if (!operation) throw responseError(`No operation ${operationId} in the document.`);
      const responses = ((this.document.paths as Record<string, Record<string, { responses?: Record<string, unknown> }>>)[operation.path]?.[operation.method]?.responses ?? {}) as Record<string, unknown>;
      const documented = [String(status), `${String(status)[0]}XX`, 'default'].find((name) => responses[name] !== undefined);
      if (documented === undefined) throw responseError(`The ${operationId} operation documents no response ${status}.`);
      const { pointer, response } = this.responseAt(`#/paths/${escape(operation.path)}/${operation.method}/responses/${documented}`);
      const hasSchema = (response as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.['application/json']?.schema !== undefined;
      validate = hasSchema ? this.ajv.compile({ $ref: `document${pointer}/content/application~1json/schema` }) : null;
      this.compiled.set(key, validate);
    }
    return validate;
  }

  /** The pointer of the response at `pointer`, following its `$ref` (a shared response component), and the response itself. */
  private responseAt(pointer: string): { pointer: string; response: unknown } {
    let node: unknown = this.document;
    for (const segment of pointer.slice(2).split('/')) node = (node as Record<string, unknown> | undefined)?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
    const ref = (node as { $ref?: unknown } | undefined)?.$ref;
    return typeof ref === 'string' && ref.startsWith('#/') ? this.responseAt(ref) : { pointer, response: node };
  }
}

const escape = (path: string) => path.replace(/~/g, '~0').replace(/\//g, '~1');

const describe = (errors: readonly ErrorObject[]) => errors.map((error) => `${error.instancePath || '(body)'} ${error.message ?? 'is invalid'}`).join('; ');

const responseError = (message: string) => Object.assign(new Error(message), { status: 500 });
