import { describe, expect, it } from 'vitest';
import { staleGeneratedFiles } from '../../scripts/lib/freshness.js';

describe('generated/', () => {
  // A whole build in memory (both bundles, their types and docs, the dashboard): more than
  // vitest's 5 s default on a busy machine, so it gets the time a build takes there.
  it('when the build is run again, then it writes exactly the committed files (bundles, types, docs)', async () => {
    expect(await staleGeneratedFiles()).toEqual([]);
  }, 120_000);
});
