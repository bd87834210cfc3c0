import { createRulesetFunction } from '@stoplight/spectral-core';
import { authoredNode } from '../lib/authored-node.js';
import { isJsonMediaType } from '../lib/openapi.js';

// `#/components/schemas/Name` in the bundle; `../components/schemas/Name.yaml` in the sources.
const NAMED_SCHEMA = /^(#\/components\/schemas\/[^/]+|[^#]+\.(ya?ml|json)(#\/components\/schemas\/[^/]+)?)$/;

/**
 * Given a request or response media type object: its JSON schema is a `$ref` to a
 * named schema, so generated types get names. The `$ref` is read from the file the
 * media type was written in (see lib/authored-node.js), not from the resolved document.
 */
export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  function namedBodySchema(media, _options, context) {
    if (!isJsonMediaType(context.path[context.path.length - 1]) || media.schema === undefined) return [];
    const schema = authoredNode(context, [...context.path, 'schema']);
    if (schema === undefined) return [];
    if (typeof schema.$ref !== 'string') {
      return [{ message: 'Body schema must be a `$ref` to a named component schema, not an inline schema', path: [...context.path, 'schema'] }];
    }
    if (!NAMED_SCHEMA.test(schema.$ref)) {
      return [{ message: `Body schema \`$ref: ${schema.$ref}\` must point at a component schema (\`#/components/schemas/<Name>\` or a schema file)` }];
    }
    return [];
  },
);
