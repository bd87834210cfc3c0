/**
 * JSON pretty-printed as tokens the pages colour with CSS classes (never as HTML: the
 * page builds text nodes from the tokens, so a payload cannot inject markup). Pure.
 */

export type JsonTokenKind = 'key' | 'string' | 'number' | 'boolean' | 'null' | 'punct' | 'space';

export interface JsonToken {
  kind: JsonTokenKind;
  text: string;
}

/** Two-space indented JSON; a string holding JSON is parsed first, any other string is kept. */
export function prettyJson(value: unknown): string {
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2) ?? String(value);
}

const TOKEN = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false)\b|\b(null)\b|([{}[\],:])|(\s+)/gy;

/** The tokens of `prettyJson(value)`; their texts joined are exactly that string. */
export function jsonTokens(value: unknown): JsonToken[] {
  const text = prettyJson(value);
  const tokens: JsonToken[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m) {
      // Not JSON (a plain string payload): the rest as one string token.
      tokens.push({ kind: 'string', text: text.slice(at) });
      break;
    }
    if (m[1] !== undefined) {
      if (m[2] !== undefined) {
        tokens.push({ kind: 'key', text: m[1] }, { kind: 'punct', text: m[2] });
      } else {
        tokens.push({ kind: 'string', text: m[1] });
      }
    } else if (m[3] !== undefined) tokens.push({ kind: 'number', text: m[3] });
    else if (m[4] !== undefined) tokens.push({ kind: 'boolean', text: m[4] });
    else if (m[5] !== undefined) tokens.push({ kind: 'null', text: m[5] });
    else if (m[6] !== undefined) tokens.push({ kind: 'punct', text: m[6] });
    else tokens.push({ kind: 'space', text: m[7] ?? '' });
    at = TOKEN.lastIndex;
  }
  return tokens;
}
