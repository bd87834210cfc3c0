import { createRulesetFunction } from '@stoplight/spectral-core';
import { detailProblem } from '../lib/error-body.js';
import { jsonMediaTypes } from '../lib/openapi.js';

/** Given a 4xx/5xx response: its JSON body is `{"detail": "..."}` or `{"detail": [{loc, msg, type}]}`. */
export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  function errorDetailBody(response, _options, context) {
    const status = context.path[context.path.length - 1];
    const media = jsonMediaTypes(response.content);
    if (media.length === 0) {
      return [{ message: `\`${status}\` response must have a JSON body with \`detail\`` }];
    }
    return media.flatMap(([name, { schema }]) => {
      const problem = detailProblem(schema, 'any');
      return problem === undefined ? [] : [{ message: `\`${status}\` body ${problem}`, path: [...context.path, 'content', name, 'schema'] }];
    });
  },
);
