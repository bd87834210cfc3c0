import { createRulesetFunction } from '@stoplight/spectral-core';
import { authoredNode } from '../lib/authored-node.js';

const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/**
 * Checks the keys of a `properties` map. A property whose schema is a `$ref` is
 * reported on the map: its own path would lead Spectral into the referenced file.
 * `allow` lists wire names the API family fixes otherwise (lab results' `clia_#`).
 */
export default createRulesetFunction(
  {
    input: { type: 'object' },
    options: {
      type: ['object', 'null'],
      properties: { allow: { type: 'array', items: { type: 'string' } } },
      additionalProperties: false,
    },
  },
  function snakeCasePropertyNames(properties, options, context) {
    const allow = options?.allow ?? [];
    return Object.keys(properties)
      .filter((name) => !SNAKE_CASE.test(name) && !allow.includes(name))
      .map((name) => {
        const isRef = typeof authoredNode(context, [...context.path, name])?.$ref === 'string';
        return { message: `Property "${name}" must be snake_case`, path: isRef ? context.path : [...context.path, name] };
      });
  },
);
