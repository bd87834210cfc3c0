/**
 * Start-up guards of the code that relies on more of a dependency than its documented surface
 * (the validator's step names and its patch in patches/, PGlite's wire protocol and blob, Prism's
 * internals in the mock): such code is written
 * against one exact version, so a different one installed stops the app at once
 * with a message, instead of failing (or silently doing nothing) at run time.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The version of `name` as this project resolves it: from the package.json above its entry point. */
export function installedVersion(name: string): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve(name));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === name && manifest.version) return manifest.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the package.json of ${name}`);
    dir = parent;
  }
}

/** Why `found` is not the version `what` was written for, or null when it is. */
export function dependencyVersionProblem(name: string, expected: string, what: string, found: string): string | null {
  if (found === expected) return null;
  return (
    `${name} ${found} is installed, but ${what} was written for ${name} ${expected} exactly and reaches into its internals. ` +
    `Install the pinned version (npm ci), or check ${what} against ${name} ${found}'s code and then change the expected version.`
  );
}

/** Throws when the installed `name` is not `expected` (`found` replaces the installed version, for tests). */
export function assertDependencyVersion(name: string, expected: string, what: string, found: string = installedVersion(name)): void {
  const problem = dependencyVersionProblem(name, expected, what, found);
  if (problem) throw new Error(problem);
}
