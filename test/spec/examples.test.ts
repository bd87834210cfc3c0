import { Ajv2020 } from 'ajv/dist/2020.js';
import * as ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { API_NAMES, readBundle } from '../../scripts/conformance/openapi.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

interface NamedExample {
  where: string;
  schemaPointer: string;
  value: unknown;
}

/** A node itself, or what its `$ref` chain ends at in the bundle (a shared example in `#/components/examples/...`). */
function resolveRefs(bundle: Json, node: unknown): unknown {
  let resolved = node;
  while (isObject(resolved) && typeof resolved.$ref === 'string') {
    resolved = resolved.$ref
      .split('/')
      .slice(1)
      .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((at, segment) => (isObject(at) ? at[segment] : undefined), bundle);
  }
  return resolved;
}

/** Every named example of a JSON media type in the document (shared ones resolved), with the pointer of its schema. */
function collectExamples(bundle: Json, node: unknown, pointer: string, found: NamedExample[]): NamedExample[] {
  if (Array.isArray(node)) node.forEach((item, i) => collectExamples(bundle, item, `${pointer}/${i}`, found));
  if (!isObject(node)) return found;
  const media = node['application/json'];
  if (isObject(media) && media.schema !== undefined && isObject(media.examples)) {
    for (const [name, example] of Object.entries(media.examples)) {
      const resolved = resolveRefs(bundle, example);
      found.push({ where: `${pointer}/application~1json/examples/${name}`, schemaPointer: `${pointer}/application~1json/schema`, value: isObject(resolved) ? resolved.value : undefined });
    }
  }
  for (const [key, child] of Object.entries(node)) collectExamples(bundle, child, `${pointer}/${escape(key)}`, found);
  return found;
}

describe.each(API_NAMES)('examples of the %s API', (api) => {
  const bundle = readBundle(api);
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  (ajvFormats.default as unknown as (ajv: Ajv2020) => void)(ajv);
  ajv.addSchema(bundle, api);
  const examples = collectExamples(bundle, bundle, '#', []);

  it('when the document is read, then every response of every operation has at least one named example', () => {
    const paths = bundle.paths as Record<string, Record<string, { responses?: Record<string, Json> }>>;
    const missing: string[] = [];
    for (const [path, item] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          let resolved: unknown = response;
          while (isObject(resolved) && typeof resolved.$ref === 'string') {
            resolved = (resolved.$ref as string).split('/').slice(1).reduce<unknown>((n, s) => (isObject(n) ? n[s] : undefined), bundle);
          }
          // A JSON response, or a document (the lab PDFs): its named examples are in its media type.
          const content = isObject(resolved) && isObject(resolved.content) ? resolved.content : undefined;
          const media = content ? content['application/json'] ?? content['application/pdf'] : undefined;
          if (!isObject(media) || !isObject(media.examples) || Object.keys(media.examples).length === 0) missing.push(`${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it.each(examples.map((e) => [e.where, e] as const))('when %s is validated against its schema, then it is valid', (_where, example) => {
    const validate = ajv.getSchema(`${api}${example.schemaPointer}`) ?? ajv.compile({ $ref: `${api}${example.schemaPointer}` });
    const valid = validate(example.value);
    expect(valid ? [] : validate.errors).toEqual([]);
  });
});
