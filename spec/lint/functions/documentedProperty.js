import { createRulesetFunction } from '@stoplight/spectral-core';
import { authoredNode } from '../lib/authored-node.js';
import { isObject } from '../lib/openapi.js';

/**
 * Given a property schema: it has a `description` or an `example`, or it names a
 * schema that does (`$ref`, a nullable `anyOf: [$ref, null]`, an array of `$ref`).
 * Judged on the property as written, so a `$ref` is seen as a `$ref`.
 */
export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  function documentedProperty(property, _options, context) {
    const name = context.path[context.path.length - 1];
    if (isDocumented(authoredNode(context, context.path) ?? property)) return [];
    return [{ message: `Property "${name}" must have a \`description\` or an \`example\`` }];
  },
);

function isDocumented(schema) {
  if (!isObject(schema)) return true;
  if (typeof schema.$ref === 'string') return true;
  if ((typeof schema.description === 'string' && schema.description.trim() !== '') || schema.example !== undefined) return true;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return true;
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (Array.isArray(branches)) {
    const described = branches.filter((branch) => !isNullType(branch));
    return described.length > 0 && described.every(isDocumented);
  }
  return isObject(schema.items) && isDocumented(schema.items);
}

function isNullType(schema) {
  return isObject(schema) && schema.type === 'null';
}
