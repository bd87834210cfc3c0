/**
 * Handler types derived from the generated `operations` of an API document.
 *
 * A `HandlerMap<operations, Ctx>` needs one handler per operationId; each
 * handler receives the typed path, query, headers and body of its operation and
 * must return a `{ status, body }` pair that the operation declares. So a
 * missing handler, or a body that does not match its status, fails `tsc`.
 */

/** A JSON body as its type; a PDF document (`application/pdf`) as its bytes. */
type JsonOf<R> = R extends { content: { 'application/json': infer Body } }
  ? Body
  : R extends { content: { 'application/pdf': unknown } }
    ? Uint8Array
    : undefined;

type ParamsOf<Op, Where extends 'path' | 'query' | 'header'> = Op extends { parameters: infer Params }
  ? Params extends { [K in Where]?: infer Value }
    ? [NonNullable<Value>] extends [never]
      ? Record<string, never>
      : NonNullable<Value>
    : Record<string, never>
  : Record<string, never>;

type BodyOf<Op> = Op extends { requestBody: { content: { 'application/json': infer Body } } }
  ? Body
  : Op extends { requestBody?: { content: { 'application/json': infer Body } } }
    ? Body | undefined
    : undefined;

/** A file of a `multipart/form-data` body (server/http/multipart.ts). */
export interface UploadedFile {
  /** The form part's name. */
  readonly field: string;
  /** The file name the client gave ('' when none). */
  readonly name: string;
  /** The part's Content-Type as the client sent it. */
  readonly type: string;
  readonly bytes: Uint8Array;
}

/** A multipart body's form fields as the validator checked them (each file part stands as a placeholder: the bytes are in `files`). */
type MultipartBodyOf<Op> = Op extends { requestBody: { content: { 'multipart/form-data': infer Body } } } ? Body : undefined;

/** What a handler receives: already validated (and coerced, with defaults applied) by express-openapi-validator. */
export interface HandlerRequest<Op> {
  path: ParamsOf<Op, 'path'>;
  query: ParamsOf<Op, 'query'>;
  headers: ParamsOf<Op, 'header'>;
  body: [MultipartBodyOf<Op>] extends [undefined] ? BodyOf<Op> : MultipartBodyOf<Op>;
  /** The uploaded files of a `multipart/form-data` body; empty for every other request. */
  files: readonly UploadedFile[];
}

/** Every `{ status, body }` pair the operation declares. */
export type HandlerResponse<Op> = Op extends { responses: infer Responses }
  ? { [Status in keyof Responses]: { status: Status; body: JsonOf<Responses[Status]> } }[keyof Responses]
  : never;

export type Handler<Op, Ctx> = (request: HandlerRequest<Op>, context: Ctx) => Promise<HandlerResponse<Op>>;

export type HandlerMap<Operations, Ctx> = { [OperationId in keyof Operations]: Handler<Operations[OperationId], Ctx> };
