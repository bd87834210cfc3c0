import { createRulesetFunction } from '@stoplight/spectral-core';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { isObject } from '../lib/openapi.js';

// OpenAPI 3.1 schemas are JSON Schema 2020-12. `strict: false` lets Ajv ignore
// the OpenAPI keywords (`example`, `discriminator`, `x-*`) and unknown formats.
const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
addFormats(ajv);

/** Given a media type object: every named example (and a lone `example`) is valid against its schema. */
export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  function examplesMatchSchema(media, _options, context) {
    if (!isObject(media.schema) && typeof media.schema !== 'boolean') return [];
    const examples = [
      ...Object.entries(isObject(media.examples) ? media.examples : {})
        .filter(([, example]) => isObject(example) && 'value' in example)
        .map(([name, example]) => ({ name, value: example.value, path: [...context.path, 'examples', name, 'value'] })),
      ...(media.example !== undefined ? [{ name: 'example', value: media.example, path: [...context.path, 'example'] }] : []),
    ];
    if (examples.length === 0) return [];

    let validate;
    try {
      validate = ajv.compile(media.schema);
    } catch (error) {
      // Spectral leaves some file references of a schema referenced from many webhooks unresolved
      // in a source document (e.g. `./ClientFacingSource.yaml`). The bundles, linted in the same
      // run, have every reference inlined, so these examples are checked there.
      if (error instanceof Ajv2020.MissingRefError && /\.yaml(#.*)?$/.test(error.missingRef ?? '')) return [];
      return [{ message: `Schema cannot be compiled to check its examples: ${error.message}`, path: [...context.path, 'schema'] }];
    }
    return examples.flatMap(({ name, value, path }) =>
      validate(value)
        ? []
        : validate.errors.map((error) => ({
            message: `Example "${name}" does not match its schema: ${error.instancePath || '(root)'} ${error.message}`,
            path: [...path, ...pointerSegments(error.instancePath)],
          })),
    );
  },
);

/** The segments of a JSON pointer such as Ajv's `instancePath` (`/detail/0/loc`). */
function pointerSegments(pointer) {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}
