import { createRulesetFunction } from '@stoplight/spectral-core';
import { effectiveSecurity, isObject } from '../lib/openapi.js';

/** Given an operation: it needs a credential, unless it is marked `x-public: true`. */
export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  function declaredSecurity(operation, _options, context) {
    if (operation['x-public'] === true) return [];
    const path = operation.security !== undefined ? [...context.path, 'security'] : context.path;
    const security = effectiveSecurity(operation, context);
    if (security.length === 0) {
      return [{ message: 'Operation must declare a non-empty `security` (its own or the root\'s), or be marked `x-public: true`', path }];
    }
    if (security.some((requirement) => !isObject(requirement) || Object.keys(requirement).length === 0)) {
      return [{ message: 'An empty security requirement `{}` makes authentication optional: mark the operation `x-public: true` instead', path }];
    }
    return [];
  },
);
