import { describe, expect, it } from 'vitest';
import { APIS, artifactPaths, GENERATED_DIR } from '../../scripts/lib/apis.js';
import { lintDocuments } from '../../scripts/lib/lint.js';

describe('npm run lint:spec', () => {
  it('when both documents and their bundles are linted with our ruleset, then there are 0 errors and 0 warnings', async () => {
    const files = [...APIS.map((api) => api.source), ...APIS.map((api) => artifactPaths(GENERATED_DIR, api.name).bundle)];
    const outcome = await lintDocuments(files);
    expect(outcome.output).not.toMatch(/\b(error|warning)\b/);
    expect(outcome.ok).toBe(true);
    // Spectral over four documents takes seconds, more on a loaded machine: not vitest's 5 s default.
  }, 120_000);
});
