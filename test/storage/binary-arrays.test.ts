import { describe, expect, it } from 'vitest';
import { textArrayParameter } from '../../server/storage/binary-arrays.js';
import { engineCases, useTestDatabase } from './helpers.js';

describe.each(engineCases)('textArrayParameter on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('a text[] parameter in binary', () => {
    const ctx = useTestDatabase(engine);

    it('when strings of JSON, quotes, backslashes, braces, commas, non-ASCII text and NULLs are sent, then the database reads the same array', async () => {
      const values = ['{"a":"b \\"c\\" \\\\ d","e":[1,2]}', '', 'NULL', 'plain', '{x,y}', 'Zoë 😀 中文', null, ' spaced ', '\\', '"'];
      const row = await ctx.db.one<{ a: (string | null)[]; n: number; lengths: number[] }>(
        `SELECT $1::text[] AS a, cardinality($1::text[]) AS n, array(SELECT coalesce(char_length(v), -1) FROM unnest($1::text[]) v) AS lengths`,
        [textArrayParameter(values)],
      );
      expect(row).toEqual({ a: values, n: values.length, lengths: values.map((v) => (v === null ? -1 : [...v].length)) });
    });

    it('when the array is empty, then the database reads an empty array', async () => {
      expect(await ctx.db.one(`SELECT cardinality($1::text[]) AS n`, [textArrayParameter([])])).toEqual({ n: 0 });
    });
  });
});
