import { protocol, type PGlite } from '@electric-sql/pglite';

type RowDescription = InstanceType<typeof protocol.messages.RowDescriptionMessage>;
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type Parser = (text: string, typeId: number) => unknown;

/**
 * Named prepared statements for PGlite, the way `pg` runs a query config with a `name`.
 *
 * PGlite's `query` sends each statement as an unnamed one, in five calls into WebAssembly
 * (parse, describe, bind, describe, execute) and a sync: every call parses, analyses and
 * plans the SQL again. Here a statement is parsed and described once, on its first run,
 * and every later run is one call: bind, execute and sync. PostgreSQL keeps the parsed
 * statement and, after five runs, a generic plan when that is no worse than planning anew
 * (plan_cache_mode auto). On a one-row upsert that is most of a statement's time
 * (scripts/bench/RESULTS.md, "Figures once in code comments").
 *
 * A prepared statement stays valid through schema changes: PostgreSQL analyses it again
 * when a table it reads is altered, dropped or created anew (a temporary table per
 * transaction, say). A change to the columns a statement returns fails its next run with
 * "cached plan must not change result type"; that statement is then prepared anew once.
 *
 * The caller holds PGlite's locks: `run` sends protocol messages straight to the backend.
 */
export class PgliteStatements {
  readonly #pg: PGlite;
  readonly #limit: number;
  readonly #prepared = new Map<string, Prepared>();
  /** Parses the answer's messages other than data rows (BackendReader). */
  readonly #parser = new protocol.Parser();
  #nextId = 0;

  /** `limit`: statements kept prepared; later new statements run unnamed, as through `query`. */
  constructor(pg: PGlite, limit = 1000) {
    this.#pg = pg;
    this.#limit = limit;
  }

  get size(): number {
    return this.#prepared.size;
  }

  /** Runs `sql` with `params` and returns its rows (parsed with PGlite's parsers). */
  async run<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    const known = this.#prepared.get(sql);
    try {
      return await this.#execute<T>(known ?? (await this.#prepare(sql)), params);
    } catch (error) {
      if (known && isStaleResultType(error)) {
        this.#prepared.delete(sql);
        await this.#send(protocol.serialize.close({ type: 'S', name: known.name }), protocol.serialize.sync());
        return this.#execute<T>(await this.#prepare(sql), params);
      }
      throw withQuery(error, sql, params);
    }
  }

  async #prepare(sql: string): Promise<Prepared> {
    const name = this.#prepared.size < this.#limit ? `s${(this.#nextId += 1)}` : '';
    const { messages } = await this.#send(
      protocol.serialize.parse({ name, text: sql, types: [] }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    );
    let parameterTypes: readonly number[] = [];
    let fields: RowDescription | null = null;
    for (const message of messages) {
      if (message instanceof protocol.messages.ParameterDescriptionMessage) parameterTypes = message.dataTypeIDs;
      else if (message instanceof protocol.messages.RowDescriptionMessage) fields = message;
    }
    const prepared = { name, parameterTypes, fields };
    if (name) this.#prepared.set(sql, prepared);
    return prepared;
  }

  async #execute<T>(statement: Prepared, params: readonly unknown[]): Promise<T[]> {
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      // Bytes go as they are, in binary (binary-arrays.ts).
      if (value instanceof Uint8Array) return value;
      const serializer = this.#pg.serializers[statement.parameterTypes[index] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const { rows } = await this.#send(
      protocol.serialize.bind({ statement: statement.name, values }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    );
    return statement.fields ? (toObjects(rows, statement.fields, this.#pg.parsers) as T[]) : [];
  }

  /**
   * Sends `parts` as one message and reads the backend's answer as it comes out of
   * WebAssembly (BackendReader): the rows' field texts, and every other message as PGlite
   * parses it. Throws the first error the backend reported, as PGlite's `execProtocolStream`.
   */
  async #send(...parts: Uint8Array[]): Promise<Answer> {
    const message = parts.length === 1 ? (parts[0] as Uint8Array) : concat(parts);
    const reader = new BackendReader(this.#parser);
    await this.#pg.execProtocolRawStream(message, { syncToFs: false, onRawData: (chunk) => reader.read(chunk) });
    if (reader.error) throw reader.error;
    return { rows: reader.rows, messages: reader.messages };
  }
}

/** The backend's answer to one message: the field texts of its data rows, and its other messages. */
interface Answer {
  rows: (string | null)[][];
  messages: BackendMessage[];
}

const DATA_ROW = 0x44; // 'D'

/**
 * Reads the backend's messages from the chunks PGlite hands out while a statement runs.
 * Data rows are read here: each field's text is decoded straight from the chunk. PGlite's own
 * parser copies every field into an ArrayBuffer of its own before decoding it: on a page of
 * orders read from the database, hundreds of fields, those allocations and the collector's work
 * after them were a large share of the server's time. Every other message (row and parameter
 * descriptions, command completions, errors, notices) goes through PGlite's parser as before,
 * one whole message at a time; the first error is kept, as `execProtocolStream` keeps it.
 */
class BackendReader {
  readonly rows: (string | null)[][] = [];
  readonly messages: BackendMessage[] = [];
  error: unknown = null;
  /** The start of a message cut by the end of the last chunk (copied: a chunk is WebAssembly memory, reused). */
  #partial: Uint8Array | null = null;
  readonly #parser: InstanceType<typeof protocol.Parser>;

  constructor(parser: InstanceType<typeof protocol.Parser>) {
    this.#parser = parser;
  }

  /** Reads `chunk`; returns its length (all of it is taken), as PGlite's output callback. */
  read(chunk: Uint8Array): number {
    let bytes = chunk;
    if (this.#partial) {
      bytes = concat([this.#partial, chunk]);
      this.#partial = null;
    }
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // A Buffer over the same bytes (no copy) decodes a field's text between two offsets, where
    // TextDecoder needs a view of its own for each field.
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let at = 0;
    while (at + 5 <= bytes.length) {
      const end = at + 1 + view.getInt32(at + 1);
      if (end > bytes.length) break;
      if (bytes[at] === DATA_ROW) this.#dataRow(text, view, at + 5);
      else this.#parser.parse(bytes.subarray(at, end), (message) => this.#other(message));
      at = end;
    }
    if (at < bytes.length) this.#partial = bytes.slice(at);
    return chunk.length;
  }

  #dataRow(text: Buffer, view: DataView, at: number): void {
    if (this.error) return;
    const count = view.getInt16(at);
    const fields = new Array<string | null>(count);
    let offset = at + 2;
    for (let index = 0; index < count; index += 1) {
      const length = view.getInt32(offset);
      offset += 4;
      if (length === -1) fields[index] = null;
      else {
        fields[index] = text.toString('utf8', offset, offset + length);
        offset += length;
      }
    }
    this.rows.push(fields);
  }

  #other(message: BackendMessage): void {
    if (this.error) return;
    if (message instanceof protocol.messages.DatabaseError) this.error = message;
    else this.messages.push(message);
  }
}

/** Rows as objects by column name, each value parsed as PGlite's `parseResults` parses it (its parsers by type, else the text). */
function toObjects(rows: readonly (string | null)[][], description: RowDescription, parsers: Record<number, Parser>): Record<string, unknown>[] {
  const fields = description.fields;
  const names = fields.map((field) => field.name);
  const columnParsers = fields.map((field) => parsers[field.dataTypeID]);
  const typeIds = fields.map((field) => field.dataTypeID);
  return rows.map((texts) => {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < names.length; index += 1) {
      const text = texts[index] ?? null;
      const parser = columnParsers[index];
      row[names[index]!] = text === null ? null : parser ? parser(text, typeIds[index]!) : text;
    }
    return row;
  });
}

interface Prepared {
  /** '' for an unnamed statement (the cache is full). */
  name: string;
  parameterTypes: readonly number[];
  /** The rows' description; null for a statement that returns none. */
  fields: RowDescription | null;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const message = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

function isStaleResultType(error: unknown): boolean {
  return error instanceof protocol.messages.DatabaseError && error.code === '0A000' && /cached plan must not change result type/.test(error.message);
}

/** Adds the statement to a database error, as PGlite's `query` does. */
function withQuery(error: unknown, sql: string, params: readonly unknown[]): unknown {
  if (error instanceof protocol.messages.DatabaseError) Object.assign(error, { query: sql, params });
  return error;
}
