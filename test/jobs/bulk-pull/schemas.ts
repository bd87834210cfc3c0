/** Validates values against named schemas of the team API bundle (generated/team/openapi.json). */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import * as ajvFormats from 'ajv-formats';

const bundle = JSON.parse(readFileSync(new URL('../../../generated/team/openapi.json', import.meta.url), 'utf8')) as object;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
(ajvFormats.default as unknown as (instance: Ajv2020) => void)(ajv);
ajv.addSchema(bundle, 'team');
const compiled = new Map<string, ValidateFunction>();

/** Violations of `value` against `#/components/schemas/<name>` of the team API (empty when valid). */
export function teamSchemaViolations(name: string, value: unknown): string[] {
  let validate = compiled.get(name);
  if (!validate) {
    validate = ajv.compile({ $ref: `team#/components/schemas/${name}` });
    compiled.set(name, validate);
  }
  return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
}
