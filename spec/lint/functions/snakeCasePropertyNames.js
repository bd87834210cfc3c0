import { createRulesetFunction } from '@stoplight/spectral-core';
import { authoredNode } from '../lib/authored-node.js';

const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/**
 * Checks the keys of a `properties` map. A property whose schema is a `$ref` is
 * reported on the map: its own path would lead Spectral into the referenced file.
 */
export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  function snakeCasePropertyNames(properties, _options, context) {
    return Object.keys(properties)
      .filter((name) => !SNAKE_CASE.test(name))
      .map((name) => {
        const isRef = typeof authoredNode(context, [...context.path, name])?.$ref === 'string';
        return { message: `Property "${name}" must be snake_case`, path: isRef ? context.path : [...context.path, name] };
      });
  },
);
