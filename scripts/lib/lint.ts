import path from 'node:path';
import { bin, ROOT, RULESET } from './apis.js';
import { run } from './run.js';

/** Spectral's file resolver without its lookup cache (why: spec/lint/resolver.cjs). */
const RESOLVER = path.join(ROOT, 'spec/lint/resolver.cjs');

export interface LintOutcome {
  ok: boolean;
  output: string;
}

/**
 * Lints OpenAPI documents with Spectral and our ruleset (spec/lint/ruleset.yaml).
 * Any warning fails, like any error: `npm run lint:spec` must report 0 and 0.
 */
export async function lintDocuments(files: readonly string[]): Promise<LintOutcome> {
  const result = await run(bin('spectral'), ['lint', '--ruleset', RULESET, '--resolver', RESOLVER, '--fail-severity', 'warn', '--display-only-failures', ...files]);
  const output = (result.stdout + result.stderr).trim();
  return { ok: result.code === 0, output };
}
