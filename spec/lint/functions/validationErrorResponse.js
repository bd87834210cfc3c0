import { createRulesetFunction } from '@stoplight/spectral-core';
import { detailProblem } from '../lib/error-body.js';
import { jsonMediaTypes, pathItemOf } from '../lib/openapi.js';

/** Given an operation: if it takes any parameter or a body, it declares `422` HTTPValidationError. */
export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  function validationErrorResponse(operation, _options, context) {
    const parameters = [...(operation.parameters ?? []), ...(pathItemOf(context)?.parameters ?? [])];
    if (parameters.length === 0 && operation.requestBody === undefined) return [];
    const response = operation.responses?.['422'];
    if (response === undefined) {
      return [{ message: 'Operation with parameters or a request body must declare a `422` response', path: [...context.path, 'responses'] }];
    }
    const responsePath = [...context.path, 'responses', '422'];
    const media = jsonMediaTypes(response.content);
    if (media.length === 0) {
      return [{ message: '`422` response must have a JSON body (the shared HTTPValidationError)', path: responsePath }];
    }
    return media.flatMap(([name, { schema }]) => {
      const problem = detailProblem(schema, 'validation');
      return problem === undefined ? [] : [{ message: `\`422\` body ${problem}`, path: [...responsePath, 'content', name, 'schema'] }];
    });
  },
);
