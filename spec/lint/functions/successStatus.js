import { createRulesetFunction } from '@stoplight/spectral-core';

/**
 * Given an operation's `responses`: success is `200`; `202` is allowed only next
 * to a `200` (accepted background work, e.g. the bulk pull). No `201`/`204`.
 */
export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  function successStatus(responses, _options, context) {
    const has200 = '200' in responses;
    const results = has200 ? [] : [{ message: 'Operation must declare a `200` success response', path: context.path }];
    for (const status of Object.keys(responses)) {
      if (!/^2/.test(status) || status === '200' || (status === '202' && has200)) continue;
      const message =
        status === '202'
          ? '`202` is allowed only alongside a `200` response'
          : `Success status must be \`200\` (or \`202\` alongside it), not \`${status}\``;
      results.push({ message, path: [...context.path, status] });
    }
    return results;
  },
);
