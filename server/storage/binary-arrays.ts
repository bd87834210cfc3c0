/**
 * A `text[]` query parameter in PostgreSQL's binary format, which both drivers send as it is
 * (a Uint8Array or Buffer parameter goes in binary; pg and PGlite alike). In the text format,
 * every `"` and `\` of every element is escaped by the driver and unescaped by PostgreSQL's
 * array_in, character by character: for a batch of orders, whose bodies and event payloads are
 * kilobytes of JSON each, full of quotes, that was a noticeable share of PGlite's time on the statement.
 *
 * The format (array_send): dimensions (1), a has-nulls flag, the element type (text, OID 25),
 * the length and lower bound (1) of the dimension, then each element as its byte length and
 * UTF-8 bytes, or a length of -1 for NULL.
 */
const TEXT_OID = 25;

export function textArrayParameter(values: readonly (string | null)[]): Buffer {
  const encoded = values.map((value) => (value === null ? null : Buffer.from(value, 'utf8')));
  let length = 20;
  for (const bytes of encoded) length += 4 + (bytes?.length ?? 0);
  const out = Buffer.allocUnsafe(length);
  out.writeInt32BE(1, 0);
  out.writeInt32BE(encoded.includes(null) ? 1 : 0, 4);
  out.writeInt32BE(TEXT_OID, 8);
  out.writeInt32BE(encoded.length, 12);
  out.writeInt32BE(1, 16);
  let offset = 20;
  for (const bytes of encoded) {
    if (bytes === null) {
      out.writeInt32BE(-1, offset);
      offset += 4;
      continue;
    }
    out.writeInt32BE(bytes.length, offset);
    bytes.copy(out, offset + 4);
    offset += 4 + bytes.length;
  }
  return out;
}
