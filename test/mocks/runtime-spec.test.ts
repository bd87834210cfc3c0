import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { prepareForRuntimeValidation } from '../../server/shared/runtime-spec.js';

const nullableArray = { anyOf: [{ type: 'array', items: { type: 'integer' } }, { type: 'null' }] };

function documentWith(parameters: object[], components: object = {}) {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: { '/v1/things': { get: { operationId: 'listThings', parameters, responses: { '200': { description: 'ok' } } } } },
    components,
  };
}

const parametersOf = (document: ReturnType<typeof documentWith>) => document.paths['/v1/things'].get.parameters as { schema?: unknown }[];

describe('prepareForRuntimeValidation', () => {
  it('when a query parameter is anyOf [array, null], then it becomes the array schema alone', () => {
    const prepared = prepareForRuntimeValidation(documentWith([{ name: 'lab_id', in: 'query', schema: { description: 'd', ...nullableArray } }]));
    expect(parametersOf(prepared)[0]).toEqual({ name: 'lab_id', in: 'query', schema: { description: 'd', type: 'array', items: { type: 'integer' } } });
  });

  it('when a query parameter has type [X, null], then its type becomes X', () => {
    const prepared = prepareForRuntimeValidation(documentWith([{ name: 'region', in: 'query', schema: { type: ['string', 'null'], maxLength: 80 } }]));
    expect(parametersOf(prepared)[0]).toEqual({ name: 'region', in: 'query', schema: { type: 'string', maxLength: 80 } });
  });

  it('when a query parameter has type [string, null] and an enum with null, then null leaves the enum too', () => {
    const prepared = prepareForRuntimeValidation(documentWith([{ name: 'order_key', in: 'query', schema: { type: ['string', 'null'], enum: ['created_at', null], default: 'created_at' } }]));
    expect(parametersOf(prepared)[0]).toEqual({ name: 'order_key', in: 'query', schema: { type: 'string', enum: ['created_at'], default: 'created_at' } });
  });

  it('when a header parameter is nullable, then the null alternative is dropped too', () => {
    const prepared = prepareForRuntimeValidation(documentWith([{ name: 'x-token', in: 'header', schema: { type: ['string', 'null'] } }]));
    expect(parametersOf(prepared)[0]).toEqual({ name: 'x-token', in: 'header', schema: { type: 'string' } });
  });

  it('when a parameter is a $ref to components/parameters, then the component is adjusted', () => {
    const prepared = prepareForRuntimeValidation(
      documentWith([{ $ref: '#/components/parameters/Region' }], {
        parameters: { Region: { name: 'region', in: 'query', schema: nullableArray } },
      }),
    );
    expect(parametersOf(prepared)[0]).toEqual({ $ref: '#/components/parameters/Region' });
    expect(prepared.components).toEqual({ parameters: { Region: { name: 'region', in: 'query', schema: nullableArray.anyOf[0] } } });
  });

  it('when path-item parameters are nullable query parameters, then they are adjusted', () => {
    const document = {
      openapi: '3.1.0',
      paths: { '/v1/x': { parameters: [{ name: 'q', in: 'query', schema: { type: ['integer', 'null'] } }], get: { responses: {} } } },
    };
    const [parameter] = prepareForRuntimeValidation(document).paths['/v1/x'].parameters as { schema: unknown }[];
    expect(parameter?.schema).toEqual({ type: 'integer' });
  });

  it('when a query parameter schema is a $ref to a nullable schema, then an inline copy is adjusted and the schema component is kept', () => {
    const components = { schemas: { MaybeRegion: { anyOf: [{ type: 'string', enum: ['us', 'eu'] }, { type: 'null' }] } } };
    const prepared = prepareForRuntimeValidation(documentWith([{ name: 'region', in: 'query', schema: { $ref: '#/components/schemas/MaybeRegion' } }], components));
    expect(parametersOf(prepared)[0]?.schema).toEqual({ type: 'string', enum: ['us', 'eu'] });
    expect(prepared.components).toEqual(components);
  });

  it('when parameters are in the path or are not nullable, and bodies are nullable, then nothing changes', () => {
    const document = {
      ...documentWith([
        { name: 'id', in: 'path', required: true, schema: { type: ['string', 'null'] } },
        { name: 'size', in: 'query', schema: { type: 'integer', minimum: 1 } },
        { name: 'name', in: 'query', schema: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
      ]),
      components: { schemas: { Body: { type: 'object', properties: { a: { type: ['string', 'null'] }, b: nullableArray } } } },
    };
    expect(prepareForRuntimeValidation(document)).toEqual(document);
  });

  it('when a document is prepared, then the input is not modified', () => {
    const document = documentWith([{ name: 'lab_id', in: 'query', schema: nullableArray }]);
    const before = structuredClone(document);
    const prepared = prepareForRuntimeValidation(document);
    expect(document).toEqual(before);
    expect(prepared).not.toBe(document);
  });

  it('when the bundled documents are prepared, then no query or header parameter accepts null and only parameters changed', () => {
    for (const api of ['team', 'management']) {
      const bundle = JSON.parse(readFileSync(new URL(`../../generated/${api}/openapi.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
      const prepared = prepareForRuntimeValidation(bundle);
      const text = JSON.stringify(prepared);
      expect(Object.keys(prepared)).toEqual(Object.keys(bundle));
      expect((prepared as { components: { schemas: unknown } }).components.schemas).toEqual((bundle as { components: { schemas: unknown } }).components.schemas);
      const parameters: { in: string; schema?: unknown }[] = [];
      JSON.parse(text, (key, value: unknown) => {
        if (key === 'parameters' && Array.isArray(value)) parameters.push(...(value as { in: string }[]));
        return value;
      });
      for (const parameter of parameters.filter((p) => p.in === 'query' || p.in === 'header')) {
        expect(JSON.stringify(parameter.schema)).not.toContain('"null"');
      }
    }
  });
});
