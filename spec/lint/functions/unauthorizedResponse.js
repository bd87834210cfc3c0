import { createRulesetFunction } from '@stoplight/spectral-core';
import { detailProblem } from '../lib/error-body.js';
import { isSecured, jsonMediaTypes } from '../lib/openapi.js';

/** Given an operation: if it needs a credential, it declares `401 {"detail": "..."}`. */
export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  function unauthorizedResponse(operation, _options, context) {
    if (!isSecured(operation, context)) return [];
    const response = operation.responses?.['401'];
    if (response === undefined) {
      return [{ message: 'Secured operation must declare a `401` response', path: [...context.path, 'responses'] }];
    }
    const responsePath = [...context.path, 'responses', '401'];
    const media = jsonMediaTypes(response.content);
    if (media.length === 0) {
      return [{ message: '`401` response must have a JSON body with a `detail` string', path: responsePath }];
    }
    return media.flatMap(([name, { schema }]) => {
      const problem = detailProblem(schema, 'string');
      return problem === undefined ? [] : [{ message: `\`401\` body ${problem}`, path: [...responsePath, 'content', name, 'schema'] }];
    });
  },
);
