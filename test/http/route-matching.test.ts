import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { memoiseValidatorRouteMatching } from '../../server/http/route-matching.js';

const require = createRequire(import.meta.url);
const pathToRegexpOfValidator = () =>
  (require(require.resolve('path-to-regexp', { paths: [require.resolve('express-openapi-validator')] })) as {
    pathToRegexp: (path: string, options?: Record<string, unknown>) => { regexp: RegExp; keys: { name: string }[] };
  }).pathToRegexp;

describe('memoiseValidatorRouteMatching', () => {
  it('when a route is compiled again with the same flags, then the first compilation is returned, and it matches as before', () => {
    memoiseValidatorRouteMatching();
    memoiseValidatorRouteMatching();
    const compile = pathToRegexpOfValidator();
    const route = '/v2/user/:user_id/insurance';
    const first = compile(route, { sensitive: false, strict: false });
    expect(compile(route, { sensitive: false, strict: false })).toBe(first);
    expect(first.regexp.exec('/v2/user/abc/insurance')?.[1]).toBe('abc');
    expect(first.keys.map((key) => key.name)).toEqual(['user_id']);
  });

  it('when the flags or options differ, then each combination is compiled on its own', () => {
    const compile = pathToRegexpOfValidator();
    const route = '/v2/Providers';
    const insensitive = compile(route, { sensitive: false, strict: false });
    const sensitive = compile(route, { sensitive: true, strict: false });
    expect(sensitive).not.toBe(insensitive);
    expect(insensitive.regexp.test('/v2/providers')).toBe(true);
    expect(sensitive.regexp.test('/v2/providers')).toBe(false);
    const other = compile(route, { sensitive: true, strict: false, end: false });
    expect(other).not.toBe(sensitive);
    expect(compile(route, { sensitive: true, strict: false, end: false })).toBe(other);
    expect(other.regexp.test('/v2/Providers/extra')).toBe(true);
    expect(compile(route)).toBe(compile(route));
  });
});
