import { describe, expect, it } from 'vitest';
import { checkValidatorVersion, VALIDATOR_CHECKED_VERSION } from '../../server/http/request-checks.js';
import { dependencyVersionProblem, installedVersion } from '../../server/shared/dependency-version.js';
import { checkPgliteVersion, PGLITE_PATCHED_VERSION } from '../../server/storage/database.js';

/** The dependencies the server uses below their documented surface, and the check each runs at start. */
const GUARDED = [
  { name: 'express-openapi-validator', expected: VALIDATOR_CHECKED_VERSION, what: 'server/http/request-checks.ts, route-matches.ts and patches/', check: checkValidatorVersion },
  { name: '@electric-sql/pglite', expected: PGLITE_PATCHED_VERSION, what: 'server/storage (pglite-statements.ts, copyText, the transaction locks)', check: checkPgliteVersion },
];

describe.each(GUARDED)('the version guard of $name', ({ name, expected, what, check }) => {
  it('when the installed version (read from its package.json) is the one the code was written for, then the start-up check passes', () => {
    expect(installedVersion(name)).toBe(expected);
    expect(() => check()).not.toThrow();
  });

  it('when another version is installed, then the start-up check stops with the package, both versions and what to do', () => {
    const other = `${expected}-other`;
    expect(() => check(other)).toThrow(dependencyVersionProblem(name, expected, what, other)!);
    expect(dependencyVersionProblem(name, expected, what, other)).toBe(
      `${name} ${other} is installed, but ${what} was written for ${name} ${expected} exactly and reaches into its internals. ` +
        `Install the pinned version (npm ci), or check ${what} against ${name} ${other}'s code and then change the expected version.`,
    );
  });
});

describe('installedVersion', () => {
  it('when a package is not installed, then it says so', () => {
    expect(() => installedVersion('no-such-package-of-this-project')).toThrow(/Cannot find module/);
  });
});
