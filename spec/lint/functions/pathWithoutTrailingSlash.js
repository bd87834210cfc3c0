import { createRulesetFunction } from '@stoplight/spectral-core';

/** Given a path key; `allow` lists paths the interface spec fixes with a trailing slash. */
export default createRulesetFunction(
  {
    input: { type: 'string' },
    options: {
      type: 'object',
      properties: { allow: { type: 'array', items: { type: 'string' } } },
      additionalProperties: false,
    },
  },
  function pathWithoutTrailingSlash(path, options) {
    if (!path.endsWith('/') || (options?.allow ?? []).includes(path)) return [];
    return [{ message: `Path "${path}" must not end with a slash` }];
  },
);
