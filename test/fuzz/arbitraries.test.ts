/**
 * The schema -> arbitrary generator against Ajv (JSON Schema 2020-12, full formats, as
 * the server validates): for the request body and every parameter of every operation of
 * both bundles, valid values are valid and invalid values are invalid.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as ajvFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareForRuntimeValidation } from '../../server/shared/runtime-spec.js';
import { API_NAMES, readBundle } from '../../scripts/conformance/openapi.js';
import { type Schema, SchemaArbitraries } from './arbitraries.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const RUNS = 60;

/** JSON pointers to every request body and parameter schema of a document. */
function requestSchemaPointers(document: Json): { name: string; pointer: string }[] {
  const found: { name: string; pointer: string }[] = [];
  const parameterPointer = (parameter: unknown, at: string) => (isObject(parameter) && typeof parameter.$ref === 'string' ? parameter.$ref : at);
  for (const [path, item] of Object.entries(document.paths as Json)) {
    if (!isObject(item)) continue;
    const base = `#/paths/${escape(path)}`;
    (Array.isArray(item.parameters) ? item.parameters : []).forEach((parameter, index) => {
      found.push({ name: `${path} parameter ${index}`, pointer: `${parameterPointer(parameter, `${base}/parameters/${index}`)}/schema` });
    });
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      (Array.isArray(operation.parameters) ? operation.parameters : []).forEach((parameter, index) => {
        found.push({ name: `${operation.operationId} parameter ${index}`, pointer: `${parameterPointer(parameter, `${base}/${method}/parameters/${index}`)}/schema` });
      });
      // JSON bodies only: a multipart upload (the lab report parser's) is built by its own helper, not from a schema arbitrary.
      const content = isObject(operation.requestBody) && isObject(operation.requestBody.content) ? operation.requestBody.content : {};
      if ('application/json' in content) found.push({ name: `${operation.operationId} body`, pointer: `${base}/${method}/requestBody/content/application~1json/schema` });
    }
  }
  return [...new Map(found.map((entry) => [entry.pointer, entry])).values()];
}

for (const api of API_NAMES) {
  describe(`schema arbitraries: the ${api} document`, () => {
    const document = prepareForRuntimeValidation(readBundle(api));
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    (ajvFormats.default as unknown as (instance: Ajv2020) => void)(ajv);
    ajv.addSchema(document, api);
    const schemas = new SchemaArbitraries(document);

    for (const { name, pointer } of requestSchemaPointers(document)) {
      const validate = ajv.compile({ $ref: `${api}${pointer}` });
      const schema = { $ref: pointer } as Schema;

      it(`when values are generated for ${name}, then the valid ones are valid`, () => {
        fc.assert(
          fc.property(schemas.valid(schema), (value) => {
            expect(validate(value), `${JSON.stringify(value)}: ${JSON.stringify(validate.errors)}`).toBe(true);
          }),
          { numRuns: RUNS },
        );
      });

      const huge = schemas.huge(schema);
      if (huge) it(`when huge arrays are generated for ${name}, then the values are still valid`, () => {
        fc.assert(
          fc.property(huge, ({ value, mutation }) => {
            expect(validate(value), `${mutation}: ${JSON.stringify(validate.errors)?.slice(0, 300)}`).toBe(true);
          }),
          { numRuns: 5 },
        );
      });

      const invalid = schemas.invalid(schema);
      if (invalid) it(`when values are generated for ${name}, then the invalid ones are invalid`, () => {
        fc.assert(
          fc.property(invalid, ({ value, mutation }) => {
            expect(validate(value), `${mutation}: ${JSON.stringify(value)?.slice(0, 300)}`).toBe(false);
          }),
          { numRuns: RUNS },
        );
      });
    }
  });
}
