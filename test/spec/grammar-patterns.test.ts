/**
 * The grammars the documents write as patterns (docs/decisions.md, "Grammars as patterns every
 * regex dialect reads alike") say exactly what the server applies:
 *
 *   - `start_date` / `end_date`: every text the data reads' parser takes matches the pattern,
 *     and every text the pattern refuses the parser refuses too (the calendar is checked beyond
 *     the pattern, so the reverse does not hold);
 *   - the team name's whitespace is a list, and it is exactly JavaScript's `\s`, the set the
 *     handlers trim; neither `\s` nor `\d` is left in a pattern of either document.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBound } from '../../server/domain/data/ranges.js';
import { API_NAMES, readBundle } from '../../scripts/conformance/openapi.js';

type Json = Record<string, unknown>;
const team = readBundle('team') as { components: { parameters: Record<string, { schema: { pattern: string } }> } };
const management = readBundle('management') as { components: { schemas: Record<string, { pattern: string }> } };
const startPattern = new RegExp(team.components.parameters.StartDateQuery!.schema.pattern);
const endPattern = new RegExp(team.components.parameters.EndDateQuery!.schema.pattern);

/** Texts near the grammar: its pieces, each sometimes replaced by a neighbour a client might send. */
const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));
const near = <T extends string>(valid: fc.Arbitrary<T>, others: string[]) => fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: fc.constantFrom(...others) });
const dateLike = fc
  .tuple(
    near(digits(4), ['', '20261', '２０２６', '٢٠٢٦']),
    near(fc.constant('-'), ['/', '', '--']),
    near(digits(2), ['1', '001', '13']),
    near(fc.constant('-'), ['/', '']),
    near(digits(2), ['1', '32', '00']),
    fc.option(
      fc.tuple(
        near(fc.constantFrom('T', 't', ' '), ['_', 'TT', '\t']),
        digits(2),
        near(fc.constant(':'), ['', '.']),
        digits(2),
        fc.option(fc.tuple(fc.constant(':'), digits(2), fc.option(fc.stringMatching(/^\.[0-9]{1,6}$/)))),
        fc.option(near(fc.constantFrom('Z', 'z', '+02:00', '-0530', '+15:59', '-16:00'), ['UTC', '+2', '+02:0', 'GMT+1'])),
      ),
    ),
    fc.option(fc.constantFrom(' ', '\n', 'x', '\u00a0')),
  )
  .map(([y, s1, m, s2, d, time, tail]) => {
    const t = time ? `${time[0]}${time[1]}${time[2]}${time[3]}${time[4] ? `${time[4][0]}${time[4][1]}${time[4][2] ?? ''}` : ''}${time[5] ?? ''}` : '';
    return `${y}${s1}${m}${s2}${d}${t}${tail ?? ''}`;
  });

describe('start_date and end_date: the pattern is the parser\'s grammar', () => {
  it('when a date-like text is parsed, then what the parser takes matches both patterns, and what the start pattern refuses the parser refuses', () => {
    fc.assert(
      fc.property(dateLike, (text) => {
        const parsed = parseBound(text, 'start', 'UTC');
        if (parsed !== null) {
          expect(startPattern.test(text), text).toBe(true);
          expect(endPattern.test(text), text).toBe(true);
        }
        if (!startPattern.test(text)) expect(parsed, text).toBeNull();
      }),
      { numRuns: 3000 },
    );
  });

  it('when the texts the descriptions name are checked, then the patterns take them, and end_date alone takes an empty value', () => {
    for (const text of ['2026-11-21', '2026-11-21T08:30', '2026-11-21 08:30:15', '2026-11-21T08:30:15.250Z', '2026-11-21T08:30:15+02:00', '2026-11-21t08:30z', '2026-11-21T08:30-0530']) {
      expect([text, startPattern.test(text), endPattern.test(text)]).toEqual([text, true, true]);
    }
    expect([startPattern.test(''), endPattern.test('')]).toEqual([false, true]);
    for (const text of ['2026-11-21T08', '21-11-2026', '2026-11-21T08:30+2', '2026-11-21 ', '２０２６-11-21']) expect([text, startPattern.test(text)]).toEqual([text, false]);
  });
});

describe('team names: whitespace listed, not \\s', () => {
  const name = new RegExp(management.components.schemas.TeamName!.pattern);

  it("when every character of the Basic Multilingual Plane is tried between two letters, then the name pattern takes it as whitespace exactly when JavaScript's \\s (and trim) does, among the characters that are not letters", () => {
    const differing: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      const c = String.fromCharCode(code);
      if (/[A-Za-z0-9]/.test(c) || code >= 0xd800 && code <= 0xdfff) continue;
      const whitespace = /\s/.test(c);
      if (whitespace && !name.test(`a${c}b`)) differing.push(code.toString(16));
      if (whitespace !== (c.trim() === '')) differing.push(`trim ${code.toString(16)}`);
    }
    expect(differing).toEqual([]);
    expect(name.test('a\u001fb')).toBe(false);
  });

  it('when both documents are read, then no pattern uses \\s or \\d, which regex dialects read differently', () => {
    const found: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${at}/${i}`));
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node as Json)) {
          if (key === 'pattern' && typeof value === 'string' && /\\[sSdD]/.test(value)) found.push(`${at}: ${value}`);
          else walk(value, `${at}/${key}`);
        }
      }
    };
    for (const api of API_NAMES) walk(readBundle(api), api);
    expect(found).toEqual([]);
  });
});
