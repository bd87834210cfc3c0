import { createRulesetFunction } from '@stoplight/spectral-core';
import { isJsonMediaType, isObject } from '../lib/openapi.js';

/** Given a response media type object: a JSON body carries named `examples` (Prism serves them by name). */
export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  function namedExamples(media, _options, context) {
    if (!isJsonMediaType(context.path[context.path.length - 1])) return [];
    if (isObject(media.examples) && Object.keys(media.examples).length > 0) return [];
    const message =
      media.example !== undefined
        ? 'Response must use a named `examples` map, not a single `example` (clients pick one with `Prefer: example=<name>`)'
        : 'JSON response must have a non-empty named `examples` map';
    return [{ message }];
  },
);
