import { createRulesetFunction } from '@stoplight/spectral-core';
import { hasType } from '../lib/openapi.js';

// Two values (`us`/`eu`, `biomarker`/`panel`) are usually a closed choice; beyond
// that the interface spec says most enums may grow, so the author must decide.
const MAX_UNMARKED_VALUES = 2;

/** Given a schema with `enum`: a string enum of more than two values states `x-non-exhaustive: true|false`. */
export default createRulesetFunction(
  { input: { type: 'object', required: ['enum'], properties: { enum: { type: 'array' } } }, options: null },
  function nonExhaustiveMarker(schema, _options, context) {
    const values = schema.enum.filter((value) => value !== null);
    const isString = hasType(schema, 'string') || (schema.type === undefined && values.every((value) => typeof value === 'string'));
    if (!isString || values.length <= MAX_UNMARKED_VALUES || typeof schema['x-non-exhaustive'] === 'boolean') return [];
    return [
      {
        message: `String enum of ${values.length} values must state \`x-non-exhaustive: true\` (clients must tolerate new values) or \`x-non-exhaustive: false\``,
        path: [...context.path, 'enum'],
      },
    ];
  },
);
