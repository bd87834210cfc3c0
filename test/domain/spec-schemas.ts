/** The team API's schema files, read straight from spec/ so domain tests catch drift from the contract. */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020Module from 'ajv/dist/2020.js';
import { parse } from 'yaml';

export const SCHEMAS = fileURLToPath(new URL('../../spec/team/components/schemas/', import.meta.url));

/** The `enum` of a schema file, relative to spec/team/components/schemas/. */
export function specEnum(file: string): string[] {
  return (parse(readFileSync(`${SCHEMAS}${file}`, 'utf8')) as { enum: string[] }).enum;
}

type Validate = ((data: unknown) => boolean) & { errors?: unknown };
type AjvLike = { addSchema(s: object): void; getSchema(id: string): Validate | undefined };
type AjvCtor = new (opts: object) => AjvLike;

/** Validator for a schema file of spec/team/components/schemas (refs between files resolved). */
export function schemaValidator(file: string): Validate {
  const mod = Ajv2020Module as unknown as AjvCtor & { default?: AjvCtor };
  const Ajv = mod.default ?? mod;
  const ajv = new Ajv({ strict: false, allErrors: true });
  for (const f of readdirSync(SCHEMAS)) {
    if (!f.endsWith('.yaml')) continue;
    ajv.addSchema({ ...(parse(readFileSync(`${SCHEMAS}${f}`, 'utf8')) as object), $id: `https://schemas.test/${f}` });
  }
  const v = ajv.getSchema(`https://schemas.test/${file}`);
  if (!v) throw new Error(`no schema ${file}`);
  return v;
}
